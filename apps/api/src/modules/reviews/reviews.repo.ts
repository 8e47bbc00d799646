import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pageOfIds, qualified } from '../../db/paging.ts';
import { customers, productReviews, products } from '../../db/schema.ts';

export type ReviewStatus = (typeof productReviews.status.enumValues)[number];

export interface ReviewFilter {
  productIds?: number[];
  /** Undefined: every status. */
  statuses?: ReviewStatus[];
}

export interface ReviewListOptions {
  orderBy: 'date' | 'id' | 'rating';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface NewReview {
  productId: number;
  status: ReviewStatus;
  reviewer: string;
  reviewerEmail: string;
  review: string;
  rating: number;
  verified: boolean;
}

/** What a signed-in customer writes; who they are comes from their account. */
export interface CustomerReview {
  productId: number;
  review: string;
  rating: number;
}

/** The name a review shows for an account: first and last name, never the username (an email). */
const accountReviewerName = (account: { firstName: string; lastName: string }) =>
  `${account.firstName} ${account.lastName}`.trim() || 'Customer';

/** Reviews of products nobody may see (drafts) are never listed. */
const onPublishedProduct = sql`exists (select 1 from ${products} where ${qualified(products.id)} = ${qualified(productReviews.productId)} and ${qualified(products.status)} = 'publish')`;

function reviewConditions(filter: ReviewFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [onPublishedProduct];
  if (filter.productIds) conditions.push(inArray(productReviews.productId, filter.productIds));
  if (filter.statuses) conditions.push(inArray(productReviews.status, filter.statuses));
  return and(...conditions);
}

const reviewColumns = {
  review: productReviews,
  productName: products.name,
  productSlug: products.slug,
};

export function createReviewsRepo(db: Database) {
  async function loadByIds(ids: number[], tx: Database = db) {
    if (ids.length === 0) return [];
    return tx
      .select(reviewColumns)
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(inArray(productReviews.id, ids));
  }

  return {
    async list(filter: ReviewFilter, options: ReviewListOptions) {
      const direction = options.order === 'asc' ? asc : desc;
      const column = {
        date: productReviews.createdAt,
        id: productReviews.id,
        rating: productReviews.rating,
      }[options.orderBy];
      const { ids, total } = await pageOfIds(
        db,
        productReviews,
        productReviews.id,
        reviewConditions(filter),
        [direction(column), direction(productReviews.id)],
        options.limit,
        options.offset,
      );
      const rows = await loadByIds(ids);
      const byId = new Map(rows.map((row) => [row.review.id, row]));
      return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
    },

    async find(id: number, statuses?: ReviewStatus[]) {
      const [row] = await db
        .select(reviewColumns)
        .from(productReviews)
        .innerJoin(products, eq(products.id, productReviews.productId))
        .where(and(eq(productReviews.id, id), reviewConditions({ statuses })));
      return row;
    },

    /** A product a review can be written for: published (hidden from the catalogue is fine). */
    async findReviewableProduct(productId: number) {
      const [row] = await db
        .select({ id: products.id, reviewsAllowed: products.reviewsAllowed })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.status, 'publish')));
      return row;
    },

    /** Undefined when the same reviewer already said the same about this product (unique index). */
    async insert(review: NewReview) {
      const [inserted] = await db
        .insert(productReviews)
        .values(review)
        .onConflictDoNothing()
        .returning({ id: productReviews.id });
      if (!inserted) return undefined;
      const [row] = await loadByIds([inserted.id]);
      return row;
    },

    /**
     * A signed-in customer's review under their account's name and email. It is approved and
     * verified while the customer has fewer verified reviews of the product than paid order lines
     * for it (`purchasedLines`), else held. The account row is locked so two reviews at once
     * cannot both take the last allowance. Undefined for a duplicate.
     */
    async insertForCustomer(customerId: number, input: CustomerReview, purchasedLines: number) {
      const insertedId = await db.transaction(async (tx) => {
        const [account] = await tx
          .select({
            email: customers.email,
            firstName: customers.firstName,
            lastName: customers.lastName,
          })
          .from(customers)
          .where(eq(customers.id, customerId))
          .for('update');
        // The session that named this customer was checked a moment ago: no account is a bug.
        if (!account) throw new Error(`customer ${customerId} is signed in but has no account`);
        const [verifiedRow] = await tx
          .select({ verified: count() })
          .from(productReviews)
          .where(
            and(
              eq(productReviews.customerId, customerId),
              eq(productReviews.productId, input.productId),
              eq(productReviews.verified, true),
            ),
          );
        const verified = (verifiedRow?.verified ?? 0) < purchasedLines;
        const [inserted] = await tx
          .insert(productReviews)
          .values({
            ...input,
            customerId,
            reviewer: accountReviewerName(account),
            reviewerEmail: account.email,
            status: verified ? 'approved' : 'hold',
            verified,
          })
          .onConflictDoNothing()
          .returning({ id: productReviews.id });
        return inserted?.id;
      });
      if (insertedId === undefined) return undefined;
      const [row] = await loadByIds([insertedId]);
      return row;
    },

    /** Runs `work` in one transaction: a moderation and its activity entry land together. */
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Undefined when there is no such review. */
    async setStatus(id: number, status: ReviewStatus, tx: Database = db) {
      const [updated] = await tx
        .update(productReviews)
        .set({ status })
        .where(eq(productReviews.id, id))
        .returning({ id: productReviews.id });
      if (!updated) return undefined;
      const [row] = await loadByIds([updated.id], tx);
      return row;
    },

    async markNotified(id: number) {
      await db
        .update(productReviews)
        .set({ notifiedAt: new Date() })
        .where(eq(productReviews.id, id));
    },
  };
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
export type ReviewRow = NonNullable<Awaited<ReturnType<ReviewsRepo['find']>>>;
