import {
  LINE_SHEET_PAGE,
  type WholesaleApplicationRecord,
  type WholesaleSettings,
} from '@larder/contract';
import { Form, Link, useNavigation } from 'react-router';
import { TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import '../../../components/forms/form-grid.css';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate, StatusBadge } from '../format.tsx';
import { Pagination, StatusTabs } from '../list-parts.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { APPLICATION_TABS, VOLUME_LABELS } from './wholesale-labels.ts';

interface WholesaleListProps extends ListPage<WholesaleApplicationRecord> {
  status: string;
  page: number;
  minimums: WholesaleSettings;
  result: ActionResult | undefined;
}

/** The opening and reorder minimums of wholesale orders, saved together. */
function MinimumsForm({
  minimums,
  result,
}: {
  minimums: WholesaleSettings;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <section className="admin-card admin-section" aria-labelledby="wholesale-minimums-title">
      <h2 id="wholesale-minimums-title" className="admin-card__title">
        Order minimums
      </h2>
      <p className="admin-muted">
        The goods of a wholesale order, at the buyer’s prices before discounts, shipping and tax,
        must reach the minimum. A buyer’s first order needs the opening minimum; once one has been
        paid, the reorder minimum applies.
      </p>
      <Form
        // A saved change shows the amounts as the shop now has them; a refused one keeps the typing.
        key={`${minimums.opening_order_minimum}-${minimums.reorder_minimum}`}
        method="post"
        preventScrollReset
        className="admin-form"
        aria-labelledby="wholesale-minimums-title"
      >
        <input type="hidden" name="intent" value="save-minimums" />
        <div className="form-grid">
          <TextField
            id="wholesale-opening-minimum"
            name="opening_order_minimum"
            label="Opening order minimum (USD)"
            inputMode="decimal"
            hint="Such as 150.00; 0 for no minimum"
            maxLength={20}
            defaultValue={minimums.opening_order_minimum}
            error={errors.opening_order_minimum}
          />
          <TextField
            id="wholesale-reorder-minimum"
            name="reorder_minimum"
            label="Reorder minimum (USD)"
            inputMode="decimal"
            hint="Such as 100.00; 0 for no minimum"
            maxLength={20}
            defaultValue={minimums.reorder_minimum}
            error={errors.reorder_minimum}
          />
        </div>
        <div className="admin-actions">
          <SubmitButton
            pending={navigation.formData?.get('intent') === 'save-minimums'}
            pendingLabel="Saving…"
          >
            Save minimums
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** Wholesale applications by status, oldest first so the longest waiting is read first. */
export function WholesaleListScreen({
  items,
  total,
  totalPages,
  status,
  page,
  minimums,
  result,
}: WholesaleListProps) {
  const tab = APPLICATION_TABS.find((entry) => entry.value === status) ?? APPLICATION_TABS[0];
  const what = tab.value === 'all' ? 'applications' : `${tab.label.toLowerCase()} applications`;
  return (
    <>
      <AdminPageHeader
        title="Wholesale"
        description="Approve a business to give its account wholesale prices, or reject it with a reason; and set the order minimums every wholesale order must meet."
        actions={
          <ButtonLink to={LINE_SHEET_PAGE} reloadDocument variant="secondary">
            Wholesale line sheet (PDF)
          </ButtonLink>
        }
      />
      <ActionNotice result={result} />
      <StatusTabs label="Application status" current={status} options={APPLICATION_TABS} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid="admin-applications">
          <caption>
            {tab.value === 'all' ? 'All applications' : `${tab.label} applications`} ({total})
          </caption>
          <thead>
            <tr>
              <th scope="col">Business</th>
              <th scope="col">Contact</th>
              <th scope="col">Volume</th>
              <th scope="col">Status</th>
              <th scope="col">Received</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={5} className="admin-empty">
                  No {what}.
                </td>
              </tr>
            ) : (
              items.map((application) => (
                <tr key={application.id} data-testid={`application-${application.id}`}>
                  <td data-label="Business">
                    <Link to={`/admin/wholesale/${application.id}`}>
                      {application.business_name}
                    </Link>
                  </td>
                  <td data-label="Contact">
                    {application.contact_name}
                    <div className="admin-muted">{application.email}</div>
                  </td>
                  <td data-label="Volume">{VOLUME_LABELS[application.monthly_volume]}</td>
                  <td data-label="Status">
                    <StatusBadge status={application.status} />
                  </td>
                  <td data-label="Received">{formatDate(application.date_created_gmt)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} total={total} />
      <MinimumsForm minimums={minimums} result={result} />
    </>
  );
}
