import type { ProductReview } from '@larder/contract';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate, StatusBadge } from '../format.tsx';
import { ActionButton, ConfirmAction, Pagination, StatusTabs } from '../list-parts.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { REVIEW_TABS } from './review-labels.ts';

interface ReviewsScreenProps extends ListPage<ProductReview> {
  status: string;
  page: number;
  result: ActionResult | undefined;
}

function ReviewActions({ review }: { review: ProductReview }) {
  const moderate = (status: string) => ({ status });
  return (
    <div className="admin-actions">
      {review.status === 'approved' ? null : (
        <ActionButton
          intent="moderate"
          id={review.id}
          label="Approve"
          extra={moderate('approved')}
        />
      )}
      {review.status === 'hold' ? null : (
        <ActionButton intent="moderate" id={review.id} label="Hold" extra={moderate('hold')} />
      )}
      {review.status === 'spam' ? null : (
        <ConfirmAction
          confirmKey={`spam-${review.id}`}
          label="Spam"
          question={`Mark the review by ${review.reviewer} as spam? It leaves the product page.`}
          confirmLabel="Yes, mark as spam"
        >
          <input type="hidden" name="intent" value="moderate" />
          <input type="hidden" name="id" value={review.id} />
          <input type="hidden" name="status" value="spam" />
        </ConfirmAction>
      )}
      {review.status === 'trash' ? null : (
        <ConfirmAction
          confirmKey={`trash-${review.id}`}
          label="Trash"
          question={`Move the review by ${review.reviewer} to the trash? It leaves the product page.`}
          confirmLabel="Yes, move to trash"
        >
          <input type="hidden" name="intent" value="moderate" />
          <input type="hidden" name="id" value={review.id} />
          <input type="hidden" name="status" value="trash" />
        </ConfirmAction>
      )}
    </div>
  );
}

/** Reviews by moderation status, newest first, each with the moves it can make. */
export function ReviewsScreen({
  items,
  total,
  totalPages,
  status,
  page,
  result,
}: ReviewsScreenProps) {
  const tab = REVIEW_TABS.find((entry) => entry.value === status) ?? REVIEW_TABS[0];
  return (
    <>
      <AdminPageHeader
        title="Reviews"
        description="Held reviews wait for you; approved ones show on their product page."
      />
      <ActionNotice result={result} />
      <StatusTabs label="Review status" current={status} options={REVIEW_TABS} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid="admin-reviews">
          <caption>
            {tab.label} reviews ({total})
          </caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Reviewer</th>
              <th scope="col">Rating</th>
              <th scope="col">Review</th>
              <th scope="col">Date</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={6} className="admin-empty">
                  No {tab.label.toLowerCase()} reviews.
                </td>
              </tr>
            ) : (
              items.map((review) => (
                <tr key={review.id} data-testid={`review-${review.id}`}>
                  <td data-label="Product">
                    <a href={review.product_permalink}>{review.product_name}</a>
                  </td>
                  <td data-label="Reviewer">
                    {review.reviewer}
                    {review.reviewer_email ? (
                      <div className="admin-muted">{review.reviewer_email}</div>
                    ) : null}
                    {review.verified ? (
                      <StatusBadge status="approved" label="Verified buyer" />
                    ) : null}
                  </td>
                  <td data-label="Rating">
                    <span role="img" aria-label={`${review.rating} out of 5 stars`}>
                      {'★'.repeat(review.rating)}
                      <span aria-hidden="true" className="admin-stars__empty">
                        {'★'.repeat(5 - review.rating)}
                      </span>
                    </span>
                  </td>
                  <td data-label="Review">
                    <p className="admin-table__quote">{review.review}</p>
                  </td>
                  <td data-label="Date">{formatDate(review.date_created_gmt)}</td>
                  <td data-label="Actions">
                    <ReviewActions review={review} />
                  </td>
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
