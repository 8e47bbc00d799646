import { describe, expect, it, vi } from 'vitest';
import { createShopApi } from '../../lib/api/index.ts';
import { loadProductReviews, splitParagraphs, summariseReviews } from './review-data.ts';
import { aReview, jsonResponse } from './test-data.ts';

describe('splitParagraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(splitParagraphs('First line\nstill first\r\n\r\n  Second  \n \n\nThird')).toEqual([
      'First line\nstill first',
      'Second',
      'Third',
    ]);
  });
});

describe('summariseReviews', () => {
  it('averages to one decimal and counts the reviews', () => {
    expect(summariseReviews([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({
      average: 4.3,
      count: 3,
    });
  });

  it('is zero with no reviews', () => {
    expect(summariseReviews([])).toEqual({ average: 0, count: 0 });
  });
});

describe('loadProductReviews', () => {
  it("asks for the product's reviews, 100 a page, and keeps only its approved ones (spec §7)", async () => {
    const apiFetch = vi.fn(async () =>
      jsonResponse([
        aReview({ id: 1, review: 'Lovely.\n\nWould buy again.' }),
        aReview({ id: 2, product_id: 8 }),
        aReview({ id: 3, status: 'hold' }),
      ]),
    );
    const reviews = await loadProductReviews(createShopApi(apiFetch), 7);
    expect(apiFetch).toHaveBeenCalledWith(
      '/wp-json/wc/v3/products/reviews?product=7&per_page=100',
      expect.anything(),
    );
    expect(reviews).toEqual([
      {
        id: 1,
        reviewer: 'Ada Baker',
        date: '2026-03-04T10:00:00',
        rating: 5,
        paragraphs: ['Lovely.', 'Would buy again.'],
        verified: false,
      },
    ]);
  });

  it('answers null when the API fails, so the product page still renders', async () => {
    const apiFetch = vi.fn(async () =>
      jsonResponse({ code: 'boom', message: 'Down', data: { status: 503 } }, 503),
    );
    expect(await loadProductReviews(createShopApi(apiFetch), 7)).toBeNull();
  });
});
