import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  apiPaths,
  type Customer,
  type ProductReview,
  type WholesaleApplicationResult,
} from '@larder/contract';
import { axeViolationsAtWidths } from './axe';
import { gotoHydrated } from './hydration';
import { shoot } from './screenshots';

const run = promisify(execFile);
export const PASSWORD = 'oat clusters at dawn';
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Account {
  email: string;
  password: string;
}

/** An owner made with the owner's command line against the test shop's database. */
export async function createOwner(role: 'administrator' | 'shop_manager' = 'administrator') {
  const email = `owner.${unique()}@example.com`;
  await run(
    'npm',
    [
      'run',
      'admin',
      '--',
      'owner',
      'create',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--first-name',
      'Maya',
      '--last-name',
      'Okafor',
      '--role',
      role,
    ],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    },
  );
  return { email, password: PASSWORD };
}

const owners = new Map<string, Promise<Account>>();

/**
 * One owner per role for this worker, for tests that only need to be signed in as one: making an
 * account through the command line costs seconds. Tests that change the owner's own account (its
 * two-factor sign-in, its password) make a fresh one with createOwner.
 */
export function ownerAccount(role: 'administrator' | 'shop_manager' = 'administrator') {
  let owner = owners.get(role);
  if (!owner) {
    owner = createOwner(role);
    owners.set(role, owner);
  }
  return owner;
}

/** A shopper's account, made as /sign-up makes one. */
export async function createCustomer(request: APIRequestContext): Promise<Account> {
  const email = `robin.${unique()}@example.com`;
  const response = await request.post(apiPaths.customers, {
    data: { email, password: PASSWORD, first_name: 'Robin', last_name: 'Tester' },
  });
  expect(response.status()).toBe(201);
  (await response.json()) as Customer;
  return { email, password: PASSWORD };
}

/** Signs the page's browser in through the API: the session cookies land in its context. */
export async function signIn(page: Page, account: Account) {
  const response = await page.request.post(apiPaths.token, {
    data: { username: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
}

/**
 * The double-submit header a script in the page sends with the session cookie on an API write
 * (the API refuses cookie-authenticated writes without it).
 */
export async function xsrfHeader(page: Page) {
  const xsrf = (await page.context().cookies()).find((entry) => entry.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': decodeURIComponent(xsrf?.value ?? '') };
}

/** A guest's review of the first product: held for moderation. */
export async function heldReview(request: APIRequestContext, words: string) {
  const [product] = (await (
    await request.get(`${apiPaths.products}?per_page=1&status=publish`)
  ).json()) as Array<{ id: number; name: string }>;
  const response = await request.post(`${apiPaths.productReviews}/`, {
    data: {
      product_id: product!.id,
      reviewer: `Guest ${unique()}`,
      reviewer_email: `guest.${unique()}@example.com`,
      review: words,
      rating: 4,
    },
  });
  expect(response.status()).toBe(201);
  const review = (await response.json()) as ProductReview;
  expect(review.status).toBe('hold');
  return review;
}

/**
 * An approved wholesale buyer: a shopper's account whose role the owner changes in a browser
 * context of its own, as the back office's customer screen does; with the account's id.
 */
export async function createWholesaleBuyer(browser: Browser): Promise<Account & { id: number }> {
  const context = await browser.newContext();
  try {
    const account = await createCustomer(context.request);
    const page = await context.newPage();
    await signIn(page, await ownerAccount());
    const [customer] = (await (
      await page.request.get(`${apiPaths.customers}?search=${encodeURIComponent(account.email)}`)
    ).json()) as Customer[];
    const changed = await page.request.put(`${apiPaths.customers}/${customer!.id}`, {
      headers: await xsrfHeader(page),
      data: { role: 'wholesale_customer' },
    });
    expect(changed.status()).toBe(200);
    return { ...account, id: customer!.id };
  } finally {
    await context.close();
  }
}

const CERTIFICATE = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/**
 * A visitor's wholesale application from a deli in Durham, NC, with its certificate, through the
 * real multipart route: a new account waiting for the owner's decision.
 */
export async function applyForWholesale(request: APIRequestContext, businessName: string) {
  const email = `stockist.${unique()}@example.com`;
  const response = await request.post(apiPaths.wholesaleRegistration, {
    multipart: {
      business_name: businessName,
      contact_name: 'Dana Whitfield',
      email,
      password: PASSWORD,
      phone: '+1 919 555 0100',
      'address[address_1]': '12 Market Street',
      'address[city]': 'Durham',
      'address[state]': 'NC',
      'address[postcode]': '27701',
      'address[country]': 'US',
      tax_id: `NC-RS-${unique()}`,
      sales_channels: 'Our deli counter and a weekend market stall.',
      monthly_volume: '50-200',
      certificate: {
        name: 'resale-certificate.pdf',
        mimeType: 'application/pdf',
        buffer: CERTIFICATE,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as WholesaleApplicationResult;
  return { id, email, account: { email, password: PASSWORD } satisfies Account };
}

/**
 * Loads each back-office screen at 390 px, waits for its heading, and expects no axe violations
 * at 390 and 1440 px; saves its screenshots as `<prefix>-<name>` when SHOTS_DIR is set.
 */
export async function expectScreensPassAxe(
  page: Page,
  prefix: string,
  screens: ReadonlyArray<readonly [name: string, url: string]>,
) {
  for (const [name, url] of screens) {
    await page.setViewportSize({ width: 390, height: 900 });
    await gotoHydrated(page, url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolationsAtWidths(page, [390, 1440]), url).toEqual({ 390: [], 1440: [] });
    await shoot(page, `${prefix}-${name}`);
  }
}
