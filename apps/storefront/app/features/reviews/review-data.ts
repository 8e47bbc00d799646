import type { ProductReview } from '@larder/contract';
import type { ShopApi } from '../../lib/api/index.ts';

/** The slice of a review the product page ships to the browser (no email, no moderation fields). */
export interface ReviewView {
  id: number;
  reviewer: string;
  date: string;
  rating: number;
  /** Plain text, rendered escaped: paragraphs split on blank lines. */
  paragraphs: string[];
  verified: boolean;
}

export interface ReviewSummary {
  /** Mean of the shown ratings, one decimal; 0 when there are none. */
  average: number;
  count: number;
}

export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function toReviewView(review: ProductReview): ReviewView {
  return {
    id: review.id,
    reviewer: review.reviewer,
    date: review.date_created_gmt || review.date_created,
    rating: review.rating,
    paragraphs: splitParagraphs(review.review),
    verified: review.verified,
  };
}

export function summariseReviews(reviews: readonly Pick<ReviewView, 'rating'>[]): ReviewSummary {
  const rated = reviews.filter((review) => review.rating > 0);
  if (rated.length === 0) return { average: 0, count: reviews.length };
  const total = rated.reduce((sum, review) => sum + review.rating, 0);
  return { average: Math.round((total / rated.length) * 10) / 10, count: reviews.length };
}

/**
 * The approved reviews of a product for its page (spec §7: reviews fetched per product, filtered by
 * product_id). `null` when the API fails: the product page still renders, with a note in place of reviews.
 */
export async function loadProductReviews(
  api: ShopApi,
  productId: number,
): Promise<ReviewView[] | null> {
  try {
    const reviews = await api.listProductReviews(productId);
    return reviews
      .filter((review) => review.product_id === productId && review.status === 'approved')
      .map(toReviewView);
  } catch {
    return null;
  }
}

export const reviewCountLabel = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;
