import { z } from 'zod';
import { MAX_ID, SortOrderSchema, PaginationQuerySchema, queryIdList } from './common.ts';
import { EmailSchema } from './forms.ts';

export const ReviewStatusSchema = z.enum(['approved', 'hold', 'spam', 'trash']);

/**
 * A product review (WooCommerce shape). `review` is plain text: render it escaped, never as HTML.
 * `reviewer_email` is left out of public responses: a shopper's address is not for everyone.
 */
export const ProductReviewSchema = z.object({
  id: z.number().int(),
  date_created: z.string(),
  date_created_gmt: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_permalink: z.string(),
  status: ReviewStatusSchema,
  reviewer: z.string(),
  reviewer_email: z.string().optional(),
  review: z.string(),
  /** 1 to 5. */
  rating: z.number().int().min(0).max(5),
  /** The reviewer bought the product while signed in. */
  verified: z.boolean(),
});
export type ProductReview = z.infer<typeof ProductReviewSchema>;

export const ReviewListQuerySchema = PaginationQuerySchema.extend({
  product: queryIdList.optional(),
  status: z.enum(['approved', 'hold', 'spam', 'trash', 'all']).default('approved'),
  orderby: z.enum(['date', 'id', 'rating']).default('date'),
  order: SortOrderSchema.default('desc'),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

/** `POST /wp-json/wc/v3/products/reviews/` (spec §3, §5, §7). */
export const ReviewCreateSchema = z.object({
  product_id: z
    .number({ error: 'Choose the product to review.' })
    .int('Choose the product to review.')
    .positive('Choose the product to review.')
    .max(MAX_ID, 'Choose the product to review.'),
  reviewer: z
    .string({ error: 'Enter your name.' })
    .trim()
    .min(1, 'Enter your name.')
    .max(100, 'Keep your name under 100 characters.'),
  reviewer_email: EmailSchema,
  review: z
    .string({ error: 'Write a few words about it.' })
    .trim()
    .min(1, 'Write a few words about it.')
    .max(5000, 'Keep your review under 5000 characters.'),
  rating: z
    .number({ error: 'Choose a star rating.' })
    .int('Choose a whole number of stars.')
    .min(1, 'Choose a star rating.')
    .max(5, 'Choose a star rating.'),
});
export type ReviewCreate = z.infer<typeof ReviewCreateSchema>;
