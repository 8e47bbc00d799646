import { TAX_CLASSES, type TaxRate } from '@larder/contract';
import { Form, Link, useNavigation } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { AdminTable, ConfirmAction } from '../list-parts.tsx';

interface TaxesScreenProps {
  rates: TaxRate[];
  /** The rate the form edits (`?edit=<id>`), else null: the form adds one. */
  editing: TaxRate | null;
  result: ActionResult | undefined;
}

const CLASS_OPTIONS = TAX_CLASSES.map((taxClass) => ({
  code: taxClass.slug,
  name: taxClass.slug === 'reduced-rate' ? 'Reduced rate (food)' : taxClass.name,
}));
const className = (slug: string) =>
  CLASS_OPTIONS.find((option) => option.code === slug)?.name ?? slug;

/** "US · NC" or "Everywhere": where a rate applies before its postcodes. */
const place = (rate: TaxRate) =>
  [rate.country, rate.state].filter(Boolean).join(' · ') || 'Everywhere';

function RateForm({
  editing,
  result,
}: {
  editing: TaxRate | null;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const title = editing ? `Edit ${editing.name || 'rate'}` : 'Add a rate';
  return (
    <section
      className="admin-card admin-section admin-tax-rate-form"
      aria-labelledby="tax-rate-form-title"
    >
      <h2 id="tax-rate-form-title" className="admin-card__title">
        {title}
      </h2>
      <Form
        key={editing?.id ?? 'new'}
        method="post"
        action={editing ? `?edit=${editing.id}` : '?'}
        preventScrollReset
        className="admin-form admin-tax-form"
        aria-labelledby="tax-rate-form-title"
      >
        <input type="hidden" name="intent" value="save-rate" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField
          id="tax-name"
          name="name"
          label="Name"
          maxLength={200}
          hint="Shown to shoppers on receipts, such as NC State Tax."
          defaultValue={editing?.name ?? ''}
          error={errors.name}
        />
        <TextField
          id="tax-rate"
          name="rate"
          label="Rate (%)"
          inputMode="decimal"
          hint="Such as 4.75. Prices are entered without tax."
          defaultValue={editing ? String(Number(editing.rate)) : ''}
          error={errors.rate}
        />
        <TextField
          id="tax-country"
          name="country"
          label="Country code"
          required={false}
          maxLength={2}
          hint="Two letters, such as US. Empty: every country."
          defaultValue={editing?.country ?? 'US'}
          error={errors.country}
        />
        <TextField
          id="tax-state"
          name="state"
          label="State code"
          required={false}
          maxLength={10}
          hint="Such as NC. Empty: the whole country."
          defaultValue={editing?.state ?? ''}
          error={errors.state}
        />
        <TextField
          id="tax-postcodes"
          name="postcodes"
          label="ZIP codes"
          required={false}
          hint="Separated by commas: 27701, 277* or 27500...27599. Empty: every ZIP code."
          defaultValue={editing?.postcodes.join(', ') ?? ''}
          error={errors.postcodes}
        />
        <SelectField
          id="tax-class"
          name="class"
          label="Tax class"
          placeholder="Choose a class"
          options={CLASS_OPTIONS}
          defaultValue={editing?.class ?? 'standard'}
          error={errors.class}
        />
        <TextField
          id="tax-priority"
          name="priority"
          label="Priority"
          inputMode="numeric"
          hint="Rates of different priorities add up (state 1, county 2, city 3)."
          defaultValue={String(editing?.priority ?? 1)}
          error={errors.priority}
        />
        <SelectField
          id="tax-shipping"
          name="shipping"
          label="Taxes shipping too"
          placeholder="Choose"
          options={[
            { code: 'yes', name: 'Yes' },
            { code: 'no', name: 'No' },
          ]}
          defaultValue={editing && !editing.shipping ? 'no' : 'yes'}
          error={errors.shipping}
        />
        <div className="admin-actions">
          <SubmitButton
            pending={
              navigation.state === 'submitting' &&
              navigation.formData?.get('intent') === 'save-rate'
            }
            pendingLabel="Saving…"
          >
            {editing ? 'Save rate' : 'Add rate'}
          </SubmitButton>
          {editing ? (
            <Link to="?" preventScrollReset className="button button--ghost">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/** The shop's sales-tax rates, in matching order, with a form to add one or edit the chosen one. */
export function TaxesScreen({ rates, editing, result }: TaxesScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="Sales tax"
        description="Tax is charged by the shipping address. At each priority the first matching rate applies, and priorities add up. Placed orders keep the tax they were charged."
      />
      <ActionNotice result={result} />
      <AdminTable
        testId="tax-rates"
        caption="Tax rates"
        columns={['Name', 'Where', 'ZIP codes', 'Class', 'Rate', 'Priority', 'Shipping', 'Actions']}
        empty="No rates: no sales tax is charged anywhere."
        rows={rates.map((rate) => (
          <tr key={rate.id} data-testid="tax-rate-row">
            <td data-label="Name">{rate.name || '—'}</td>
            <td data-label="Where">{place(rate)}</td>
            <td data-label="ZIP codes">{rate.postcodes.join(', ') || 'All'}</td>
            <td data-label="Class">{className(rate.class)}</td>
            <td data-label="Rate">{Number(rate.rate)} %</td>
            <td data-label="Priority">{rate.priority}</td>
            <td data-label="Shipping">{rate.shipping ? 'Taxed' : 'Not taxed'}</td>
            <td data-label="Actions">
              <div className="admin-actions">
                <Link
                  to={`?edit=${rate.id}`}
                  preventScrollReset
                  className="button button--secondary"
                  aria-label={`Edit ${rate.name || 'rate'} (${place(rate)})`}
                >
                  Edit
                </Link>
                <ConfirmAction
                  confirmKey={`delete-${rate.id}`}
                  label="Delete"
                  question={`Delete ${rate.name || 'this rate'} (${place(rate)}, ${Number(rate.rate)} %)? New orders stop paying it.`}
                  confirmLabel="Delete rate"
                >
                  <input type="hidden" name="intent" value="delete-rate" />
                  <input type="hidden" name="id" value={rate.id} />
                </ConfirmAction>
              </div>
            </td>
          </tr>
        ))}
      />
      <RateForm editing={editing} result={result} />
    </>
  );
}
