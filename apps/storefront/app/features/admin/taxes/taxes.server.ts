import { TaxRateCreateSchema, type TaxRate, type TaxRateCreate } from '@larder/contract';
import type { ApiFetch } from '../../../load-context.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, postedText, refused, runAction } from '../run-action.server.ts';

export async function loadTaxes(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const rates = await api.listTaxRates();
  const editId = Number(new URL(request.url).searchParams.get('edit'));
  const editing: TaxRate | null = rates.find((rate) => rate.id === editId) ?? null;
  return { rates, editing };
}

/** "Durham County Tax 2.25 %": how the notices name a rate. */
const rateName = (rate: TaxRate) => `${rate.name || 'Tax'} ${Number(rate.rate)} %`;

/** The rate form's fields as the API takes them (the contract's input: "7.5", not its parse). */
function postedRate(formData: FormData): TaxRateCreate {
  const number = (name: string) => {
    const raw = postedText(formData, name).trim();
    return raw === '' ? undefined : Number(raw);
  };
  return {
    name: postedText(formData, 'name'),
    country: postedText(formData, 'country'),
    state: postedText(formData, 'state'),
    postcodes: postedText(formData, 'postcodes')
      .split(/[\n,;]/)
      .map((code) => code.trim())
      .filter(Boolean),
    rate: postedText(formData, 'rate').trim(),
    priority: number('priority'),
    shipping: postedText(formData, 'shipping') === 'yes',
    class: (postedText(formData, 'class') || 'standard') as TaxRateCreate['class'],
  };
}

/** Adding, changing and deleting tax rates (`intent` says which). */
export async function taxesAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');

  if (intent === 'delete-rate') {
    const id = postedId(formData);
    if (id === null) return refused('Choose a rate to delete.');
    return runAction(async () => {
      const deleted = await api.deleteTaxRate(id);
      return `${rateName(deleted)} was deleted. Placed orders keep the tax they were charged.`;
    });
  }

  if (intent === 'save-rate') {
    const id = postedId(formData);
    const rate = postedRate(formData);
    const checked = TaxRateCreateSchema.safeParse(rate);
    if (!checked.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        fieldErrors[field] ??= issue.message;
      }
      return refused('Check the rate.', fieldErrors);
    }
    return runAction(async () => {
      const saved = id === null ? await api.createTaxRate(rate) : await api.updateTaxRate(id, rate);
      return id === null
        ? `${rateName(saved)} was added. Quotes and new orders use it now.`
        : `${rateName(saved)} was saved. Quotes and new orders use it now; placed orders keep their tax.`;
    });
  }

  return refused('Choose what to change.');
}
