import type { ProductReview } from '@larder/contract';

/** A review as the API returns it, with overrides. */
export function aReview(overrides: Partial<ProductReview> = {}): ProductReview {
  return {
    id: 1,
    date_created: '2026-03-04T10:00:00',
    date_created_gmt: '2026-03-04T10:00:00',
    product_id: 7,
    product_name: 'Maple Pecan Granola',
    product_permalink: 'http://localhost/product/maple-pecan-granola',
    status: 'approved',
    reviewer: 'Ada Baker',
    review: 'Crunchy and not too sweet.',
    rating: 5,
    verified: false,
    ...overrides,
  };
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
