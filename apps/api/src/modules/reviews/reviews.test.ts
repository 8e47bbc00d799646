import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ProductReviewSchema,
  ProductSchema,
  type ReviewCreate,
} from '@larder/contract';
import { productReviews, products } from '../../db/schema.ts';
import { createProduct, uniqueName } from '../../../test/factories.ts';
import { payOrder, placeOrderAs, signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const REVIEWS = '/wp-json/wc/v3/products/reviews';

let t: TestApp;
/** The demo catalogue's product with seeded reviews: the listing tests are about those. */
let honeyOat: number;
/** The test's own published product without reviews, and a draft. */
let vanilla: number;
let vanillaName: string;
let draft: number;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const idOf = async (slug: string) =>
    (
      await t.database.db.select({ id: products.id }).from(products).where(eq(products.slug, slug))
    )[0]!.id;
  honeyOat = await idOf('honey-oat-classic');
  ({ id: vanilla, name: vanillaName } = await createProduct(t, {
    name: uniqueName('Vanilla Almond Low Sugar'),
  }));
  draft = (await createProduct(t, { status: 'draft' })).id;
});
afterAll(() => t.close());

const reviewList = async (query = '') => {
  const res = await t.app.inject({ url: `${REVIEWS}?${query}` });
  expect(res.statusCode).toBe(200);
  return { res, reviews: z.array(ProductReviewSchema).parse(res.json()) };
};

const productById = async (id: number) => {
  const res = await t.app.inject({ url: `/wp-json/wc/v3/products/${id}` });
  expect(res.statusCode).toBe(200);
  return ProductSchema.parse(res.json());
};

/** A valid review with unique text, so tests never trip the duplicate check by accident. */
const aReview = (overrides: Partial<ReviewCreate> = {}): ReviewCreate => ({
  product_id: vanilla,
  reviewer: 'Robin Test',
  reviewer_email: 'robin@example.com',
  review: `Crunchy and not too sweet, batch ${++counter}.`,
  rating: 4,
  ...overrides,
});

const post = (body: unknown, url = `${REVIEWS}/`, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers });

const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());

describe('GET /wp-json/wc/v3/products/reviews', () => {
  it('lists seeded approved reviews in the contract shape, newest first, with pagination headers', async () => {
    const { res, reviews } = await reviewList('per_page=100');
    expect(reviews.length).toBeGreaterThanOrEqual(25);
    expect(reviews.every((review) => review.status === 'approved')).toBe(true);
    const dates = reviews.map((review) => review.date_created);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Number(res.headers['x-wp-total'])).toBe(reviews.length);
    expect(res.headers['x-wp-totalpages']).toBe('1');

    const paged = await reviewList('per_page=10&page=2');
    expect(paged.reviews).toHaveLength(10);
    expect(paged.res.headers.link).toContain('rel="prev"');
    expect(paged.res.headers.link).toContain('rel="next"');
  });

  it('never includes reviewer_email', async () => {
    const { res } = await reviewList('per_page=100');
    expect(res.body).not.toContain('reviewer_email');
    expect(res.body).not.toContain('@example.com');
  });

  it('filters by product', async () => {
    const { reviews } = await reviewList(`product=${honeyOat}&per_page=100`);
    expect(reviews.length).toBeGreaterThanOrEqual(2);
    expect(reviews.every((review) => review.product_id === honeyOat)).toBe(true);
    expect(reviews[0]).toMatchObject({
      product_name: 'Honey Oat Classic',
      product_permalink: 'http://shop.test/product/honey-oat-classic',
      verified: false,
    });
    expect((await reviewList(`product=${vanilla}`)).reviews).toEqual([]);
  });

  it('refuses per_page over 100 with 400 rest_invalid_param', async () => {
    const res = await t.app.inject({ url: `${REVIEWS}?per_page=101` });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { per_page: expect.any(String) } },
    });
  });

  it('answers any other status from a guest with 401 woocommerce_rest_cannot_view', async () => {
    for (const status of ['hold', 'spam', 'all']) {
      const res = await t.app.inject({ url: `${REVIEWS}?status=${status}` });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('woocommerce_rest_cannot_view');
    }
  });

  it('leaves out reviews of unpublished products', async () => {
    await t.database.db.insert(productReviews).values({
      productId: draft,
      status: 'approved',
      reviewer: 'Early Taster',
      reviewerEmail: 'taster@example.com',
      review: 'Matcha granola from the test kitchen.',
      rating: 5,
    });
    const { reviews } = await reviewList(`product=${draft}`);
    expect(reviews).toEqual([]);
  });
});

describe('GET /wp-json/wc/v3/products/reviews/{id}', () => {
  it('returns an approved review', async () => {
    const { reviews } = await reviewList(`product=${honeyOat}`);
    const res = await t.app.inject({ url: `${REVIEWS}/${reviews[0]!.id}` });
    expect(res.statusCode).toBe(200);
    expect(ProductReviewSchema.parse(res.json())).toEqual(reviews[0]);
    expect(res.body).not.toContain('reviewer_email');
  });

  it('answers a held or unknown review with 404 woocommerce_rest_review_invalid_id', async () => {
    const created = ProductReviewSchema.parse((await post(aReview())).json());
    for (const id of [created.id, 999_999]) {
      const res = await t.app.inject({ url: `${REVIEWS}/${id}` });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('woocommerce_rest_review_invalid_id');
    }
  });
});

describe('POST /wp-json/wc/v3/products/reviews/', () => {
  it('stores a new review as hold, answers 201 with it, and does not list it', async () => {
    const body = aReview({ reviewer: '  Robin Held  ', review: '  Lovely with peaches.  ' });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const review = ProductReviewSchema.parse(res.json());
    expect(review).toMatchObject({
      product_id: vanilla,
      product_name: vanillaName,
      status: 'hold',
      reviewer: 'Robin Held',
      review: 'Lovely with peaches.',
      rating: 4,
      verified: false,
    });
    expect(res.body).not.toContain('reviewer_email');

    const [stored] = await t.database.db
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, review.id));
    expect(stored).toMatchObject({
      status: 'hold',
      reviewerEmail: 'robin@example.com',
      review: 'Lovely with peaches.',
    });
    const listed = (await reviewList(`product=${vanilla}&per_page=100`)).reviews.map(
      (entry) => entry.id,
    );
    expect(listed).not.toContain(review.id);
  });

  it('works without the trailing slash too', async () => {
    const res = await post(aReview(), REVIEWS);
    expect(res.statusCode).toBe(201);
    expect(ProductReviewSchema.parse(res.json()).status).toBe('hold');
  });

  it('emails the shop owner about the held review (outbox)', async () => {
    const review = ProductReviewSchema.parse(
      (await post(aReview({ reviewer: 'Quinn Outbox' }))).json(),
    );
    const outbox = join(t.config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      .find((text) => text.includes('Quinn Outbox'));
    expect(mail).toBeDefined();
    expect(mail).toContain('To: owner@larderandoat.test');
    expect(mail).toContain('awaiting approval');
    const [stored] = await t.database.db
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, review.id));
    expect(stored!.notifiedAt).toBeInstanceOf(Date);
  });

  it('keeps review text as plain text, markup and all', async () => {
    const text = '<script>alert("hi")</script> <b>Best</b> granola & more';
    const res = await post(aReview({ review: text }));
    expect(res.statusCode).toBe(201);
    const review = ProductReviewSchema.parse(res.json());
    expect(review.review).toBe(text);
    await t.database.db
      .update(productReviews)
      .set({ status: 'approved' })
      .where(eq(productReviews.id, review.id));
    const fetched = ProductReviewSchema.parse(
      (await t.app.inject({ url: `${REVIEWS}/${review.id}` })).json(),
    );
    expect(fetched.review).toBe(text);
  });

  it('answers field errors with 400 and a message per field: rest_missing_callback_param for those not sent', async () => {
    const { rating: _rating, ...withoutRating } = aReview();
    const missingRating = await post(withoutRating);
    expect(missingRating.statusCode).toBe(400);
    expect(errorOf(missingRating)).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { status: 400, params: { rating: 'Choose a star rating.' } },
    });

    const badEmail = await post(aReview({ reviewer_email: 'not-an-email' }));
    expect(badEmail.statusCode).toBe(400);
    expect(errorOf(badEmail).data.params).toEqual({
      reviewer_email: 'Enter a valid email address.',
    });

    const emptyReview = await post(aReview({ review: '   ' }));
    expect(emptyReview.statusCode).toBe(400);
    expect(errorOf(emptyReview).data.params).toEqual({ review: 'Write a few words about it.' });

    // As WordPress: the missing ones are named first, before any sent value is judged.
    const several = await post({ product_id: vanilla, rating: 9 });
    expect(several.statusCode).toBe(400);
    expect(errorOf(several).code).toBe('rest_missing_callback_param');
    expect(errorOf(several).data.params).toEqual({
      reviewer: 'Enter your name.',
      reviewer_email: 'Enter your email address.',
      review: 'Write a few words about it.',
    });

    const invalidOnes = await post(aReview({ rating: 9, reviewer: ' ', reviewer_email: 'x' }));
    expect(errorOf(invalidOnes)).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        params: {
          reviewer: 'Enter your name.',
          reviewer_email: 'Enter a valid email address.',
          rating: 'Choose a star rating.',
        },
      },
    });
  });

  it('answers an unknown or unpublished product with 404 woocommerce_rest_product_invalid_id', async () => {
    for (const productId of [999_999, draft]) {
      const res = await post(aReview({ product_id: productId }));
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('woocommerce_rest_product_invalid_id');
    }
  });

  it('answers a product with reviews turned off with 403 woocommerce_rest_reviews_closed', async () => {
    const closed = (await createProduct(t, { reviews_allowed: false })).id;
    const res = await post(aReview({ product_id: closed }));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({
      code: 'woocommerce_rest_reviews_closed',
      message: 'Reviews are closed for this product.',
    });
  });

  it('answers the same review again with 409 woocommerce_rest_comment_duplicate', async () => {
    const body = aReview();
    expect((await post(body)).statusCode).toBe(201);
    const again = await post({
      ...body,
      reviewer_email: body.reviewer_email.toUpperCase(),
      rating: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'woocommerce_rest_comment_duplicate',
      data: { status: 409 },
    });
    // Different words from the same person are a new review.
    expect(
      (await post({ ...body, review: `${body.review} Update: still great.` })).statusCode,
    ).toBe(201);
  });

  it('takes JSON only and refuses huge bodies with 413 in the error shape', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: `${REVIEWS}/`,
      payload: 'product_id=1&rating=5',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(errorOf(form).code).toBe('rest_unsupported_media_type');

    const huge = await post(aReview({ review: 'x'.repeat(200_000) }));
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).data.status).toBe(413);
  });
});

describe('product ratings', () => {
  it('come from approved reviews only and change when a held review is approved', async () => {
    const fresh = (await createProduct(t)).id;
    // Two approved reviews to start from, as the owner would approve them.
    for (const rating of [5, 4]) {
      const posted = ProductReviewSchema.parse(
        (await post(aReview({ product_id: fresh, rating }))).json(),
      );
      await t.database.db
        .update(productReviews)
        .set({ status: 'approved' })
        .where(eq(productReviews.id, posted.id));
    }
    const before = await productById(fresh);
    const approved = (await reviewList(`product=${fresh}&per_page=100`)).reviews;
    const expected = approved.reduce((sum, review) => sum + review.rating, 0) / approved.length;
    expect(before.rating_count).toBe(approved.length);
    expect(before.average_rating).toBe(expected.toFixed(2));

    const held = ProductReviewSchema.parse(
      (await post(aReview({ product_id: fresh, rating: 1 }))).json(),
    );
    expect(await productById(fresh)).toMatchObject({
      average_rating: before.average_rating,
      rating_count: before.rating_count,
    });

    await t.database.db
      .update(productReviews)
      .set({ status: 'approved' })
      .where(and(eq(productReviews.id, held.id), eq(productReviews.productId, fresh)));
    const after = await productById(fresh);
    const total = approved.reduce((sum, review) => sum + review.rating, 0) + 1;
    expect(after.rating_count).toBe(approved.length + 1);
    expect(after.average_rating).toBe(
      (Math.round((total * 100) / (approved.length + 1)) / 100).toFixed(2),
    );
  });

  it('is "0.00" with a count of 0 for a product without approved reviews', async () => {
    const unreviewed = await createProduct(t);
    const res = await t.app.inject({ url: `/wp-json/wc/v3/products?slug=${unreviewed.slug}` });
    const [tin] = z.array(ProductSchema).parse(res.json());
    expect(tin).toMatchObject({ average_rating: '0.00', rating_count: 0 });
    expect(await productById(honeyOat)).toMatchObject({
      average_rating: expect.stringMatching(/^[1-5]\.\d{2}$/),
    });
  });

  it('orders products by their computed average with orderby=rating', async () => {
    const list = z.array(ProductSchema).parse(
      (
        await t.app.inject({
          url: '/wp-json/wc/v3/products?orderby=rating&order=desc&per_page=100',
        })
      ).json(),
    );
    const averages = list.map((product) => Number(product.average_rating));
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(new Set(averages).size).toBeGreaterThan(3);
  });
});

describe('reviews by signed-in customers', () => {
  const postAs = (session: Session, body: unknown) => post(body, `${REVIEWS}/`, session.bearer);

  it('gives one approved, verified review per paid order line of the product; any more are held', async () => {
    const buyer = await signedInCustomer(t.app, t.database.db);
    expect((await postAs(buyer, aReview())).json()).toMatchObject({
      status: 'hold',
      verified: false,
    });
    const order = await placeOrderAs(t.app, buyer, [{ product_id: vanilla, quantity: 2 }]);
    // An unpaid order is not a purchase.
    expect((await postAs(buyer, aReview())).json()).toMatchObject({ status: 'hold' });
    await payOrder(t.app, buyer, order);

    const first = await postAs(buyer, aReview());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'approved', verified: true });
    for (const name of ['Second Self', 'Third Self']) {
      expect((await postAs(buyer, aReview({ reviewer: name }))).json()).toMatchObject({
        status: 'hold',
        verified: false,
      });
    }
    const { reviews } = await reviewList(`product=${vanilla}&per_page=100`);
    expect(
      reviews.filter((review) => review.reviewer === 'Robin Oats' && review.verified),
    ).toHaveLength(1);

    // Buying it again earns one more.
    await payOrder(
      t.app,
      buyer,
      await placeOrderAs(t.app, buyer, [{ product_id: vanilla, quantity: 1 }]),
    );
    expect((await postAs(buyer, aReview())).json()).toMatchObject({
      status: 'approved',
      verified: true,
    });
    expect((await postAs(buyer, aReview())).json()).toMatchObject({
      status: 'hold',
      verified: false,
    });
  });

  it("writes a customer's review under the account's name and email, whatever the request says", async () => {
    const buyer = await signedInCustomer(t.app, t.database.db);
    const res = await postAs(
      buyer,
      aReview({ reviewer: 'Famous Chef', reviewer_email: 'chef@example.com' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().reviewer).toBe('Robin Oats');
    const [stored] = await t.database.db
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, res.json<{ id: number }>().id));
    expect(stored).toMatchObject({
      reviewer: 'Robin Oats',
      reviewerEmail: buyer.email,
      customerId: buyer.id,
    });
  });

  it("holds a guest's review even under a verified buyer's name and email", async () => {
    const buyer = await signedInCustomer(t.app, t.database.db);
    await payOrder(
      t.app,
      buyer,
      await placeOrderAs(t.app, buyer, [{ product_id: vanilla, quantity: 1 }]),
    );
    const res = await post(aReview({ reviewer: 'Robin Oats', reviewer_email: buyer.email }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'hold', verified: false });
  });
});

describe('rate limit', () => {
  it('answers 429 rest_rate_limited after the configured number of reviews, across both paths', async () => {
    const limited = await buildTestApp({
      seed: false,
      config: {
        rateLimits: {
          review: { max: 2, windowMs: 60_000 },
          contact: { max: 99, windowMs: 60_000 },
          newsletter: { max: 99, windowMs: 60_000 },
        },
      },
    });
    try {
      const { id: product } = await createProduct(limited);
      const send = (url: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url,
          payload: aReview({ product_id: product }),
          remoteAddress: ip,
        });
      expect((await send(`${REVIEWS}/`, '203.0.113.7')).statusCode).toBe(201);
      expect((await send(REVIEWS, '203.0.113.7')).statusCode).toBe(201);
      const third = await send(`${REVIEWS}/`, '203.0.113.7');
      expect(third.statusCode).toBe(429);
      expect(errorOf(third)).toMatchObject({ code: 'rest_rate_limited', data: { status: 429 } });
      expect(errorOf(third).message).toMatch(/Please wait 1 minute and try again\./);
      expect(third.headers['retry-after']).toBeDefined();
      // Another client is not affected.
      expect((await send(`${REVIEWS}/`, '198.51.100.4')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('PUT /wp-json/wc/v3/products/reviews/{id}', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  });
  const moderate = (id: number, body: unknown, headers: Record<string, string> = owner.bearer) =>
    t.app.inject({ method: 'PUT', url: `${REVIEWS}/${id}`, payload: body as object, headers });
  const held = async (rating: number, product_id = vanilla) =>
    ProductReviewSchema.parse(
      (await post(aReview({ product_id, rating, reviewer: 'Ana' }))).json(),
    );

  it('approves a held review: the product page lists it and its rating changes at once', async () => {
    const fresh = (await createProduct(t)).id;
    const review = await held(2, fresh);
    // Read (and cached) before the change, as a visitor's product page would be.
    expect(await productById(fresh)).toMatchObject({ rating_count: 0, average_rating: '0.00' });
    expect((await reviewList(`product=${fresh}`)).reviews).toEqual([]);

    const res = await moderate(review.id, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(ProductReviewSchema.parse(res.json())).toMatchObject({
      id: review.id,
      status: 'approved',
      reviewer: 'Ana',
      reviewer_email: 'robin@example.com',
    });
    expect(await productById(fresh)).toMatchObject({ rating_count: 1, average_rating: '2.00' });
    expect((await reviewList(`product=${fresh}`)).reviews.map((r) => r.id)).toEqual([review.id]);

    const spam = await moderate(review.id, { status: 'spam' }, owner.browser());
    expect(spam.json()).toMatchObject({ status: 'spam' });
    expect(await productById(fresh)).toMatchObject({ rating_count: 0, average_rating: '0.00' });
    expect((await reviewList(`product=${fresh}`)).reviews).toEqual([]);
  });

  it('records each moderation in the activity log', async () => {
    const review = await held(3);
    expect((await moderate(review.id, { status: 'trash' })).statusCode).toBe(200);
    const log = await t.app.inject({
      url: `/wp-json/wc/v3/activity-log?subject_type=review&subject_id=${review.id}`,
      headers: owner.bearer,
    });
    expect(log.json()).toEqual([
      expect.objectContaining({
        action: 'review.status',
        actor_id: owner.id,
        subject_type: 'review',
        subject_id: review.id,
        summary: `Review #${review.id} by Ana marked trash`,
      }),
    ]);
  });

  it('refuses an unknown status with 400 and an unknown review with 404', async () => {
    const review = await held(4);
    const bad = await moderate(review.id, { status: 'published' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { status: expect.any(String) } },
    });
    const missing = await moderate(999_999, { status: 'approved' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('woocommerce_rest_review_invalid_id');
    const [row] = await t.database.db
      .select({ status: productReviews.status })
      .from(productReviews)
      .where(eq(productReviews.id, review.id));
    expect(row!.status).toBe('hold');
  });

  it('is the owner’s alone: 401 for a guest (even with a bad body), 403 for a customer', async () => {
    const review = await held(5);
    const customer = await signedInCustomer(t.app, t.database.db);
    expect((await moderate(review.id, { status: 'approved' }, customer.bearer)).statusCode).toBe(
      403,
    );
    expect((await moderate(review.id, { status: 'nonsense' }, {})).statusCode).toBe(401);
    expect((await moderate(review.id, { status: 'approved' }, {})).statusCode).toBe(401);
    expect(errorOf(await moderate(review.id, { status: 'approved' }, {})).code).toBe(
      'woocommerce_rest_cannot_edit',
    );
  });
});
