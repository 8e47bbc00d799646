import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createShopApi } from '../../lib/api/index.ts';
import type { ApiFetch } from '../../load-context.ts';
import { INITIAL_CART, makeCartItem, toCartProduct, useCartStore } from '../cart/cart-store.ts';
import { refreshSession, signIn, signOut } from './session.ts';
import { SESSION_STORAGE_KEY, useSessionStore } from './session-store.ts';
import { aCustomer } from './test-data.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const sessionEnded = () =>
  json(401, {
    code: 'woocommerce_rest_cannot_view',
    message: 'Please sign in to see your account.',
    data: { status: 401 },
  });

/** A shop API answering from a table of `METHOD path` → response; records every call. */
function fakeApi(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  const apiFetch: ApiFetch = async (url, init = {}) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    calls.push(`${init.method ?? 'GET'} ${url}`);
    const route = routes[key];
    if (!route) throw new TypeError(`Failed to fetch ${key}`);
    return route();
  };
  return { api: createShopApi(apiFetch), calls };
}

const bites = toCartProduct({ id: 7, slug: 'bites', name: 'Bites', type: 'variable', images: [] });
const variation = {
  variation_id: 71,
  sku: 'B-12',
  attributes: { Size: '12 oz' },
  display_price: 12,
  display_regular_price: 12,
  is_in_stock: true,
  is_purchasable: true,
  stock_status: 'instock',
  stock_quantity: null,
  max_qty: null,
  weight: '',
  tax_class: 'parent',
  image: null,
};

afterEach(() => {
  act(() => {
    useSessionStore.setState({ customer: null, remember: false });
    useCartStore.setState(INITIAL_CART);
  });
  localStorage.clear();
});

describe('signIn (spec §4)', () => {
  it('signs in, stores the customer and re-prices the guest cart for this buyer', async () => {
    act(() => useCartStore.getState().add(makeCartItem(bites, 2, { variation })));
    const { api, calls } = fakeApi({
      'POST /wp-json/jwt-auth/v1/token': () =>
        json(200, { success: true, message: 'ok', data: { token: 't', id: 31 } }),
      'GET /wp-json/wc/v3/customers/me': () => json(200, aCustomer({ role: 'wholesale_customer' })),
      'GET /wp-json/wc/v3/products': () =>
        json(200, [
          {
            id: 7,
            price: '12.00',
            attributes: [],
            variations: [{ ...variation, wholesale_price: 9.6 }],
          },
        ]),
    });
    await act(() => signIn({ username: 'ada@example.com', password: 'pw', remember: true }, api));

    expect(useSessionStore.getState().customer?.id).toBe(31);
    expect(useCartStore.getState().items).toMatchObject([{ id: 71, quantity: 2, price: 9.6 }]);
    expect(calls.find((call) => call.startsWith('GET /wp-json/wc/v3/products'))).toContain(
      'include=7',
    );
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('ada@example.com');
  });

  it("a refused sign-in throws the server's message and stores nobody", async () => {
    const { api } = fakeApi({
      'POST /wp-json/jwt-auth/v1/token': () =>
        json(401, {
          success: false,
          code: 'jwt_auth_failed',
          message: 'The email, username or password is incorrect.',
          data: { status: 401 },
        }),
    });
    await expect(signIn({ username: 'ada', password: 'wrong' }, api)).rejects.toThrow(
      'The email, username or password is incorrect.',
    );
    expect(useSessionStore.getState().customer).toBeNull();
  });
});

describe('refreshSession', () => {
  it('an ended session (401) signs out cleanly: no user, no stored entry', async () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer(), { remember: true }));
    const { api } = fakeApi({ 'GET /wp-json/wc/v3/customers/me': sessionEnded });
    await act(() => refreshSession(api));
    expect(useSessionStore.getState().customer).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the snapshot when the shop cannot be reached', async () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer(), { remember: true }));
    const { api } = fakeApi({});
    await act(() => refreshSession(api));
    expect(useSessionStore.getState().customer?.id).toBe(31);
  });

  it('takes the fresh record from the server', async () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer(), { remember: true }));
    const { api } = fakeApi({
      'GET /wp-json/wc/v3/customers/me': () => json(200, aCustomer({ first_name: 'Adele' })),
    });
    await act(() => refreshSession(api));
    expect(useSessionStore.getState().customer?.first_name).toBe('Adele');
  });
});

describe('signOut (spec §4)', () => {
  it('ends the session, removes the stored entry and clears the user', async () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer(), { remember: true }));
    const { api, calls } = fakeApi({
      'POST /wp-json/jwt-auth/v1/logout': () => json(200, { message: 'You are signed out.' }),
    });
    await act(() => signOut(api));
    expect(calls).toContain('POST /wp-json/jwt-auth/v1/logout');
    expect(useSessionStore.getState().customer).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the user when the shop cannot be reached, since the session is still alive', async () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer(), { remember: true }));
    const { api } = fakeApi({});
    await expect(signOut(api)).rejects.toThrow();
    expect(useSessionStore.getState().customer?.id).toBe(31);
  });
});
