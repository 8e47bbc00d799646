import { LINE_SHEET_PAGE, type WholesaleApplicationRecord } from '@larder/contract';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate, StatusBadge } from '../format.tsx';
import { Pagination, StatusTabs } from '../list-parts.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { APPLICATION_TABS, VOLUME_LABELS } from './wholesale-labels.ts';

interface WholesaleListProps extends ListPage<WholesaleApplicationRecord> {
  status: string;
  page: number;
}

/** Wholesale applications by status, oldest first so the longest waiting is read first. */
export function WholesaleListScreen({
  items,
  total,
  totalPages,
  status,
  page,
}: WholesaleListProps) {
  const tab = APPLICATION_TABS.find((entry) => entry.value === status) ?? APPLICATION_TABS[0];
  const what = tab.value === 'all' ? 'applications' : `${tab.label.toLowerCase()} applications`;
  return (
    <>
      <AdminPageHeader
        title="Wholesale applications"
        description="Approve a business to give its account wholesale prices, or reject it with a reason."
        actions={
          <ButtonLink to={LINE_SHEET_PAGE} reloadDocument variant="secondary">
            Wholesale line sheet (PDF)
          </ButtonLink>
        }
      />
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
    </>
  );
}
