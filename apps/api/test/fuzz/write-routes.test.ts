import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  CONTACT_FORM_ID,
  queuedEmailPaths,
  wholesaleAccountPaths,
} from '@larder/contract';
import { queuedEmails } from '../../src/db/schema.ts';
import { createProduct, createWholesaleApplication, createWholesaleBuyer } from '../factories.ts';
import { payOrder, placeOrderAs, signedInCustomer, type Session } from '../sessions.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import {
  hostileId,
  hostileValue,
  malformedJson,
  pollutingJson,
  wrongContentType,
} from './hostile-values.ts';

/**
 * Property-based fuzzing of every write route in the OpenAPI document (a new route is fuzzed
 * without touching this file). FUZZ_RUNS payloads per route: 10,000 in `npm run fuzz`, which also
 * prints what was sent and what came back; in `npm test` 100 (7,000 requests, half a minute of a
 * worker on PGlite) and 50 on PostgreSQL (decision 0069).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const REPORT = process.env.FUZZ_REPORT === '1';
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
const unlimited = { max: 1_000_000_000, windowMs: 60_000 };

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
interface WriteRoute {
  method: Uppercase<(typeof WRITE_METHODS)[number]>;
  path: string;
  /** Top-level body fields the route's schema names: fuzzed values go under real names too. */
  fields: string[];
  /** Refuses a customer as WooCommerce refuses a non-owner and lets an owner through. */
  ownerOnly: boolean;
}

let t: TestApp;
let session: Session;
/** An administrator: the back office's payloads reach validation and the service only as one. */
let owner: Session;
/** An approved wholesale buyer: the routes only such an account may write to read its bodies. */
let wholesaleBuyer: Session;
let validIds: number[];
const tally = new Map<string, { sent: number; statuses: Map<number, number> }>();

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      rateLimits: Object.fromEntries(
        [
          'review',
          'contact',
          'newsletter',
          'shippingRates',
          'order',
          'payment',
          'login',
          'signUp',
          'passwordReset',
          'wholesale',
        ].map((name) => [name, unlimited]),
      ),
    },
  });
  session = await signedInCustomer(t.app, t.database.db, { name: 'fuzz' });
  owner = await newOwner();
  const productId = (await createProduct(t)).id;
  const order = await placeOrderAs(t.app, session, [{ product_id: productId, quantity: 1 }]);
  const applicationId = await createWholesaleApplication(
    t.app,
    await signedInCustomer(t.app, t.database.db, { name: 'applicant' }),
  );
  const contact = await t.app.inject({
    method: 'POST',
    url: apiPaths.formSubmit,
    payload: { form_id: CONTACT_FORM_ID, '1': 'F', '2': 'Z', '3': 'f@example.com', '5': 'Hi' },
  });
  // A paid order too, so status changes, shipments and refunds get past "not paid".
  const paid = await placeOrderAs(t.app, session, [{ product_id: productId, quantity: 1 }]);
  await payOrder(t.app, session, paid);
  wholesaleBuyer = await createWholesaleBuyer(t);
  const listing = await t.app.inject({
    method: 'POST',
    url: wholesaleAccountPaths.ownListings,
    headers: wholesaleBuyer.bearer,
    payload: {
      business_name: 'Fuzz Stockist',
      address: '1 Main St',
      city: 'Durham',
      state: 'NC',
      postcode: '27701',
    },
  });
  // The e-mails its payment queued: the resend route's records.
  await t.app.afterAnswer.settled();
  const emailIds = (await t.database.db.select({ id: queuedEmails.id }).from(queuedEmails)).map(
    (row) => row.id,
  );
  // Ids that exist, so payloads reach past the lookups: owner routes' records as well.
  validIds = [
    productId,
    order.id,
    paid.id,
    session.id,
    applicationId,
    contact.json<{ id: number }>().id,
    listing.json<{ id: number }>().id,
    ...emailIds,
    1,
  ];
}, 60_000);

afterAll(async () => {
  if (REPORT) printTally();
  await t?.close();
});

const newOwner = () =>
  signedInCustomer(t.app, t.database.db, { name: 'fuzz-owner', role: 'administrator' });

const isOwnerRefusal = (res: { statusCode: number; body: string }) =>
  res.statusCode === 403 && /"code":"woocommerce_rest_cannot_/.test(res.body);

/** Signs in anew when an earlier request (a sign-out, a password change) ended the session. */
async function keepSignedIn(current: Session, signInAgain: () => Promise<Session>) {
  const me = await t.app.inject({ url: `${apiPaths.customers}/me`, headers: current.bearer });
  return me.statusCode === 401 ? signInAgain() : current;
}

/**
 * Owner-only by the rule, not by a list: a customer is refused with WooCommerce's
 * `woocommerce_rest_cannot_*` 403 and the owner is not, before any body is read.
 */
async function ownerOnly(method: string, path: string): Promise<boolean> {
  session = await keepSignedIn(session, () =>
    signedInCustomer(t.app, t.database.db, { name: 'fuzz' }),
  );
  owner = await keepSignedIn(owner, newOwner);
  const url = path.replace(/\{[^}]+\}/g, String(validIds[0]));
  const ask = (headers: Record<string, string>) =>
    t.app.inject({ method: method as 'PUT', url, headers });
  return isOwnerRefusal(await ask(session.bearer)) && !isOwnerRefusal(await ask(owner.bearer));
}

let foundRoutes: WriteRoute[] | undefined;

async function writeRoutes(): Promise<WriteRoute[]> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    WRITE_METHODS.filter((method) => operations[method]).map((method) => {
      const content = operations[method]!.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      return {
        method: method.toUpperCase() as WriteRoute['method'],
        path,
        fields: Object.keys(schema?.properties ?? {}),
      };
    }),
  );
  if (foundRoutes) return foundRoutes;
  const found: WriteRoute[] = [];
  for (const route of routes)
    found.push({ ...route, ownerOnly: await ownerOnly(route.method, route.path) });
  session = await keepSignedIn(session, () =>
    signedInCustomer(t.app, t.database.db, { name: 'fuzz' }),
  );
  owner = await keepSignedIn(owner, newOwner);
  foundRoutes = found;
  return found;
}

type Identity =
  | 'guest'
  | 'bearer'
  | 'cookie'
  | 'bad-bearer'
  | 'wholesale-bearer'
  | 'owner-bearer'
  | 'owner-cookie';
const IDENTITIES: Identity[] = ['guest', 'bearer', 'cookie', 'bad-bearer', 'wholesale-bearer'];
const OWNER_IDENTITIES: Identity[] = ['owner-bearer', 'owner-cookie'];
interface FuzzRequest {
  identity: Identity;
  ids: string[];
  body:
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'none' };
}

const requestFor = (route: WriteRoute): fc.Arbitrary<FuzzRequest> => {
  const idCount = (route.path.match(/\{[^}]+\}/g) ?? []).length;
  const namedFields =
    route.fields.length > 0
      ? fc
          .tuple(
            fc.subarray(route.fields, { minLength: 1 }),
            fc.array(hostileValue, {
              minLength: route.fields.length,
              maxLength: route.fields.length,
            }),
            fc.dictionary(
              fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'id', 'price'),
              hostileValue,
              { maxKeys: 2 },
            ),
          )
          .map(([names, values, extra]) => {
            const body: Record<string, unknown> = {};
            // Configurable: an extra key the schema also names (`role`) replaces the field's value.
            const field = (value: unknown) => ({
              value,
              enumerable: true,
              configurable: true,
              writable: true,
            });
            names.forEach((name, index) => Object.defineProperty(body, name, field(values[index])));
            for (const [name, value] of Object.entries(extra))
              Object.defineProperty(body, name, field(value));
            return body;
          })
      : hostileValue;
  return fc.record({
    // Owner-only routes answer anyone else before reading the body: most of their payloads are
    // sent as the owner. Every other route hears from the owner too.
    identity: route.ownerOnly
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...OWNER_IDENTITIES) },
          { weight: 1, arbitrary: fc.constantFrom(...IDENTITIES) },
        )
      : fc.constantFrom(...IDENTITIES, ...OWNER_IDENTITIES),
    ids: fc.array(hostileId(validIds), { minLength: idCount, maxLength: idCount }),
    body: fc.oneof(
      { weight: 6, arbitrary: namedFields.map((value) => ({ kind: 'json' as const, value })) },
      { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
      {
        weight: 1,
        arbitrary: pollutingJson.map((text) => ({
          kind: 'raw' as const,
          text,
          contentType: 'application/json',
        })),
      },
      {
        weight: 1,
        arbitrary: malformedJson.map((text) => ({
          kind: 'raw' as const,
          text,
          contentType: 'application/json',
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(malformedJson, wrongContentType)
          .map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType })),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    ),
  });
};

function headersFor(identity: Identity): Record<string, string> {
  if (identity === 'bearer') return session.bearer;
  if (identity === 'cookie') return session.browser();
  if (identity === 'bad-bearer') return { authorization: 'Bearer not.a.token' };
  if (identity === 'wholesale-bearer') return wholesaleBuyer.bearer;
  if (identity === 'owner-bearer') return owner.bearer;
  if (identity === 'owner-cookie') return owner.browser();
  return {};
}

async function send(route: WriteRoute, request: FuzzRequest) {
  let index = 0;
  const url = route.path.replace(/\{[^}]+\}/g, () => request.ids[index++] ?? '1');
  const headers = headersFor(request.identity);
  const { body } = request;
  const res = await t.app.inject({
    method: route.method,
    url,
    headers:
      body.kind === 'raw'
        ? { ...headers, 'content-type': body.contentType }
        : body.kind === 'json'
          ? { ...headers, 'content-type': 'application/json' }
          : headers,
    ...(body.kind === 'raw' ? { payload: body.text } : {}),
    ...(body.kind === 'json' ? { payload: JSON.stringify(body.value) ?? 'null' } : {}),
  });
  // Sign-out, a password change or a new email ends the fuzzing session: start another, so the
  // signed-in payloads keep reaching past authentication.
  if (res.statusCode === 401 && (request.identity === 'bearer' || request.identity === 'cookie')) {
    session = await signedInCustomer(t.app, t.database.db, { name: 'fuzz' });
    validIds.push(session.id);
  }
  if (res.statusCode === 401 && OWNER_IDENTITIES.includes(request.identity))
    owner = await newOwner();
  const key = `${route.method} ${route.path}`;
  const entry = tally.get(key) ?? { sent: 0, statuses: new Map() };
  entry.sent++;
  entry.statuses.set(res.statusCode, (entry.statuses.get(res.statusCode) ?? 0) + 1);
  tally.set(key, entry);
  return res;
}

function printTally() {
  const rows = [...tally].map(([route, { sent, statuses }]) => ({
    route,
    sent,
    statuses: [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' '),
  }));
  const total = rows.reduce((sum, row) => sum + row.sent, 0);
  const width = Math.max(...rows.map((row) => row.route.length));
  const lines = rows.map(
    (row) => `${row.route.padEnd(width)}  ${String(row.sent).padStart(6)}  ${row.statuses}`,
  );
  console.log(
    [
      `\nFuzz: ${RUNS} runs per write route`,
      `${'route'.padEnd(width)}    sent  statuses`,
      ...lines,
      `${'total'.padEnd(width)}  ${String(total).padStart(6)}`,
    ].join('\n'),
  );
}

/** Every route's answer to `2**31`, one past a PostgreSQL integer, in every id and field. */
describe('ids beyond the database integer range', () => {
  const tooLarge = 2 ** 31;
  const expectClientError = (res: { statusCode: number; body: string }, label: string) => {
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  };

  it('are refused by every route with a path id, read or write', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, operations] of Object.entries(doc.paths).filter(([path]) =>
      path.includes('{'),
    )) {
      for (const method of Object.keys(operations)) {
        const url = path.replace(/\{[^}]+\}/g, String(tooLarge));
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: owner.bearer,
          ...(method === 'get' ? {} : { payload: {} }),
        });
        expectClientError(res, `${method.toUpperCase()} ${url}`);
      }
    }
  });

  it('are refused in every body field of every write route', async () => {
    for (const route of (await writeRoutes()).filter((route) => route.fields.length > 0)) {
      const body = Object.fromEntries(route.fields.map((field) => [field, tooLarge]));
      const res = await send(route, {
        identity: route.ownerOnly ? 'owner-bearer' : 'bearer',
        ids: [],
        body: { kind: 'json', value: body },
      });
      expectClientError(res, `${route.method} ${route.path}`);
    }
    const lines = [{ product_id: tooLarge, variation_id: tooLarge, quantity: 1 }];
    for (const [url, payload] of [
      ['/wp-json/wc/v3/shipping-rates/', { products: lines }],
      [
        '/wp-json/wc/v3/stripe-payment',
        { order_id: tooLarge, payment_token: 'pm_test_success_4242' },
      ],
      ['/wp-json/wc/v3/paypal-order', { order_id: tooLarge }],
      [
        '/wp-json/wc/v3/change-password',
        { key: 'k', userId: tooLarge, password: 'long enough password' },
      ],
    ] as const) {
      expectClientError(await t.app.inject({ method: 'POST', url, payload }), url);
    }
    expectClientError(
      await t.app.inject({ url: `/wp-json/wc/v3/products/reviews?product=${tooLarge}` }),
      'reviews?product=',
    );
  });
});

describe('fuzzing every write route', () => {
  it('finds write routes in the OpenAPI document, the owner-only ones by their answers', async () => {
    const routes = await writeRoutes();
    expect(routes.length).toBeGreaterThan(10);
    const ownerOnlyRoutes = routes.filter((route) => route.ownerOnly).map((route) => route.path);
    expect(ownerOnlyRoutes).toEqual(
      expect.arrayContaining([
        `${apiPaths.wholesaleApplications}/{id}`,
        `${apiPaths.productReviews}/{id}`,
        `${apiPaths.contactMessages}/{id}`,
        `${queuedEmailPaths.emails}/{id}/resend`,
      ]),
    );
    expect(ownerOnlyRoutes).not.toContain(apiPaths.orders);
  });

  // Listed at collection time would need the app; one test walks every route instead.
  it(
    'answers every hostile payload below 500, with {code, message, data:{status}} on every 4xx',
    async () => {
      for (const route of await writeRoutes()) {
        await fc.assert(
          fc.asyncProperty(requestFor(route), async (request) => {
            const res = await send(route, request);
            const label = `${route.method} ${route.path} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, label).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const error = ApiErrorSchema.safeParse(res.json());
              expect(error.success, label).toBe(true);
              expect(error.data!.data.status, label).toBe(res.statusCode);
            }
            expect(
              ({} as Record<string, unknown>).polluted,
              'Object.prototype polluted',
            ).toBeUndefined();
          }),
          { numRuns: RUNS },
        );
      }
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
    },
    // A guard against a hang, not a speed check: every feature adds write routes, and a busy
    // 2-core machine running two test files at once walks them at half the speed.
    Math.max(600_000, RUNS * 1_000),
  );
});
