import type { ShippingRate, ShippingRatesRequest } from '@larder/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { type CartItem } from './cart-store.ts';
import { toLineRequests } from './cart-derived.ts';
import { canRequestRates, toDestination, type Destination } from './shipping-estimate.ts';

/** Spec §9: rate requests wait for the shopper to pause typing. */
export const RATES_DEBOUNCE_MS = 500;

export const RATES_NETWORK_MESSAGE =
  'We could not reach the shop to price shipping. Check your connection and try again.';
export const RATES_SERVER_MESSAGE =
  'Shipping prices are not available right now. Please try again in a moment.';

export type RatesStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ShippingRatesState {
  /** idle: not enough to ask (spec §5), so no rates; loading: waiting or asking. */
  status: RatesStatus;
  rates: ShippingRate[];
  error: { message: string; status: number | null } | null;
}

export interface ShippingRates extends ShippingRatesState {
  /** The state once the rates in flight (if any) have arrived: checkout waits for it on submit. */
  settled: () => Promise<ShippingRatesState>;
  /** Asks again for the same address and lines (after a network or server failure). */
  retry: () => void;
}

type FetchRates = (request: ShippingRatesRequest) => Promise<ShippingRate[]>;

const NO_CODES: RatesDiscount = { codes: [] };
const IDLE: ShippingRatesState = { status: 'idle', rates: [], error: null };

/** What the shopper reads when the rates call fails: the server's own words for a 4xx (out of stock names the product). */
export function ratesErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return RATES_NETWORK_MESSAGE;
  if (error.status >= 500) return RATES_SERVER_MESSAGE;
  const fieldMessage = Object.values(error.params)[0];
  return error.status === 400 && fieldMessage ? fieldMessage : error.message;
}

/** The cart's discount codes and, at checkout, the billing email their limits are checked by. */
export interface RatesDiscount {
  codes: readonly string[];
  billingEmail?: string | undefined;
}

/**
 * The request for an address, the cart's lines and its codes (each rate's tax is on the discounted
 * lines), or null when spec §5 says not to ask.
 */
export function ratesRequestFor(
  address: Destination,
  items: CartItem[],
  stateRequired = true,
  { codes, billingEmail }: RatesDiscount = { codes: [] },
): ShippingRatesRequest | null {
  if (!canRequestRates(address, items.length, stateRequired)) return null;
  const request: ShippingRatesRequest = {
    ...toDestination(address),
    products: toLineRequests(items),
  };
  if (codes.length === 0) return request;
  // Only with codes: otherwise typing the email would ask for the rates again for nothing.
  const email = billingEmail?.includes('@') ? billingEmail.trim() : undefined;
  return {
    ...request,
    coupon_lines: codes.map((code) => ({ code })),
    ...(email ? { billing_email: email } : {}),
  };
}

/**
 * Spec §4, §5, §9: rates for the address and the cart's lines, asked for 500 ms after the last
 * change to either, and only when allowed. A newer request makes any older answer stale: it is
 * dropped, so the list always belongs to what is on screen.
 */
export function useShippingRates(
  address: Destination,
  items: CartItem[],
  fetchRates: FetchRates = defaultFetchRates,
  /** False for a country without states: the other four fields are enough to ask. */
  stateRequired = true,
  discount: RatesDiscount = NO_CODES,
): ShippingRates {
  const { codes, billingEmail } = discount;
  const requestKey = useMemo(() => {
    const request = ratesRequestFor(address, items, stateRequired, { codes, billingEmail });
    return request ? JSON.stringify(request) : null;
  }, [address, items, stateRequired, codes, billingEmail]);
  const [state, setState] = useState<ShippingRatesState>(IDLE);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (requestKey === null) {
      setState(IDLE);
      return;
    }
    let current = true;
    // Earlier rates stay on screen, marked as updating, until the new answer arrives.
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    const timer = setTimeout(() => {
      fetchRates(JSON.parse(requestKey) as ShippingRatesRequest).then(
        (rates) => {
          if (current) setState({ status: 'ready', rates, error: null });
        },
        (error: unknown) => {
          if (!current) return;
          setState({
            status: 'error',
            rates: [],
            error: {
              message: ratesErrorMessage(error),
              status: error instanceof ApiError ? error.status : null,
            },
          });
        },
      );
    }, RATES_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [requestKey, fetchRates, attempt]);

  const shown = requestKey === null ? IDLE : state;
  const latest = useRef(shown);
  const waiters = useRef<Array<(state: ShippingRatesState) => void>>([]);
  useEffect(() => {
    latest.current = shown;
    if (shown.status !== 'loading') for (const resolve of waiters.current.splice(0)) resolve(shown);
  }, [shown]);
  const settled = useCallback(
    () =>
      latest.current.status === 'loading'
        ? new Promise<ShippingRatesState>((resolve) => waiters.current.push(resolve))
        : Promise.resolve(latest.current),
    [],
  );
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...shown, settled, retry };
}

function defaultFetchRates(request: ShippingRatesRequest): Promise<ShippingRate[]> {
  return createShopApi(browserApiFetch).getShippingRates(request);
}
