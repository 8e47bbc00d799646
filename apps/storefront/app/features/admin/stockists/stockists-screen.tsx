import { LINE_SHEET_PAGE, type StockistListing } from '@larder/contract';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate, StatusBadge } from '../format.tsx';
import { ActionButton, AdminTable, ConfirmAction, Pagination, StatusTabs } from '../list-parts.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { LISTING_TABS } from './stockist-labels.ts';

interface StockistsScreenProps extends ListPage<StockistListing> {
  status: string;
  page: number;
  result: ActionResult | undefined;
}

const STATUS_LABELS: Record<StockistListing['status'], string> = {
  pending: 'pending',
  approved: 'listed',
  declined: 'declined',
  removed: 'taken down',
};

/** Stockist listing requests from wholesale buyers: approve onto /where-to-buy, decline, take down. */
export function StockistsScreen({
  items,
  total,
  totalPages,
  status,
  page,
  result,
}: StockistsScreenProps) {
  const tab = LISTING_TABS.find((entry) => entry.value === status) ?? LISTING_TABS[0];
  return (
    <>
      <AdminPageHeader
        title="Stockist listings"
        description="Wholesale buyers ask to be listed on Where to Buy. An approved listing is placed on the map from its ZIP code; the buyer is emailed either way."
        actions={
          <ButtonLink to={LINE_SHEET_PAGE} reloadDocument variant="secondary">
            Wholesale line sheet (PDF)
          </ButtonLink>
        }
      />
      <ActionNotice result={result} />
      <StatusTabs label="Listing status" current={status} options={LISTING_TABS} />
      <AdminTable
        testId="stockist-listings"
        caption={`${tab.value === 'all' ? 'All listings' : `${tab.label} listings`} (${total})`}
        columns={['Business', 'Address', 'Contact', 'Status', 'Asked', 'Actions']}
        empty={tab.value === 'pending' ? 'No listing requests are waiting.' : 'No listings here.'}
        rows={items.map((listing) => (
          <tr key={listing.id} data-testid={`listing-${listing.id}`}>
            <td data-label="Business">
              <strong>{listing.business_name}</strong>
              {listing.note ? <div className="admin-muted">{listing.note}</div> : null}
            </td>
            <td data-label="Address">
              {listing.address}
              <div className="admin-muted">
                {listing.city}, {listing.state} {listing.postcode}
              </div>
            </td>
            <td data-label="Contact">
              {listing.phone || '—'}
              {listing.website ? <div className="admin-muted">{listing.website}</div> : null}
            </td>
            <td data-label="Status">
              <StatusBadge status={listing.status} label={STATUS_LABELS[listing.status]} />
              {listing.decline_reason ? (
                <div className="admin-muted">{listing.decline_reason}</div>
              ) : null}
            </td>
            <td data-label="Asked">{formatDate(listing.date_created_gmt)}</td>
            <td data-label="Actions">
              <div className="admin-actions">
                {listing.status === 'pending' ? (
                  <>
                    <ActionButton intent="approve" id={listing.id} label="Approve" />
                    <ConfirmAction
                      confirmKey={`decline-${listing.id}`}
                      label="Decline…"
                      linkLabel={`Decline ${listing.business_name}…`}
                      question={`Decline ${listing.business_name}? The buyer is emailed the reason you give.`}
                      confirmLabel="Decline listing"
                      reason={{
                        name: 'reason',
                        label: 'Reason for declining',
                        error: result?.fieldErrors?.[`reason-${listing.id}`],
                      }}
                    >
                      <input type="hidden" name="intent" value="decline" />
                      <input type="hidden" name="id" value={listing.id} />
                    </ConfirmAction>
                  </>
                ) : null}
                {listing.status === 'approved' ? (
                  <ConfirmAction
                    confirmKey={`remove-${listing.id}`}
                    label="Take down"
                    question={`Take ${listing.business_name} off Where to Buy? The request stays here.`}
                    confirmLabel="Take down"
                  >
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={listing.id} />
                  </ConfirmAction>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      />
      <Pagination page={page} totalPages={totalPages} total={total} />
    </>
  );
}
