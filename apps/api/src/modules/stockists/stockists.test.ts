import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ActivityEntrySchema,
  ApiErrorSchema,
  apiPaths,
  LocationSchema,
  StockistListingSchema,
  wholesaleAccountPaths,
  type StockistListingRequest,
} from '@larder/contract';
import { createCustomer, createWholesaleBuyer, uniqueName } from '../../../test/factories.ts';
import { mailTo } from '../../../test/outbox.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
});
afterAll(() => t.close());

const OWN = wholesaleAccountPaths.ownListings;
const LISTINGS = wholesaleAccountPaths.stockistListings;

const aListing = (overrides: Partial<StockistListingRequest> = {}): StockistListingRequest => ({
  business_name: uniqueName('Corner Larder'),
  address: '101 Main Street',
  city: 'Durham',
  state: 'nc',
  postcode: '27701',
  phone: '(919) 555-0100',
  website: 'https://corner-larder.example.com',
  note: 'Granola by the scoop <and> in bags.',
  ...overrides,
});

const ask = (session: Session | null, body: object = aListing()) =>
  t.app.inject({ method: 'POST', url: OWN, headers: session?.bearer ?? {}, payload: body });

async function requested(session: Session, body: StockistListingRequest = aListing()) {
  const res = await ask(session, body);
  expect(res.statusCode, res.body).toBe(201);
  return StockistListingSchema.parse(res.json());
}

const decide = (id: number, body: object, as: Session = owner) =>
  t.app.inject({ method: 'PUT', url: `${LISTINGS}/${id}`, headers: as.bearer, payload: body });

const locations = async () =>
  z
    .array(LocationSchema)
    .parse((await t.app.inject({ url: `${apiPaths.locations}?per_page=100` })).json());

const activityFor = async (id: number) =>
  z.array(ActivityEntrySchema).parse(
    (
      await t.app.inject({
        url: `${apiPaths.activityLog}?subject_type=stockist_listing&subject_id=${id}`,
        headers: owner.bearer,
      })
    ).json(),
  );

describe('POST /wp-json/larder/v1/wholesale/stockist-listings', () => {
  it('stores a wholesale buyer’s request as pending, state upper-cased', async () => {
    const buyer = await createWholesaleBuyer(t);
    const listing = await requested(buyer, aListing({ business_name: 'Pending Pantry' }));
    expect(listing).toMatchObject({
      customer_id: buyer.id,
      status: 'pending',
      business_name: 'Pending Pantry',
      state: 'NC',
      country: 'US',
      location_id: null,
      decline_reason: null,
    });
    const again = await ask(buyer);
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json())).toMatchObject({
      code: 'stockist_listing_pending',
      data: { status: 409 },
    });
  });

  it('tells the owner of the request: business, address, a link to the back office', async () => {
    const buyer = await createWholesaleBuyer(t);
    const listing = await requested(
      buyer,
      aListing({ business_name: 'Owl & Acorn Grocery', note: 'Open daily <8 to 6>.' }),
    );
    const notices = mailTo(t.config.dataDir, t.config.shopOwnerEmail).filter(
      (mail) => mail.headers.subject === 'Stockist listing request: Owl & Acorn Grocery',
    );
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.headers['reply-to']).toContain(buyer.email);
    const text = notice!.text.replace(/\s+/g, ' ');
    expect(text).toContain(`(request #${listing.id})`);
    expect(text).toContain('Address: 101 Main Street, Durham, NC 27701');
    expect(text).toContain('Phone: (919) 555-0100');
    expect(text).toContain('Open daily <8 to 6>.');
    expect(text).toContain(`${t.config.publicUrl}/admin/stockists`);
    // Escaped in the HTML part, as every email's text is.
    expect(notice!.html).toContain('Open daily &lt;8 to 6&gt;.');
    expect(notice!.html).toContain(`href="${t.config.publicUrl}/admin/stockists"`);

    // A refused request (one is already pending) tells the owner nothing more.
    const requestNotices = () =>
      mailTo(t.config.dataDir, t.config.shopOwnerEmail).filter((mail) =>
        mail.headers.subject?.startsWith('Stockist listing request:'),
      ).length;
    const before = requestNotices();
    expect((await ask(buyer)).statusCode).toBe(409);
    expect(requestNotices()).toBe(before);
  });

  it('refuses a guest 401 and a retail customer 403 before reading the body', async () => {
    expect((await ask(null, {})).statusCode).toBe(401);
    const retail = await ask(await createCustomer(t));
    expect(retail.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(retail.json())).toMatchObject({
      code: 'woocommerce_rest_cannot_create',
      data: { status: 403 },
    });
  });

  it('names each invalid field and stores nothing', async () => {
    const buyer = await createWholesaleBuyer(t);
    const res = await ask(buyer, aListing({ postcode: 'ABCDE', website: 'not a site', city: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: expect.objectContaining({ postcode: expect.any(String) }) },
    });
    const own = await t.app.inject({ url: OWN, headers: buyer.bearer });
    expect(own.json()).toEqual([]);
  });
});

describe('GET /wp-json/larder/v1/wholesale/stockist-listings', () => {
  it('shows each account only its own requests', async () => {
    const first = await createWholesaleBuyer(t);
    const second = await createWholesaleBuyer(t);
    const mine = await requested(first);
    await requested(second);
    const own = z
      .array(StockistListingSchema)
      .parse((await t.app.inject({ url: OWN, headers: first.bearer })).json());
    expect(own.map((listing) => listing.id)).toEqual([mine.id]);
    expect((await t.app.inject({ url: OWN })).statusCode).toBe(401);
  });
});

describe('PUT /wp-json/larder/v1/stockist-listings/{id}', () => {
  it('approval puts the listing on the store locator at its ZIP code, logs it and emails the buyer', async () => {
    const buyer = await createWholesaleBuyer(t);
    const listing = await requested(buyer, aListing({ business_name: 'Bull Street Grocer' }));
    const pending = await t.app.inject({
      url: `${LISTINGS}?status=pending`,
      headers: owner.bearer,
    });
    expect(pending.json<{ id: number }[]>().map((row) => row.id)).toContain(listing.id);

    const res = await decide(listing.id, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    const approved = StockistListingSchema.parse(res.json());
    expect(approved).toMatchObject({ status: 'approved', date_decided_gmt: expect.any(String) });
    expect(approved.location_id).toEqual(expect.any(Number));

    const listed = (await locations()).find((location) => location.id === approved.location_id);
    expect(listed).toMatchObject({
      slug: 'bull-street-grocer',
      title: { rendered: 'Bull Street Grocer' },
      acf: {
        address: '101 Main Street',
        city: 'Durham',
        state: 'NC',
        postcode: '27701',
        phone: '(919) 555-0100',
        website: 'https://corner-larder.example.com',
      },
    });
    // Durham's 27701, from the ZIP table: no outside service asked.
    expect(listed!.acf.latitude).toBeCloseTo(35.99, 1);
    expect(listed!.acf.longitude).toBeCloseTo(-78.9, 1);
    expect(listed!.content.rendered).toContain('Granola by the scoop &lt;and&gt; in bags.');

    expect(await activityFor(listing.id)).toMatchObject([
      {
        action: 'stockist.approved',
        actor_id: owner.id,
        summary: 'Listed Bull Street Grocer on the store locator',
      },
    ]);
    expect(mailTo(t.config.dataDir, buyer.email).map((mail) => mail.headers.subject)).toContain(
      "You're on our store locator",
    );
    const twice = await decide(listing.id, { status: 'approved' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'stockist_listing_status', data: { status: 409 } });
  });

  it('declining stores and emails the reason, and lists nothing', async () => {
    const buyer = await createWholesaleBuyer(t);
    const listing = await requested(buyer, aListing({ business_name: 'Declined Deli' }));
    const res = await decide(listing.id, {
      status: 'declined',
      reason: 'We list shops with a storefront.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'declined',
      decline_reason: 'We list shops with a storefront.',
      location_id: null,
    });
    expect(
      (await locations()).some((location) => location.title.rendered === 'Declined Deli'),
    ).toBe(false);
    const mail = mailTo(t.config.dataDir, buyer.email).find(
      (message) => message.headers.subject === 'About your store locator listing',
    );
    expect(mail?.text).toContain('We list shops with a storefront.');
    expect(await activityFor(listing.id)).toMatchObject([{ action: 'stockist.declined' }]);
    // Decided: the buyer may ask again.
    expect((await ask(buyer)).statusCode).toBe(201);
  });

  it('places an unknown ZIP only with a position given, and answers 404 for an unknown id', async () => {
    const buyer = await createWholesaleBuyer(t);
    const listing = await requested(
      buyer,
      aListing({ postcode: '00000', city: 'Nowhere', state: 'ZZ', business_name: 'Lost Larder' }),
    );
    const unplaced = await decide(listing.id, { status: 'approved' });
    expect(unplaced.statusCode).toBe(400);
    expect(unplaced.json()).toMatchObject({
      code: 'stockist_listing_unplaced',
      data: { status: 400 },
    });
    expect(
      StockistListingSchema.parse(
        (await t.app.inject({ url: OWN, headers: buyer.bearer })).json<unknown[]>()[0],
      ).status,
    ).toBe('pending');

    const placed = await decide(listing.id, {
      status: 'approved',
      latitude: 36.1,
      longitude: -79.2,
    });
    expect(placed.statusCode).toBe(200);
    const location = (await locations()).find((row) => row.id === placed.json().location_id);
    expect(location?.acf).toMatchObject({ latitude: 36.1, longitude: -79.2 });

    const missing = await decide(999_999, { status: 'approved' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'stockist_listing_not_found' });
  });

  it('is for owners only: a wholesale buyer cannot approve their own request', async () => {
    const buyer = await createWholesaleBuyer(t);
    const listing = await requested(buyer);
    const res = await decide(listing.id, { status: 'approved' }, buyer);
    expect(res.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({ data: { status: 403 } });
  });
});

describe('DELETE /wp-json/larder/v1/stockist-listings/{id}', () => {
  it('takes an approved listing off the store locator and keeps the request as removed', async () => {
    const buyer = await createWholesaleBuyer(t);
    const listing = await requested(buyer, aListing({ business_name: 'Gone Grocer' }));
    const approved = StockistListingSchema.parse(
      (await decide(listing.id, { status: 'approved' })).json(),
    );
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `${LISTINGS}/${listing.id}`, headers: owner.bearer });
    const res = await remove();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'removed', location_id: null });
    expect((await locations()).some((location) => location.id === approved.location_id)).toBe(
      false,
    );
    expect(
      (await t.app.inject({ url: `${apiPaths.locations}/${approved.location_id}` })).statusCode,
    ).toBe(404);
    expect((await activityFor(listing.id)).map((entry) => entry.action)).toEqual([
      'stockist.removed',
      'stockist.approved',
    ]);
    expect((await remove()).statusCode).toBe(409);
  });
});
