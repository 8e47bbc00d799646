import type { CustomerCreate, LoginRequest } from '@larder/contract';
import { ApiError, browserApiFetch, createShopApi, type ShopApi } from '../../lib/api/index.ts';
import { repriceCart } from './reprice-cart.ts';
import { removeStoredSession, useSessionStore } from './session-store.ts';

const browserApi = () => createShopApi(browserApiFetch);

/** Prices never block signing in or out: a failed re-price leaves the old prices for checkout to correct. */
const repriceQuietly = (api: ShopApi) => repriceCart(api).catch(() => undefined);

/**
 * Spec §4 login: the token call, then the customer fetch; the user is stored and the guest cart is
 * re-priced for this buyer. Throws the ApiError with the server's message when it refuses.
 */
export async function signIn(credentials: LoginRequest, api: ShopApi = browserApi()) {
  await api.login(credentials);
  const customer = await api.getMe();
  useSessionStore.getState().setCustomer(customer, { remember: credentials.remember === true });
  await repriceQuietly(api);
  return customer;
}

/** Sign-up, then sign in straight away with the same email and password. */
export async function signUpAndSignIn(account: CustomerCreate, api: ShopApi = browserApi()) {
  await api.signUp(account);
  return signIn({ username: account.email, password: account.password, remember: false }, api);
}

/**
 * Spec §4 logout: ends the server session, then removes the stored entry and clears the user. When
 * the server cannot be reached it throws and nothing is cleared: the session would still be alive.
 */
export async function signOut(api: ShopApi = browserApi()) {
  await api.logout();
  forgetCustomer();
  await repriceQuietly(api);
}

function forgetCustomer() {
  useSessionStore.getState().clearCustomer();
  removeStoredSession();
}

/**
 * Refreshes the stored snapshot from the server; an ended session (401) signs out cleanly. Other
 * failures (offline, a server error) keep the snapshot: the session may well still be valid.
 */
export async function refreshSession(api: ShopApi = browserApi()) {
  try {
    useSessionStore.getState().setCustomer(await api.getMe());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) forgetCustomer();
  }
}
