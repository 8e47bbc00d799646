import {
  CustomerRoleSchema,
  OwnerCustomerUpdateSchema,
  paymentTermsLabel,
  WholesaleTermsUpdateSchema,
  type CustomerRole,
} from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import type { ApiFetch } from '../../../load-context.ts';
import { pageOf } from '../list-query.ts';
import { foundOr404, recordIdOf } from '../record.server.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedText, refused, runAction } from '../run-action.server.ts';
import { ROLE_LABELS } from './customer-labels.ts';

const PAGE_SIZE = 20;
const ORDERS_SHOWN = 10;

export async function loadCustomers(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const search = url.searchParams.get('search')?.trim().slice(0, 200) ?? '';
  const wanted = CustomerRoleSchema.safeParse(url.searchParams.get('role'));
  const role: CustomerRole | 'all' = wanted.success ? wanted.data : 'all';
  const page = pageOf(url);
  const api = await ownerApi(request, apiFetch);
  const customers = await api.listCustomers({
    search,
    role,
    page,
    per_page: PAGE_SIZE,
    orderby: 'registered_date',
    order: 'desc',
  });
  return { search, role, page, ...customers };
}

/** The customer and their latest orders (the orders list filtered by `customer`). */
export async function loadCustomer(request: Request, params: { id?: string }, apiFetch: ApiFetch) {
  const id = recordIdOf(params);
  const api = await ownerApi(request, apiFetch);
  const [customer, orders] = await foundOr404(
    Promise.all([
      api.getCustomer(id),
      api.listOrders({ customer: id, per_page: ORDERS_SHOWN, orderby: 'date', order: 'desc' }),
    ]),
  );
  return { customer, orders };
}

/**
 * Move an account between shopper and wholesale buyer (`intent=role`, `role`), or set a wholesale
 * account's payment terms (`intent=terms`, `terms`, `credit_limit`).
 */
export async function customerAction(
  request: Request,
  params: { id?: string },
  apiFetch: ApiFetch,
) {
  const id = recordIdOf(params);
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');
  if (intent === 'terms') {
    const terms = postedText(formData, 'terms') || 'none';
    const limit = postedText(formData, 'credit_limit').trim();
    const update = WholesaleTermsUpdateSchema.safeParse({
      terms,
      ...(terms === 'none' ? {} : { credit_limit: limit }),
    });
    if (!update.success) return refused('Choose Net 15, Net 30, Net 60 or no terms.');
    return runAction(async () => {
      const customer = await api.setWholesaleTerms(id, update.data);
      const account = customer.wholesale;
      const name =
        [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;
      return account?.terms && account.credit_limit
        ? `${name} now pays on ${paymentTermsLabel(account.terms)} terms, up to ${formatMoney(account.credit_limit)}.`
        : `${name} now pays when ordering (no terms).`;
    });
  }
  if (intent !== 'role') return refused('Choose what to change.');
  const update = OwnerCustomerUpdateSchema.safeParse({ role: postedText(formData, 'role') });
  if (!update.success) return refused('Choose customer or wholesale customer.');
  return runAction(async () => {
    // An owner account's role is refused by the API (409), whose message the page shows.
    const customer = await api.changeCustomerRole(id, update.data);
    const name =
      [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;
    return `${name} is now a ${ROLE_LABELS[customer.role].toLowerCase()}.`;
  });
}
