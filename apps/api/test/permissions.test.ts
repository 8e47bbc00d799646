import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiKeyPaths,
  apiPaths,
  CONTACT_FORM_ID,
  couponApiPaths,
  testPaymentToken,
  webhookPaths,
  wholesaleOrderingPaths,
  type Order,
  ownerApiPaths,
  queuedEmailPaths,
  quickOrderApiPaths,
  wholesaleAccountPaths,
} from '@larder/contract';
import sharp from 'sharp';
import { customers, media, productReviews, queuedEmails } from '../src/db/schema.ts';
import { createProduct, createVariableProduct, createWholesaleApplication } from './factories.ts';
import { aBuyer } from './place-order.ts';
import {
  payOrder,
  placeOrderAs,
  signedInCustomer,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  type Session,
} from './sessions.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/**
 * The permissions matrix (issue 5): every route the API serves, asked by each kind of visitor, with
 * the status each may get. A route missing from the table fails the suite, so a new route has to
 * be classified here. The back office's routes are the owners' alone: a guest gets 401 and any other
 * account 403 before the query or body is even read, so a bad one changes nothing of that.
 */

const ACTORS = ['guest', 'customerA', 'customerB', 'wholesale', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

const same = (status: number): Expected =>
  Object.fromEntries(ACTORS.map((actor) => [actor, status])) as Expected;
/** Guests 401, the named actors `allowed`, every other signed-in actor 403. */
const onlyFor = (allowed: Actor[], status = 200): Expected =>
  Object.fromEntries(
    ACTORS.map((actor) => [
      actor,
      allowed.includes(actor) ? status : actor === 'guest' ? 401 : 403,
    ]),
  ) as Expected;

interface World {
  sessions: Record<Exclude<Actor, 'guest'>, Session>;
  /** Signs in again: for requests that end the session they are sent with. */
  freshSession(actor: Exclude<Actor, 'guest'>): Promise<Session>;
  productId: number;
  variableProductId: number;
  /** Plain customers only the owner's role changes touch, one per method. */
  shopperIds: Record<'POST' | 'PUT', number>;
  orderA: Order;
  paidOrderA: Order;
  /** customerA's order, paid and completed by the owner: shipments, notes and refunds go on it. */
  completedOrderA: Order;
  guestOrder: Order;
  heldReviewId: number;
  approvedReviewId: number;
  /** A wholesale application still pending, and one the owner has already rejected. */
  pendingApplicationId: number;
  decidedApplicationId: number;
  contactMessageId: number;
  ids: Record<'page' | 'post' | 'team' | 'location' | 'postCategory' | 'category', number>;
  /** A shipping method instance the test address can use. */
  instanceId: number;
  methodId: string;
  /** A variable product without wholesale prices, and one of its variations: the owner's writes go there. */
  editable: { productId: number; variationId: number };
  mediaId: number;
  /** A small JPEG, for the owner's uploads. */
  jpeg: Buffer;
  /** The owner's own zone (Antarctica) with one disabled method, for the shipping editing routes. */
  editableZoneId: number;
  disabledInstanceId: number;
  /** A sold-out product: anyone may ask to hear when it is back. */
  soldOutProductId: number;
  /** A discount code the owner's coupon routes read and change. */
  couponId: number;
  /** A paused webhook the owner's webhook routes read and change. */
  webhookId: number;
  /** One of the e-mails paying for paidOrderA queued, already sent. */
  sentEmailId: number;
}

interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The body, made per request (unique emails, review texts) and per actor (sign-in). */
  payload?: (actor: Actor) => object;
  /** Headers beyond the credentials: a raw image upload's type and filename. */
  headers?: Record<string, string>;
  expect: Expected;
  /** The request ends its session (sign-out): it is sent with a session of its own. */
  endsSession?: boolean;
  /** The owner's answer carries wholesale prices by design (the catalogue file). */
  ownerSeesWholesalePrices?: boolean;
  /** More checks on the answer: what it contains, what it changed. */
  check?: (actor: Actor, body: string) => void | Promise<void>;
}

interface RouteEntry {
  /** "GET /wp-json/wc/v3/orders/{id}", as the OpenAPI document names it. */
  route: string;
  rule: string;
  probes: (world: World) => Probe[];
}

let reviewCounter = 0;
const aReview = (productId: number) => () => ({
  product_id: productId,
  reviewer: 'Pat Matrix',
  reviewer_email: 'pat@example.com',
  review: `Crunchy in every role (${++reviewCounter}).`,
  rating: 4,
});

const orderPayload = (world: World, customerId: number) => () => ({
  customer_id: customerId,
  payment_method: 'stripe',
  payment_method_title: 'Credit Card (Stripe)',
  billing: aBuyer,
  line_items: [{ product_id: world.productId, quantity: 1 }],
  shipping_lines: [{ method_id: world.methodId, instance_id: world.instanceId }],
});

const publicGet = (route: string, url: (world: World) => string): RouteEntry => ({
  route: `GET ${route}`,
  rule: 'public read',
  probes: (world) => [{ method: 'GET', url: url(world), expect: same(200) }],
});

/** A back-office read: the owner gets 200, and everyone else 401/403 even with a bad query. */
const ownerGet = (route: string, url: (world: World) => string, badQuery?: string): RouteEntry => ({
  route: `GET ${route}`,
  rule: 'owners only',
  probes: (w) => [
    { method: 'GET', url: url(w), expect: onlyFor(['owner']) },
    ...(badQuery
      ? [{ method: 'GET' as const, url: `${url(w)}?${badQuery}`, expect: onlyFor(['owner'], 400) }]
      : []),
  ],
});

const backOfficeRoutes: RouteEntry[] = [
  ownerGet(apiPaths.wholesaleApplications, () => apiPaths.wholesaleApplications, 'status=maybe'),
  ownerGet(
    `${apiPaths.wholesaleApplications}/{id}`,
    (w) => `${apiPaths.wholesaleApplications}/${w.pendingApplicationId}`,
  ),
  ownerGet(
    `${apiPaths.wholesaleApplications}/{id}/certificate`,
    (w) => `${apiPaths.wholesaleApplications}/${w.pendingApplicationId}/certificate`,
  ),
  {
    route: `PUT ${apiPaths.wholesaleApplications}/{id}`,
    rule: 'owners only; a decided application stays decided (409)',
    probes: (w) => [
      {
        method: 'PUT',
        url: `${apiPaths.wholesaleApplications}/${w.decidedApplicationId}`,
        payload: () => ({ status: 'approved' }),
        expect: onlyFor(['owner'], 409),
      },
      {
        method: 'PUT',
        url: `${apiPaths.wholesaleApplications}/${w.pendingApplicationId}`,
        payload: () => ({ status: 'rejected' }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
  {
    route: `PUT ${apiPaths.productReviews}/{id}`,
    rule: 'owners only (moderation)',
    probes: (w) => [
      {
        method: 'PUT',
        url: `${apiPaths.productReviews}/${w.heldReviewId}`,
        payload: () => ({ status: 'hold' }),
        expect: onlyFor(['owner']),
      },
      {
        method: 'PUT',
        url: `${apiPaths.productReviews}/${w.heldReviewId}`,
        payload: () => ({ status: 'published' }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
  ownerGet(apiPaths.contactMessages, () => apiPaths.contactMessages, 'status=answered'),
  ownerGet(
    `${apiPaths.contactMessages}/{id}`,
    (w) => `${apiPaths.contactMessages}/${w.contactMessageId}`,
  ),
  {
    route: `PUT ${apiPaths.contactMessages}/{id}`,
    rule: 'owners only',
    probes: (w) => [
      {
        method: 'PUT',
        url: `${apiPaths.contactMessages}/${w.contactMessageId}`,
        payload: () => ({ handled: false }),
        expect: onlyFor(['owner']),
      },
      {
        method: 'PUT',
        url: `${apiPaths.contactMessages}/${w.contactMessageId}`,
        payload: () => ({ handled: 'yes' }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
  ownerGet(apiPaths.newsletterSubscribers, () => apiPaths.newsletterSubscribers, 'per_page=0'),
  ownerGet(apiPaths.newsletterExport, () => apiPaths.newsletterExport),
  ownerGet(apiPaths.activityLog, () => apiPaths.activityLog, 'subject_id=-1'),
  ownerGet(queuedEmailPaths.emails, () => queuedEmailPaths.emails, 'status=bounced'),
  {
    route: `POST ${queuedEmailPaths.emails}/{id}/resend`,
    rule: 'owners only; an e-mail already sent is not sent again (409)',
    // Answers that stay the same when repeated: the shop sends a resent e-mail at once.
    probes: (w) => [
      {
        method: 'POST',
        url: queuedEmailPaths.resend(w.sentEmailId),
        expect: onlyFor(['owner'], 409),
      },
      { method: 'POST', url: queuedEmailPaths.resend(987_654), expect: onlyFor(['owner'], 404) },
    ],
  },
  ...apiKeyRoutes(),
  ...shippingEditingRoutes(),
  ...taxRoutes(),
  ...couponRoutes(),
  ...webhookRoutes(),
  ...wholesaleOrderingRoutes(),
  {
    route: `GET ${ownerApiPaths.catalogExport}`,
    rule: 'owners only; the file carries wholesale prices',
    probes: () =>
      ['json', 'csv', 'xml'].map((format) => ({
        method: 'GET' as const,
        url: `${ownerApiPaths.catalogExport}?format=${format}`,
        expect: onlyFor(['owner'], format === 'xml' ? 400 : 200),
        ownerSeesWholesalePrices: true,
      })),
  },
  {
    route: `POST ${ownerApiPaths.catalogImport}`,
    rule: 'owners only (401/403 before the file is read)',
    probes: () => [
      {
        method: 'POST',
        url: `${ownerApiPaths.catalogImport}?dry_run=true`,
        payload: () => ({ format: 'larder-catalog', version: 1, products: [] }),
        expect: onlyFor(['owner']),
      },
      {
        method: 'POST',
        url: `${ownerApiPaths.catalogImport}?dry_run=true`,
        payload: () => ({ format: 'larder-catalog', version: 2 }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
  ...['invoice.pdf', 'packing-slip.pdf'].map((file) =>
    ownerGet(
      `${ownerApiPaths.orderDocuments}/{id}/${file}`,
      (w) => `${ownerApiPaths.orderDocuments}/${w.completedOrderA.id}/${file}`,
    ),
  ),
];

const aProductBody = () => ({
  name: `Matrix Granola ${++reviewCounter}`,
  regular_price: '9.00',
  food: {
    ingredients: 'Oats.',
    allergens: [],
    may_contain: [],
    dietary_tags: [],
    nutrition: {
      serving_size: '45g',
      servings_per_container: '8',
      calories: 200,
      total_fat_g: 7,
      saturated_fat_g: 1,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 40,
      total_carbohydrate_g: 30,
      dietary_fiber_g: 4,
      total_sugars_g: 9,
      added_sugars_g: 7,
      protein_g: 5,
    },
  },
});

/** The owner's product, variation and image writes; every probe answers the same when repeated. */
const productWriteRoutes: RouteEntry[] = [
  {
    route: `POST ${apiPaths.products}`,
    rule: 'owners only',
    probes: () => [
      {
        method: 'POST',
        url: apiPaths.products,
        payload: aProductBody,
        expect: onlyFor(['owner'], 201),
      },
      {
        method: 'POST',
        url: apiPaths.products,
        payload: () => ({ ...aProductBody(), sale_price: '9.00' }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
  {
    route: `PUT ${apiPaths.products}/{id}`,
    rule: 'owners only',
    probes: (w) => [
      {
        method: 'PUT',
        url: `${apiPaths.products}/${w.editable.productId}`,
        payload: () => ({ short_description: 'Baked twice.' }),
        expect: onlyFor(['owner']),
      },
      {
        method: 'PUT',
        url: `${apiPaths.products}/${w.productId}`,
        payload: () => ({ sale_price: '99.00' }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
  {
    route: `DELETE ${apiPaths.products}/{id}`,
    rule: 'owners only; force=true, and never a product an order names (409)',
    probes: (w) => [
      {
        method: 'DELETE',
        url: `${apiPaths.products}/${w.productId}`,
        expect: onlyFor(['owner'], 400),
      },
      {
        method: 'DELETE',
        url: `${apiPaths.products}/${w.productId}?force=true`,
        expect: onlyFor(['owner'], 409),
      },
    ],
  },
  {
    route: `POST ${apiPaths.products}/{id}/variations`,
    rule: 'owners only; a simple product takes none (409)',
    probes: (w) => [
      {
        method: 'POST',
        url: `${apiPaths.products}/${w.editable.productId}/variations`,
        payload: () => ({
          regular_price: '15.00',
          attributes: [{ name: 'Size', option: '12 oz' }],
        }),
        expect: onlyFor(['owner'], 201),
      },
      {
        method: 'POST',
        url: `${apiPaths.products}/${w.productId}/variations`,
        payload: () => ({ regular_price: '15.00' }),
        expect: onlyFor(['owner'], 409),
      },
    ],
  },
  {
    route: `PUT ${apiPaths.products}/{id}/variations/{variation_id}`,
    rule: 'owners only',
    probes: (w) => [
      {
        method: 'PUT',
        url: `${apiPaths.products}/${w.editable.productId}/variations/${w.editable.variationId}`,
        payload: () => ({ weight: '0.75' }),
        expect: onlyFor(['owner']),
      },
      {
        method: 'PUT',
        url: `${apiPaths.products}/${w.editable.productId}/variations/${w.editable.variationId}`,
        payload: () => ({ sale_price: '99.00' }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
  {
    route: `DELETE ${apiPaths.products}/{id}/variations/{variation_id}`,
    rule: 'owners only; force=true',
    probes: (w) => [
      {
        method: 'DELETE',
        url: `${apiPaths.products}/${w.editable.productId}/variations/${w.editable.variationId}`,
        expect: onlyFor(['owner'], 400),
      },
      {
        method: 'DELETE',
        url: `${apiPaths.products}/${w.editable.productId}/variations/2000000000?force=true`,
        expect: onlyFor(['owner'], 404),
      },
    ],
  },
  {
    route: `POST ${ownerApiPaths.media}`,
    rule: 'owners only; the same picture again is the same entry',
    probes: (w) => [
      {
        method: 'POST',
        url: ownerApiPaths.media,
        headers: {
          'content-type': 'image/jpeg',
          'content-disposition': 'attachment; filename="matrix.jpg"',
        },
        payload: () => w.jpeg,
        expect: onlyFor(['owner'], 201),
      },
      {
        method: 'POST',
        url: ownerApiPaths.media,
        headers: {
          'content-type': 'image/jpeg',
          'content-disposition': 'attachment; filename="matrix.jpg"',
        },
        payload: () => Buffer.from('not a picture'),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
  {
    route: `PUT ${ownerApiPaths.media}/{id}`,
    rule: 'owners only',
    probes: (w) => [
      {
        method: 'PUT',
        url: `${ownerApiPaths.media}/${w.mediaId}`,
        payload: () => ({ alt_text: 'A bag of granola' }),
        expect: onlyFor(['owner']),
      },
      {
        method: 'PUT',
        url: `${ownerApiPaths.media}/${w.mediaId}`,
        payload: () => ({ alt_text: 5 }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  },
];
/** The owner's REST API keys (issue 17); a request signed with a key is refused in their tests. */
function apiKeyRoutes(): RouteEntry[] {
  const keys = apiKeyPaths.apiKeys;
  return [
    ownerGet(keys, () => keys),
    {
      route: `POST ${keys}`,
      rule: 'the owner only, signed in (never with a key)',
      probes: () => [
        {
          method: 'POST',
          url: keys,
          payload: () => ({ description: 'Matrix key', permissions: 'read' }),
          expect: onlyFor(['owner'], 201),
        },
        {
          method: 'POST',
          url: keys,
          payload: () => ({ permissions: 'admin' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
    {
      route: `DELETE ${keys}/{id}`,
      rule: 'the owner only, signed in (never with a key)',
      probes: () => [{ method: 'DELETE', url: `${keys}/999999`, expect: onlyFor(['owner'], 404) }],
    },
  ];
}

/**
 * The wholesale ordering rules (decision 0037): the owner's minimums, and the minimum a wholesale
 * buyer is held to. The owner's write sends "0.00", so no other probe's order meets a minimum.
 */
function wholesaleOrderingRoutes(): RouteEntry[] {
  const settings = wholesaleOrderingPaths.settings;
  return [
    ownerGet(settings, () => settings),
    {
      route: `PUT ${settings}`,
      rule: 'the owner only',
      probes: () => [
        {
          method: 'PUT',
          url: settings,
          payload: () => ({ opening_order_minimum: '0.00', reorder_minimum: '0' }),
          expect: onlyFor(['owner']),
        },
        {
          method: 'PUT',
          url: settings,
          payload: () => ({ opening_order_minimum: 'lots' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
    {
      route: `GET ${wholesaleOrderingPaths.terms}`,
      rule: 'wholesale buyers only: the minimum that applies to them',
      probes: () => [
        {
          method: 'GET',
          url: wholesaleOrderingPaths.terms,
          expect: onlyFor(['wholesale']),
        },
      ],
    },
  ];
}

/**
 * The owner's tax rates (`/wc/v3/taxes`). Rate 1 is the seeded NC state rate: the update sends the
 * rate it has, so the other probes' quotes do not change; a delete reaches an unknown id.
 */
function taxRoutes(): RouteEntry[] {
  const taxes = ownerApiPaths.taxes;
  return [
    ownerGet(taxes, () => taxes, 'class=luxury'),
    ownerGet(`${taxes}/{id}`, () => `${taxes}/1`),
    ownerGet(ownerApiPaths.taxClasses, () => ownerApiPaths.taxClasses),
    {
      route: `POST ${taxes}`,
      rule: 'the owner only',
      probes: () => [
        {
          method: 'POST',
          url: taxes,
          // A country no test address is in, so no quote changes.
          payload: () => ({ country: 'AQ', rate: '1', name: 'Matrix tax' }),
          expect: onlyFor(['owner'], 201),
        },
        {
          method: 'POST',
          url: taxes,
          payload: () => ({ rate: 'seven' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
    {
      route: `PUT ${taxes}/{id}`,
      rule: 'the owner only',
      probes: () => [
        {
          method: 'PUT',
          url: `${taxes}/1`,
          payload: () => ({ rate: '4.75' }),
          expect: onlyFor(['owner']),
        },
      ],
    },
    {
      route: `DELETE ${taxes}/{id}`,
      rule: 'the owner only',
      probes: () => [{ method: 'DELETE', url: `${taxes}/999999`, expect: onlyFor(['owner'], 404) }],
    },
    {
      route: `POST ${taxes}/batch`,
      rule: 'the owner only',
      probes: () => [
        {
          method: 'POST',
          url: `${taxes}/batch`,
          payload: () => ({ update: [{ id: 1, rate: '4.75' }], delete: [999999] }),
          expect: onlyFor(['owner']),
        },
        {
          method: 'POST',
          url: `${taxes}/batch`,
          payload: () => ({ create: 'everything' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
  ];
}

/** The owner's shipping zone routes; a delete reaches an unknown id, as each owner request is sent twice. */
function shippingEditingRoutes(): RouteEntry[] {
  const zones = apiPaths.shippingZones;
  const zone = (w: World) => `${zones}/${w.editableZoneId}`;
  const method = (w: World) => `${zone(w)}/methods/${w.disabledInstanceId}`;
  let zoneCounter = 0;
  return [
    {
      route: `POST ${zones}`,
      rule: 'the owner only',
      probes: () => [
        {
          method: 'POST',
          url: zones,
          // Last in order, so no address the other probes quote is matched by it.
          payload: () => ({ name: `Matrix zone ${++zoneCounter}`, order: 10_000 }),
          expect: onlyFor(['owner'], 201),
        },
        {
          method: 'POST',
          url: zones,
          payload: () => ({ name: '' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
    {
      route: `PUT ${zones}/{id}`,
      rule: 'the owner only; zone 0 for no one (403)',
      probes: (w) => [
        {
          method: 'PUT',
          url: zone(w),
          payload: () => ({ order: 9_000 }),
          expect: onlyFor(['owner']),
        },
        {
          method: 'PUT',
          url: `${zones}/0`,
          payload: () => ({ name: 'X' }),
          expect: onlyFor([], 403),
        },
      ],
    },
    {
      route: `DELETE ${zones}/{id}`,
      rule: 'the owner only',
      probes: () => [{ method: 'DELETE', url: `${zones}/999999`, expect: onlyFor(['owner'], 404) }],
    },
    ownerGet(`${zones}/{id}/locations`, (w) => `${zone(w)}/locations`),
    {
      route: `PUT ${zones}/{id}/locations`,
      rule: 'the owner only',
      probes: (w) => [
        {
          method: 'PUT',
          url: `${zone(w)}/locations`,
          payload: () => [{ code: 'AN', type: 'continent' }],
          expect: onlyFor(['owner']),
        },
      ],
    },
    {
      route: `POST ${zones}/{id}/methods`,
      rule: 'the owner only',
      probes: (w) => [
        {
          method: 'POST',
          url: `${zone(w)}/methods`,
          payload: () => ({ method_id: 'flat_rate', enabled: false, settings: { cost: '1.00' } }),
          expect: onlyFor(['owner'], 201),
        },
      ],
    },
    ownerGet(`${zones}/{id}/methods/{instance_id}`, method),
    {
      route: `PUT ${zones}/{id}/methods/{instance_id}`,
      rule: 'the owner only',
      probes: (w) => [
        {
          method: 'PUT',
          url: method(w),
          payload: () => ({ settings: { cost: '2.50' } }),
          expect: onlyFor(['owner']),
        },
      ],
    },
    {
      route: `DELETE ${zones}/{id}/methods/{instance_id}`,
      rule: 'the owner only',
      probes: (w) => [
        {
          method: 'DELETE',
          url: `${zone(w)}/methods/999999`,
          expect: onlyFor(['owner'], 404),
        },
      ],
    },
  ];
}

/** WooCommerce's webhooks (issue 17): owners, and keys of owner accounts, as every wc/v3 owner route. */
function webhookRoutes(): RouteEntry[] {
  const hooks = webhookPaths.webhooks;
  const hook = (w: World) => `${hooks}/${w.webhookId}`;
  // Paused: no ping goes to the discard port.
  const aWebhook = () => ({
    topic: 'order.created',
    delivery_url: 'http://127.0.0.1:9/',
    status: 'paused',
  });
  return [
    ownerGet(hooks, () => hooks, 'status=maybe'),
    ownerGet(`${hooks}/{id}`, hook),
    ownerGet(`${hooks}/{id}/deliveries`, (w) => webhookPaths.deliveries(w.webhookId)),
    {
      route: `POST ${hooks}`,
      rule: 'the owner only',
      probes: () => [
        { method: 'POST', url: hooks, payload: aWebhook, expect: onlyFor(['owner'], 201) },
        {
          method: 'POST',
          url: hooks,
          payload: () => ({ ...aWebhook(), delivery_url: 'ftp://example.com/' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
    {
      route: `POST ${hooks}/batch`,
      rule: 'the owner only',
      probes: () => [
        {
          method: 'POST',
          url: `${hooks}/batch`,
          payload: () => ({ create: [aWebhook()], delete: [999999] }),
          expect: onlyFor(['owner']),
        },
        {
          method: 'POST',
          url: `${hooks}/batch`,
          payload: () => ({ create: 'everything' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
    {
      route: `PUT ${hooks}/{id}`,
      rule: 'the owner only',
      probes: (w) => [
        {
          method: 'PUT',
          url: hook(w),
          payload: () => ({ name: 'Matrix hook' }),
          expect: onlyFor(['owner']),
        },
        {
          method: 'PUT',
          url: hook(w),
          payload: () => ({ topic: 'order.eaten' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
    {
      route: `DELETE ${hooks}/{id}`,
      rule: 'the owner only',
      probes: () => [{ method: 'DELETE', url: `${hooks}/999999`, expect: onlyFor(['owner'], 404) }],
    },
  ];
}

/** The owner's discount codes; the cart's quote of them is public, like the shipping quote. */
function couponRoutes(): RouteEntry[] {
  const coupons = couponApiPaths.coupons;
  const coupon = (w: World) => `${coupons}/${w.couponId}`;
  let codeCounter = 0;
  return [
    ownerGet(coupons, () => coupons, 'per_page=0'),
    ownerGet(`${coupons}/{id}`, coupon),
    {
      route: `POST ${coupons}`,
      rule: 'the owner only',
      probes: () => [
        {
          method: 'POST',
          url: coupons,
          payload: () => ({ code: `MATRIX${++codeCounter}`, amount: '5' }),
          expect: onlyFor(['owner'], 201),
        },
        {
          method: 'POST',
          url: coupons,
          payload: () => ({ code: '' }),
          expect: onlyFor(['owner'], 400),
        },
      ],
    },
    {
      route: `PUT ${coupons}/{id}`,
      rule: 'the owner only',
      probes: (w) => [
        {
          method: 'PUT',
          url: coupon(w),
          payload: () => ({ amount: '6' }),
          expect: onlyFor(['owner']),
        },
      ],
    },
    {
      route: `DELETE ${coupons}/{id}`,
      rule: 'the owner only',
      probes: () => [
        { method: 'DELETE', url: `${coupons}/999999`, expect: onlyFor(['owner'], 404) },
      ],
    },
    {
      route: `POST ${couponApiPaths.cartDiscounts}`,
      rule: 'public quote',
      probes: (w) => [
        {
          method: 'POST',
          url: couponApiPaths.cartDiscounts,
          payload: () => ({ products: [{ product_id: w.productId, quantity: 1 }] }),
          expect: same(200),
        },
      ],
    },
    {
      route: `POST ${quickOrderApiPaths.importFile}`,
      rule: 'approved wholesale buyers and owners',
      probes: () => [
        {
          method: 'POST',
          url: quickOrderApiPaths.importFile,
          payload: () => ({ csv: 'sku,quantity\nNO-SUCH-SKU,12' }),
          expect: onlyFor(['wholesale', 'owner']),
        },
      ],
    },
  ];
}

/** Issue 15: a buyer's wholesale status, the line sheet, and stockist listings. */
const wholesaleAccountRoutes: RouteEntry[] = [
  {
    route: `GET ${wholesaleAccountPaths.account}`,
    rule: 'any signed-in account, about itself',
    probes: () => [
      { method: 'GET', url: wholesaleAccountPaths.account, expect: { ...same(200), guest: 401 } },
    ],
  },
  {
    route: `GET ${wholesaleAccountPaths.lineSheet}`,
    rule: 'approved wholesale buyers and owners',
    probes: () => [
      {
        method: 'GET',
        url: wholesaleAccountPaths.lineSheet,
        expect: onlyFor(['wholesale', 'owner']),
      },
    ],
  },
  {
    route: `GET ${wholesaleAccountPaths.ownListings}`,
    rule: 'any signed-in account, its own requests only',
    probes: () => [
      {
        method: 'GET',
        url: wholesaleAccountPaths.ownListings,
        expect: { ...same(200), guest: 401 },
        check: (_actor, body) => {
          if (body.startsWith('[')) expect(JSON.parse(body)).toEqual([]);
        },
      },
    ],
  },
  {
    route: `POST ${wholesaleAccountPaths.ownListings}`,
    rule: 'approved wholesale buyers (401/403 before the body is read)',
    probes: () => [
      {
        method: 'POST',
        url: wholesaleAccountPaths.ownListings,
        payload: () => ({ business_name: '' }),
        expect: onlyFor(['wholesale'], 400),
      },
    ],
  },
  ownerGet(
    wholesaleAccountPaths.stockistListings,
    () => wholesaleAccountPaths.stockistListings,
    'status=maybe',
  ),
  {
    route: `PUT ${wholesaleAccountPaths.stockistListings}/{id}`,
    rule: 'owners only',
    probes: () => [
      {
        method: 'PUT',
        url: `${wholesaleAccountPaths.stockistListings}/999999`,
        payload: () => ({ status: 'declined', reason: 'Not a shop.' }),
        expect: onlyFor(['owner'], 404),
      },
    ],
  },
  {
    route: `DELETE ${wholesaleAccountPaths.stockistListings}/{id}`,
    rule: 'owners only',
    probes: () => [
      {
        method: 'DELETE',
        url: `${wholesaleAccountPaths.stockistListings}/999999`,
        expect: onlyFor(['owner'], 404),
      },
    ],
  },
];

const routes: RouteEntry[] = [
  ...backOfficeRoutes,
  ...productWriteRoutes,
  ...wholesaleAccountRoutes,
  publicGet('/wp-json/', () => '/wp-json/'),
  publicGet(apiPaths.pages, () => apiPaths.pages),
  publicGet(`${apiPaths.pages}/{id}`, (w) => `${apiPaths.pages}/${w.ids.page}`),
  publicGet(apiPaths.posts, () => apiPaths.posts),
  publicGet(`${apiPaths.posts}/{id}`, (w) => `${apiPaths.posts}/${w.ids.post}`),
  publicGet(apiPaths.team, () => apiPaths.team),
  publicGet(`${apiPaths.team}/{id}`, (w) => `${apiPaths.team}/${w.ids.team}`),
  publicGet(apiPaths.locations, () => apiPaths.locations),
  publicGet(`${apiPaths.locations}/{id}`, (w) => `${apiPaths.locations}/${w.ids.location}`),
  publicGet(apiPaths.postCategories, () => apiPaths.postCategories),
  publicGet(
    `${apiPaths.postCategories}/{id}`,
    (w) => `${apiPaths.postCategories}/${w.ids.postCategory}`,
  ),
  publicGet(apiPaths.productCategories, () => apiPaths.productCategories),
  publicGet(
    `${apiPaths.productCategories}/{id}`,
    (w) => `${apiPaths.productCategories}/${w.ids.category}`,
  ),
  {
    route: `GET ${apiPaths.products}`,
    rule: 'public read; wholesale_price only for the wholesale customer; drafts and context=edit are the owner’s',
    probes: (w) => [
      { method: 'GET', url: `${apiPaths.products}?status=draft`, expect: onlyFor(['owner']) },
      {
        method: 'GET',
        url: `${apiPaths.products}?context=edit&include=${w.productId}`,
        expect: onlyFor(['owner']),
      },
      {
        method: 'GET',
        url: `${apiPaths.products}?per_page=100`,
        expect: same(200),
        check: (actor, body) => {
          if (actor === 'wholesale') expect(body).toContain('"wholesale_price"');
        },
      },
    ],
  },
  {
    route: `GET ${apiPaths.products}/{id}`,
    rule: 'public read; wholesale_price only for the wholesale customer; context=edit is the owner’s',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.products}/${w.productId}?context=edit`,
        expect: onlyFor(['owner']),
      },
      {
        method: 'GET',
        url: `${apiPaths.products}/${w.variableProductId}`,
        expect: same(200),
        check: (actor, body) => {
          if (actor === 'wholesale') expect(body).toContain('"wholesale_price"');
          if (actor === 'wholesale') expect(body).toContain('"wholesale":{"case_size"');
        },
      },
    ],
  },
  publicGet(apiPaths.countries, () => apiPaths.countries),
  publicGet(`${apiPaths.countries}/{code}`, () => `${apiPaths.countries}/US`),
  publicGet(apiPaths.shippingZones, () => apiPaths.shippingZones),
  {
    route: `GET ${apiPaths.shippingZones}/{id}/methods`,
    rule: 'public read of the enabled methods; the owner sees the disabled ones too',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.shippingZones}/${w.editableZoneId}/methods`,
        expect: same(200),
        check: (actor, body) => {
          const listed = (JSON.parse(body) as { instance_id: number }[]).map(
            (method) => method.instance_id,
          );
          expect(listed.includes(w.disabledInstanceId)).toBe(actor === 'owner');
        },
      },
    ],
  },
  publicGet(apiPaths.paymentGateways, () => apiPaths.paymentGateways),

  {
    route: `GET ${apiPaths.productReviews}`,
    rule: 'approved reviews are public; any other status is the owner’s alone',
    probes: () => [
      { method: 'GET', url: apiPaths.productReviews, expect: same(200) },
      {
        method: 'GET',
        url: `${apiPaths.productReviews}?status=hold`,
        expect: onlyFor(['owner']),
      },
      {
        method: 'GET',
        url: `${apiPaths.productReviews}?status=all`,
        expect: onlyFor(['owner']),
      },
    ],
  },
  {
    route: `GET ${apiPaths.productReviews}/{id}`,
    rule: 'an approved review is public; a held one exists only for the owner',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.productReviews}/${w.approvedReviewId}`,
        expect: same(200),
      },
      {
        method: 'GET',
        url: `${apiPaths.productReviews}/${w.heldReviewId}`,
        expect: { ...same(404), owner: 200 },
      },
    ],
  },
  ...[apiPaths.productReviews, `${apiPaths.productReviews}/`].map((path): RouteEntry => ({
    route: `POST ${path}`,
    rule: 'anyone may review (held unless a verified buyer)',
    probes: (w) => [
      { method: 'POST', url: path, payload: aReview(w.productId), expect: same(201) },
    ],
  })),
  {
    route: `POST ${apiPaths.formSubmit}`,
    rule: 'public form',
    probes: () => [
      {
        method: 'POST',
        url: apiPaths.formSubmit,
        payload: () => ({
          form_id: CONTACT_FORM_ID,
          '1': 'Pat',
          '2': 'Matrix',
          '3': 'pat@example.com',
          '4': '',
          '5': 'Do you deliver?',
        }),
        expect: same(201),
      },
    ],
  },
  {
    route: `POST ${apiPaths.newsletter}`,
    rule: 'public form',
    probes: () => [
      {
        method: 'POST',
        url: apiPaths.newsletter,
        payload: () => ({ email: uniqueEmail('reader') }),
        expect: same(201),
      },
    ],
  },
  {
    route: 'POST /wp-json/wc/v3/products/{id}/stock-notifications',
    rule: 'public form',
    probes: (w) => [
      {
        method: 'POST',
        url: `/wp-json/wc/v3/products/${w.soldOutProductId}/stock-notifications`,
        payload: () => ({ email: uniqueEmail('waiting') }),
        expect: same(202),
      },
    ],
  },
  {
    route: 'DELETE /wp-json/wc/v3/stock-notifications/{id}',
    rule: 'anyone with the emailed key; without it the same 404 for everyone',
    probes: () => [
      {
        method: 'DELETE',
        url: '/wp-json/wc/v3/stock-notifications/999999?key=not-the-key',
        expect: same(404),
      },
    ],
  },

  {
    route: `POST ${apiPaths.customers}`,
    rule: 'anyone may sign up; the account is always a plain customer',
    probes: () => [
      {
        method: 'POST',
        url: apiPaths.customers,
        payload: () => ({
          email: uniqueEmail('signup'),
          password: TEST_PASSWORD,
          first_name: 'Pat',
          last_name: 'Matrix',
          role: 'administrator',
        }),
        expect: same(201),
        check: (_actor, body) => expect(JSON.parse(body)).toMatchObject({ role: 'customer' }),
      },
    ],
  },
  {
    route: `POST ${apiPaths.token}`,
    rule: 'anyone may sign in with their own credentials',
    probes: (w) => [
      {
        method: 'POST',
        url: apiPaths.token,
        payload: (actor) => ({
          username: w.sessions[actor === 'guest' ? 'customerB' : actor].email,
          password: TEST_PASSWORD,
        }),
        expect: same(200),
      },
    ],
  },
  {
    route: `POST ${apiPaths.logout}`,
    rule: 'harmless for anyone',
    probes: () => [{ method: 'POST', url: apiPaths.logout, expect: same(200), endsSession: true }],
  },
  {
    route: `GET ${apiPaths.customers}/me`,
    rule: 'your own account',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.customers}/me`,
        expect: { ...same(200), guest: 401 },
        check: (actor, body) => {
          if (actor !== 'guest') expect(JSON.parse(body).id).toBe(w.sessions[actor].id);
        },
      },
    ],
  },
  {
    route: `GET ${apiPaths.customers}/{id}`,
    rule: 'your own account, or any for the owner',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.customers}/${w.sessions.customerA.id}`,
        expect: onlyFor(['customerA', 'owner']),
      },
    ],
  },
  ...(['POST', 'PUT'] as const).map((method): RouteEntry => ({
    route: `${method} ${apiPaths.customers}/{id}`,
    rule:
      'your own account (or the owner); a customer cannot change role, verification or other ' +
      'accounts; only an owner moves a shopper between customer and wholesale_customer, never to an owner',
    probes: (w) => [
      {
        method,
        url: `${apiPaths.customers}/${w.sessions.customerA.id}`,
        payload: () => ({
          first_name: 'Robin',
          role: 'administrator',
          email_verified: true,
          username: 'someone-else',
          id: w.sessions.customerB.id,
        }),
        // The owner's body with a role is a role change: making an owner is refused.
        expect: { ...onlyFor(['customerA']), owner: 400 },
        check: async (actor, body) => {
          if (actor === 'customerA') {
            expect(JSON.parse(body)).toMatchObject({
              id: w.sessions.customerA.id,
              role: 'customer',
            });
          }
          const [a] = await db()
            .select()
            .from(customers)
            .where(eq(customers.id, w.sessions.customerA.id));
          expect(a).toMatchObject({
            role: 'customer',
            emailVerified: false,
            username: w.sessions.customerA.email,
          });
          const [b] = await db()
            .select()
            .from(customers)
            .where(eq(customers.id, w.sessions.customerB.id));
          expect(b).toMatchObject({ role: 'customer', firstName: 'Robin', lastName: 'Oats' });
        },
      },
      {
        method,
        url: `${apiPaths.customers}/${w.shopperIds[method]}`,
        payload: () => ({ role: 'wholesale_customer' }),
        expect: onlyFor(['owner']),
        check: async (actor) => {
          const [shopper] = await db()
            .select()
            .from(customers)
            .where(eq(customers.id, w.shopperIds[method]));
          // Only the owner's request (the last actor) moves the shopper.
          expect(shopper!.role).toBe(actor === 'owner' ? 'wholesale_customer' : 'customer');
        },
      },
    ],
  })),
  {
    route: `GET ${apiPaths.customers}`,
    rule: 'owners only',
    probes: () => [
      { method: 'GET', url: apiPaths.customers, expect: onlyFor(['owner']) },
      {
        method: 'GET',
        url: `${apiPaths.customers}?role=nonsense`,
        expect: { ...onlyFor(['owner']), owner: 400 },
      },
    ],
  },
  ...[apiPaths.salesReport, apiPaths.topSellers].map((path): RouteEntry => ({
    route: `GET ${path}`,
    rule: 'owners only',
    probes: () => [
      { method: 'GET', url: `${path}?period=year`, expect: onlyFor(['owner']) },
      {
        method: 'GET',
        url: `${path}?date_min=2026-02-30`,
        expect: { ...onlyFor(['owner']), owner: 400 },
      },
    ],
  })),
  {
    route: `POST ${apiPaths.changePassword}`,
    rule: 'signed in, with the current password',
    probes: () => [
      {
        method: 'POST',
        url: apiPaths.changePassword,
        payload: () => ({ current_password: 'not my password', password: 'a new long passphrase' }),
        expect: { ...same(400), guest: 401 },
      },
    ],
  },
  {
    route: `GET ${apiPaths.twoFactor}`,
    rule: 'owners only',
    probes: () => [{ method: 'GET', url: apiPaths.twoFactor, expect: onlyFor(['owner']) }],
  },
  {
    route: `POST ${apiPaths.twoFactor}/setup`,
    rule: 'owners only',
    probes: () => [
      { method: 'POST', url: `${apiPaths.twoFactor}/setup`, expect: onlyFor(['owner']) },
    ],
  },
  ...(['enable', 'disable'] as const).map((action): RouteEntry => ({
    route: `POST ${apiPaths.twoFactor}/${action}`,
    rule: 'owners only, with a code from their authenticator app (401/403 before the body is read)',
    probes: () => [
      {
        method: 'POST',
        url: `${apiPaths.twoFactor}/${action}`,
        payload: () => ({ code: 'nope' }),
        expect: onlyFor(['owner'], 400),
      },
    ],
  })),
  {
    route: `POST ${apiPaths.confirmEmail}`,
    rule: 'public; only the key emailed to the new address works',
    probes: (w) => [
      {
        method: 'POST',
        url: apiPaths.confirmEmail,
        payload: () => ({ key: 'not-the-emailed-key', userId: w.sessions.customerA.id }),
        expect: same(400),
      },
    ],
  },
  {
    route: `POST ${apiPaths.forgotPassword}`,
    rule: 'public; the same answer for any address',
    probes: () => [
      {
        method: 'POST',
        url: apiPaths.forgotPassword,
        payload: () => ({ email: uniqueEmail('nobody') }),
        expect: same(200),
      },
    ],
  },
  {
    route: `POST ${apiPaths.resetPassword}`,
    rule: 'public; only the emailed key works',
    probes: (w) => [
      {
        method: 'POST',
        url: apiPaths.resetPassword,
        payload: () => ({
          password: 'a new long passphrase',
          key: 'not-the-emailed-key',
          userId: w.sessions.customerA.id,
        }),
        expect: same(400),
      },
    ],
  },
  ...[apiPaths.wholesaleRegistration, apiPaths.wholesaleRegistration.replace(/\/$/, '')].map(
    (path): RouteEntry => ({
      route: `POST ${path}`,
      rule: 'anyone may apply (multipart; behaviour in wholesale.test.ts)',
      probes: () => [{ method: 'POST', url: path, payload: () => ({}), expect: same(415) }],
    }),
  ),

  ...[apiPaths.shippingRates, apiPaths.shippingRates.replace(/\/$/, '')].map(
    (path): RouteEntry => ({
      route: `POST ${path}`,
      rule: 'public quote',
      probes: (w) => [
        {
          method: 'POST',
          url: path,
          payload: () => ({ ...aBuyer, products: [{ product_id: w.productId, quantity: 1 }] }),
          expect: same(200),
        },
      ],
    }),
  ),
  ...[apiPaths.orders, `${apiPaths.orders}/`].map((path): RouteEntry => ({
    route: `POST ${path}`,
    rule: 'anyone orders as a guest (customer_id 0); only you order as yourself, or an owner for anyone',
    probes: (w) => [
      { method: 'POST', url: path, payload: orderPayload(w, 0), expect: same(201) },
      {
        method: 'POST',
        url: path,
        payload: orderPayload(w, w.sessions.customerA.id),
        // A guest naming a customer is 403 too (orders.test.ts pins it): no sign-in would help.
        // An owner enters phone and email orders for customers (decision 0041).
        expect: { ...onlyFor(['customerA', 'owner'], 201), guest: 403 },
      },
    ],
  })),
  {
    route: `GET ${apiPaths.orders}`,
    rule: 'only your own orders; every order for the owner',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.orders}?customer=${w.sessions.customerA.id}`,
        expect: onlyFor(['customerA', 'owner']),
        check: (actor, body) => {
          if (actor !== 'customerA' && actor !== 'owner') return;
          const listed = JSON.parse(body) as Order[];
          expect(listed.length).toBeGreaterThan(0);
          expect(listed.every((order) => order.customer_id === w.sessions.customerA.id)).toBe(true);
        },
      },
      {
        method: 'GET',
        url: `${apiPaths.orders}?search=${w.guestOrder.id}`,
        // A customer must name themselves; a guest is refused before the query is read.
        expect: { ...same(400), guest: 401, owner: 200 },
        check: (actor, body) => {
          if (actor !== 'owner') return;
          const listed = JSON.parse(body) as Order[];
          expect(listed.some((order) => order.id === w.guestOrder.id)).toBe(true);
        },
      },
    ],
  },
  {
    route: `GET ${apiPaths.orders}/{id}`,
    rule: 'the buyer, or anyone with the order key; any order for the owner',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.orders}/${w.orderA.id}`,
        expect: onlyFor(['customerA', 'owner']),
      },
      {
        method: 'GET',
        url: `${apiPaths.orders}/${w.orderA.id}?key=${w.orderA.order_key}`,
        expect: same(200),
      },
      {
        method: 'GET',
        url: `${apiPaths.orders}/${w.orderA.id}?key=wc_order_wrong`,
        expect: onlyFor(['customerA', 'owner']),
      },
      {
        method: 'GET',
        url: `${apiPaths.orders}/${w.guestOrder.id}`,
        expect: onlyFor(['owner']),
        check: (actor, body) => {
          if (actor === 'owner') expect(JSON.parse(body)).toHaveProperty('price_list');
          else expect(body).not.toContain('price_list');
        },
      },
      {
        method: 'GET',
        url: `${apiPaths.orders}/${w.guestOrder.id}?key=${w.guestOrder.order_key}`,
        expect: same(200),
      },
    ],
  },
  {
    route: `PUT ${apiPaths.orders}/{id}`,
    rule: 'the owner only (status, shipment)',
    probes: (w) => [
      {
        method: 'PUT',
        url: `${apiPaths.orders}/${w.completedOrderA.id}`,
        payload: () => ({ shipment: { carrier: 'usps', tracking_number: '9400111899223' } }),
        expect: onlyFor(['owner']),
      },
    ],
  },
  {
    route: `POST ${apiPaths.orders}/{id}/invoice-payment`,
    // The owner passes the guard; a card order is no invoice to mark paid (409).
    rule: 'the owner only',
    probes: (w) => [
      {
        method: 'POST',
        url: `${apiPaths.orders}/${w.completedOrderA.id}/invoice-payment`,
        payload: () => ({ reference: 'Checked by the matrix.' }),
        expect: onlyFor(['owner'], 409),
      },
    ],
  },
  {
    route: `GET ${apiPaths.orders}/{id}/notes`,
    rule: 'the owner only (private notes)',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.orders}/${w.completedOrderA.id}/notes`,
        expect: onlyFor(['owner']),
      },
    ],
  },
  {
    route: `POST ${apiPaths.orders}/{id}/notes`,
    rule: 'the owner only',
    probes: (w) => [
      {
        method: 'POST',
        url: `${apiPaths.orders}/${w.completedOrderA.id}/notes`,
        payload: () => ({ note: 'Checked by the matrix.' }),
        expect: onlyFor(['owner'], 201),
      },
    ],
  },
  {
    route: `GET ${apiPaths.orders}/{id}/refunds`,
    rule: 'the owner only',
    probes: (w) => [
      {
        method: 'GET',
        url: `${apiPaths.orders}/${w.completedOrderA.id}/refunds`,
        expect: onlyFor(['owner']),
      },
    ],
  },
  {
    route: `POST ${apiPaths.orders}/{id}/refunds`,
    rule: 'the owner only',
    probes: (w) => [
      {
        method: 'POST',
        url: `${apiPaths.orders}/${w.completedOrderA.id}/refunds`,
        payload: () => ({ amount: '0.01', reason: 'Matrix' }),
        expect: onlyFor(['owner'], 201),
      },
    ],
  },
  // Paying someone else's order: refused before any charge. The buyer's own order is paid already,
  // so the buyer gets 409 and the matrix charges nothing.
  {
    route: `POST ${apiPaths.cardPayment}`,
    rule: 'the buyer, or anyone with the order key',
    probes: (w) => [
      {
        method: 'POST',
        url: apiPaths.cardPayment,
        payload: () => ({
          order_id: w.paidOrderA.id,
          payment_token: testPaymentToken('4242 4242 4242 4242'),
          payment_method: 'stripe',
          payment_method_title: 'Credit Card (Stripe)',
        }),
        expect: onlyFor(['customerA'], 409),
      },
    ],
  },
  {
    route: `POST ${apiPaths.paypalOrder}`,
    rule: 'the buyer, or anyone with the order key',
    probes: (w) => [
      {
        method: 'POST',
        url: apiPaths.paypalOrder,
        payload: () => ({ order_id: w.paidOrderA.id }),
        expect: onlyFor(['customerA'], 409),
      },
    ],
  },
  {
    route: `POST ${apiPaths.paypalPayment}`,
    rule: 'the buyer, or anyone with the order key',
    probes: (w) => [
      {
        method: 'POST',
        url: apiPaths.paypalPayment,
        payload: () => ({ order_id: w.paidOrderA.id, payer_id: 'PAYER', ppec_token: 'PP-1' }),
        expect: onlyFor(['customerA'], 409),
      },
    ],
  },
];

let t: TestApp;
let world: World;
const db = () => t.database.db;

beforeAll(async () => {
  // The seed gives the pages, posts, team and an approved review; the products are the test's own.
  t = await buildTestApp();
  const sessions = {
    customerA: await signedInCustomer(t.app, db(), { name: 'a' }),
    customerB: await signedInCustomer(t.app, db(), { name: 'b' }),
    wholesale: await signedInCustomer(t.app, db(), { name: 'w', role: 'wholesale_customer' }),
    owner: await signedInCustomer(t.app, db(), { name: 'owner', role: 'administrator' }),
  };
  const productId = (await createProduct(t, { regular_price: '39.00' })).id;
  const lines = [{ product_id: productId, quantity: 1 }];
  const orderA = await placeOrderAs(t.app, sessions.customerA, lines);
  const paidOrderA = await placeOrderAs(t.app, sessions.customerA, lines);
  await payOrder(t.app, sessions.customerA, paidOrderA);
  const guestOrder = await placeOrderAs(t.app, null, lines);
  const completedOrderA = await placeOrderAs(t.app, sessions.customerA, lines);
  await payOrder(t.app, sessions.customerA, completedOrderA);
  const completed = await t.app.inject({
    method: 'PUT',
    url: `${apiPaths.orders}/${completedOrderA.id}`,
    headers: sessions.owner.bearer,
    payload: { status: 'completed' },
  });
  if (completed.statusCode !== 200) throw new Error(`complete: ${completed.body}`);
  const [approved] = await db()
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(eq(productReviews.status, 'approved'))
    .limit(1);
  const held = await t.app.inject({
    method: 'POST',
    url: apiPaths.productReviews,
    payload: aReview(productId)(),
  });
  const applicant = () => signedInCustomer(t.app, db(), { name: 'applicant' });
  const pendingApplicationId = await createWholesaleApplication(t.app, await applicant());
  const decidedApplicationId = await createWholesaleApplication(t.app, await applicant());
  const decided = await t.app.inject({
    method: 'PUT',
    url: `${apiPaths.wholesaleApplications}/${decidedApplicationId}`,
    headers: sessions.owner.bearer,
    payload: { status: 'rejected', reason: 'Not a shop.' },
  });
  if (decided.statusCode !== 200) throw new Error(`reject: ${decided.statusCode} ${decided.body}`);
  const contact = await t.app.inject({
    method: 'POST',
    url: apiPaths.formSubmit,
    payload: {
      form_id: CONTACT_FORM_ID,
      '1': 'Pat',
      '2': 'Matrix',
      '3': 'pat@example.com',
      '4': '',
      '5': 'Owners only, please.',
    },
  });
  const firstId = async (url: string) =>
    (await t.app.inject({ url })).json<{ id: number }[]>()[0]!.id;
  const editable = await createVariableProduct(t);
  const soldOut = await createProduct(t, { stock_quantity: 0, stock_status: 'outofstock' });
  const rates = await t.app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    payload: { ...aBuyer, products: lines },
  });
  const asOwner = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: sessions.owner.bearer, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return res.json<{ id: number; instance_id: number }>();
  };
  const editableZone = await asOwner('POST', apiPaths.shippingZones, {
    name: 'Matrix Antarctica',
    order: 9_000,
  });
  const editableZoneUrl = `${apiPaths.shippingZones}/${editableZone.id}`;
  await asOwner('PUT', `${editableZoneUrl}/locations`, [{ code: 'AN', type: 'continent' }]);
  const disabled = await asOwner('POST', `${editableZoneUrl}/methods`, {
    method_id: 'local_pickup',
    enabled: false,
  });
  const matrixCoupon = await asOwner('POST', couponApiPaths.coupons, { code: 'MATRIXEDIT' });
  const matrixWebhook = await asOwner('POST', webhookPaths.webhooks, {
    topic: 'coupon.updated',
    delivery_url: 'http://127.0.0.1:9/',
    status: 'paused',
  });
  // The paid orders' e-mails, sent by the shop once their payments answered.
  await t.app.afterAnswer.settled();
  const [sentEmail] = await db()
    .select({ id: queuedEmails.id })
    .from(queuedEmails)
    .where(eq(queuedEmails.status, 'sent'))
    .limit(1);
  world = {
    sessions,
    sentEmailId: sentEmail!.id,
    couponId: matrixCoupon.id,
    webhookId: matrixWebhook.id,
    editableZoneId: editableZone.id,
    soldOutProductId: soldOut.id,
    disabledInstanceId: disabled.instance_id,
    freshSession: (actor) => signIn(t.app, sessions[actor].email),
    productId,
    variableProductId: (
      await createVariableProduct(t, {
        variations: [
          { size: '12 oz', regular_price: '12.00', wholesale_price: '7.20' },
          { size: '24 oz', regular_price: '20.00', wholesale_price: '12.00' },
        ],
      })
    ).id,
    shopperIds: {
      POST: (await signedInCustomer(t.app, db(), { name: 'shopper' })).id,
      PUT: (await signedInCustomer(t.app, db(), { name: 'shopper' })).id,
    },
    orderA,
    paidOrderA,
    completedOrderA,
    guestOrder,
    heldReviewId: held.json<{ id: number }>().id,
    approvedReviewId: approved!.id,
    pendingApplicationId,
    decidedApplicationId,
    contactMessageId: contact.json<{ id: number }>().id,
    ids: {
      page: await firstId(apiPaths.pages),
      post: await firstId(apiPaths.posts),
      team: await firstId(apiPaths.team),
      location: await firstId(apiPaths.locations),
      postCategory: await firstId(apiPaths.postCategories),
      category: await firstId(apiPaths.productCategories),
    },
    instanceId: rates.json<{ instance_id: number }[]>()[0]!.instance_id,
    methodId: rates.json<{ method_id: string }[]>()[0]!.method_id,
    editable: { productId: editable.id, variationId: editable.variations[0]!.id },
    mediaId: (await db().select({ id: media.id }).from(media).limit(1))[0]!.id,
    jpeg: await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 240, g: 200, b: 120 } },
    })
      .jpeg()
      .toBuffer(),
  };
});
afterAll(() => t.close());

describe('the permissions matrix', () => {
  it('classifies every route the API serves', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const classified = routes.map((entry) => entry.route);
    expect(served.filter((route) => !classified.includes(route))).toEqual([]);
    expect(classified.filter((route) => !served.includes(route))).toEqual([]);
  });

  for (const entry of routes) {
    it(`${entry.route}: ${entry.rule}`, async () => {
      for (const probe of entry.probes(world)) {
        for (const actor of ACTORS) {
          const send = async (headers: Record<string, string>) => {
            const res = await t.app.inject({
              method: probe.method,
              url: probe.url,
              headers: { ...probe.headers, ...headers },
              ...(probe.payload ? { payload: probe.payload(actor) } : {}),
            });
            const label = `${actor} ${probe.method} ${probe.url}`;
            expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(probe.expect[actor]);
            if (actor !== 'wholesale' && !(actor === 'owner' && probe.ownerSeesWholesalePrices)) {
              expect(res.body, `${label} must not carry wholesale_price`).not.toContain(
                'wholesale_price',
              );
            }
            // Decision 0037: cases, minimums and breaks are shown where wholesale prices are.
            if (actor !== 'wholesale' && actor !== 'owner') {
              expect(res.body, `${label} must not carry wholesale rules`).not.toContain(
                '"case_size"',
              );
            }
            if (res.statusCode >= 400) {
              expect(ApiErrorSchema.safeParse(res.json()).success, `${label}: error shape`).toBe(
                true,
              );
            }
            await probe.check?.(actor, res.body);
          };
          if (actor === 'guest') {
            await send({});
            continue;
          }
          const session = probe.endsSession
            ? await world.freshSession(actor)
            : world.sessions[actor];
          await send(session.bearer);
          if (probe.method !== 'GET') {
            const browser = probe.endsSession ? await world.freshSession(actor) : session;
            await send(browser.browser());
            // A cookie-signed write without the XSRF header is refused before the route runs.
            const victim = probe.endsSession ? await world.freshSession(actor) : session;
            const forged = await t.app.inject({
              method: probe.method,
              url: probe.url,
              headers: { ...probe.headers, ...victim.browser(false) },
              ...(probe.payload ? { payload: probe.payload(actor) } : {}),
            });
            expect(forged.statusCode, `${actor} ${probe.url} without X-XSRF-TOKEN`).toBe(403);
            expect(forged.json()).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
          }
        }
      }
    });
  }
});
