import type { ProductReview, ReviewCreate, ReviewListQuery } from '@larder/contract';
import { ApiError } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newReviewEmail } from '../mail/notice-emails.ts';
import type { ReviewRow, ReviewsRepo, ReviewStatus } from './reviews.repo.ts';

/**
 * How many paid order lines of a product a signed-in customer has: each earns one review approved
 * at once and marked verified; anything else waits for moderation. The app wires
 * `purchaseRecordsFromOrders`.
 */
export interface PurchaseRecords {
  purchasedLines(viewer: Viewer, productId: number): Promise<number>;
}

export interface ReviewsServiceOptions {
  publicUrl: string;
  shopOwnerEmail: string;
  mailer: Mailer;
  purchases: PurchaseRecords;
  /** Where an owner's moderation is recorded, in the same transaction. */
  activity: ActivityService;
  log: { error(object: object, message: string): void };
}

export function toReview(
  row: ReviewRow,
  publicUrl: string,
  options: { withEmail: boolean },
): ProductReview {
  const { review } = row;
  const entry: ProductReview = {
    id: review.id,
    date_created: formatWpDate(review.createdAt),
    date_created_gmt: formatWpDate(review.createdAt),
    product_id: review.productId,
    product_name: row.productName,
    product_permalink: `${publicUrl}/product/${row.productSlug}`,
    status: review.status,
    reviewer: review.reviewer,
    review: review.review,
    rating: review.rating,
    verified: review.verified,
  };
  if (options.withEmail) entry.reviewer_email = review.reviewerEmail;
  return entry;
}

export function createReviewsService(repo: ReviewsRepo, options: ReviewsServiceOptions) {
  const { publicUrl } = options;
  // Reviewer addresses are for moderators only, and nobody can sign in as one yet: never sent.
  const present = (row: ReviewRow) => toReview(row, publicUrl, { withEmail: false });

  async function notifyOwner(row: ReviewRow) {
    const { review } = row;
    try {
      await options.mailer.send(
        newReviewEmail(
          options.shopOwnerEmail,
          {
            reviewer: { name: review.reviewer, address: review.reviewerEmail },
            rating: review.rating,
            text: review.review,
            held: review.status === 'hold',
          },
          { name: row.productName, link: `${publicUrl}/product/${row.productSlug}` },
          `${publicUrl}/admin/reviews`,
        ),
      );
      await repo.markNotified(review.id);
    } catch (error) {
      // The review is stored; notified_at stays null so the missed notice can be found.
      options.log.error(
        { err: error, reviewId: review.id },
        'could not email the new-review notice',
      );
    }
  }

  return {
    async list(query: ReviewListQuery, viewer: Viewer) {
      // Only the shop owner moderates: held, spam and trashed reviews are theirs to see.
      if (!viewer.isOwner && query.status !== 'approved') {
        throw new ApiError(
          viewer.isGuest ? 401 : 403,
          'woocommerce_rest_cannot_view',
          'Sorry, you cannot list resources.',
        );
      }
      const window = { page: query.page, perPage: query.per_page };
      const statuses: ReviewStatus[] | undefined =
        query.status === 'all' ? undefined : [query.status];
      const { rows, total } = await repo.list(
        { productIds: query.product, statuses },
        {
          orderBy: query.orderby,
          order: query.order,
          limit: query.per_page,
          offset: pageOffset(window),
        },
      );
      return { reviews: rows.map(present), total, window };
    },

    async get(id: number, viewer: Viewer) {
      const row = await repo.find(id, viewer.isOwner ? undefined : ['approved']);
      if (!row) throw new ApiError(404, 'woocommerce_rest_review_invalid_id', 'Invalid review ID.');
      return present(row);
    },

    /** The owner's moderation queue (command line), reviewer addresses included. */
    async listForModeration(statuses: ReviewStatus[] | undefined, limit: number) {
      const { rows, total } = await repo.list(
        { statuses },
        { orderBy: 'date', order: 'desc', limit, offset: 0 },
      );
      return { reviews: rows.map((row) => toReview(row, publicUrl, { withEmail: true })), total };
    },

    /**
     * WooCommerce's moderation: approved reviews are on the product page and in its rating, the
     * others are not. In the activity log as the owner's (or the command line's) decision.
     */
    async moderate(id: number, status: ReviewStatus, owner: Viewer) {
      const row = await repo.transaction(async (tx) => {
        const moderated = await repo.setStatus(id, status, tx);
        if (moderated) {
          await options.activity.record(
            owner,
            {
              action: 'review.status',
              subjectType: 'review',
              subjectId: id,
              summary: `Review #${id} by ${moderated.review.reviewer} marked ${status}`,
            },
            tx,
          );
        }
        return moderated;
      });
      if (!row) throw new ApiError(404, 'woocommerce_rest_review_invalid_id', 'Invalid review ID.');
      return toReview(row, publicUrl, { withEmail: true });
    },

    async create(input: ReviewCreate, viewer: Viewer) {
      const product = await repo.findReviewableProduct(input.product_id);
      if (!product)
        throw new ApiError(404, 'woocommerce_rest_product_invalid_id', 'Invalid product ID.');
      if (!product.reviewsAllowed) {
        throw new ApiError(
          403,
          'woocommerce_rest_reviews_closed',
          'Reviews are closed for this product.',
        );
      }
      // Plain text as typed (the schema trims it); the storefront renders it escaped.
      const content = { productId: input.product_id, review: input.review, rating: input.rating };
      const signedIn = !viewer.isGuest && viewer.customerId !== 0;
      // A customer writes under their account's name and email, whatever the request says; a
      // guest's name and email are unchecked, so a guest's review always waits for moderation.
      const row = signedIn
        ? await repo.insertForCustomer(
            viewer.customerId,
            content,
            await options.purchases.purchasedLines(viewer, input.product_id),
          )
        : await repo.insert({
            ...content,
            status: 'hold',
            verified: false,
            reviewer: input.reviewer,
            reviewerEmail: input.reviewer_email,
          });
      if (!row) {
        throw new ApiError(
          409,
          'woocommerce_rest_comment_duplicate',
          "Duplicate review detected: it looks as though you've already said that!",
        );
      }
      await notifyOwner(row);
      return present(row);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
