import type { CartDiscounts } from '@larder/contract';
import { centsOf } from '@larder/contract/money';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { ApiError } from '../../lib/api/api-error.ts';
import { quoteCartDiscounts } from '../../lib/api/cart-discounts.ts';
import type { CartItem } from './cart-store.ts';
import { toLineRequests } from './cart-derived.ts';

/**
 * The cart's discount codes, kept in this browser beside the cart (`shop-cart-codes`). A store of
 * their own rather than a field of the cart store: the cart store loads on every page (the header's
 * cart button), and codes are read only by the cart and checkout. The server re-checks them on every
 * quote and on the order.
 */
interface DiscountCodesState {
  codes: string[];
  add: (code: string) => void;
  remove: (code: string) => void;
  clear: () => void;
}

export const DISCOUNT_CODES_STORAGE_KEY = 'shop-cart-codes';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const useDiscountCodes = create<DiscountCodesState>()(
  persist(
    (set) => ({
      codes: [],
      add: (code) =>
        set((state) =>
          state.codes.some((kept) => same(kept, code)) ? state : { codes: [...state.codes, code] },
        ),
      remove: (code) =>
        set((state) => ({ codes: state.codes.filter((kept) => !same(kept, code)) })),
      clear: () => set({ codes: [] }),
    }),
    { name: DISCOUNT_CODES_STORAGE_KEY },
  ),
);

export const DISCOUNT_NETWORK_MESSAGE =
  'We could not reach the shop to check your discount code. Check your connection and try again.';

/** What the shopper reads when a code is refused: the server names the code and the reason. */
export function discountErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return DISCOUNT_NETWORK_MESSAGE;
  if (error.status >= 500) return 'Discount codes cannot be checked right now. Please try again.';
  return error.message;
}

export interface CartDiscountState {
  status: 'none' | 'loading' | 'ready' | 'error';
  /** The server's quote for the codes kept; null while none is known. */
  discounts: CartDiscounts | null;
  /** Why the kept codes were refused (the cart changed since, say). */
  error: string | null;
}

const NONE: CartDiscountState = { status: 'none', discounts: null, error: null };

/** The discount in cents and whether shipping is free, from a quote (0 and false without one). */
export function discountCents(state: CartDiscountState): number {
  return state.discounts ? centsOf(state.discounts.discount_total) : 0;
}

/**
 * The server's quote for the kept codes on these lines, asked again whenever either changes (and
 * the billing email, at checkout, for first-order and per-customer limits). `apply` checks a new
 * code with the server before keeping it.
 */
export function useCartDiscounts(items: CartItem[], billingEmail?: string) {
  const codes = useDiscountCodes((state) => state.codes);
  const lines = useMemo(() => toLineRequests(items), [items]);
  const email = billingEmail?.includes('@') ? billingEmail.trim() : undefined;
  const [state, setState] = useState<CartDiscountState>(NONE);

  useEffect(() => {
    if (codes.length === 0 || lines.length === 0) {
      setState(NONE);
      return;
    }
    let current = true;
    setState((previous) => ({ ...previous, status: 'loading' }));
    const timer = setTimeout(() => {
      quoteCartDiscounts({
        products: lines,
        coupon_lines: codes.map((code) => ({ code })),
        ...(email ? { billing_email: email } : {}),
      }).then(
        (discounts) => {
          if (current) setState({ status: 'ready', discounts, error: null });
        },
        (error: unknown) => {
          if (current)
            setState({ status: 'error', discounts: null, error: discountErrorMessage(error) });
        },
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [lines, codes, email]);

  const apply = useCallback(
    async (code: string): Promise<{ ok: true } | { ok: false; message: string }> => {
      const kept = useDiscountCodes.getState().codes;
      if (kept.some((entry) => same(entry, code))) {
        return { ok: false, message: `The code ${code} is already applied.` };
      }
      try {
        const discounts = await quoteCartDiscounts({
          products: lines,
          coupon_lines: [...kept, code].map((entry) => ({ code: entry })),
          ...(email ? { billing_email: email } : {}),
        });
        // The server's spelling, so the summary shows the code as the shop wrote it.
        const applied = discounts.coupon_lines.find((line) => same(line.code, code));
        useDiscountCodes.getState().add(applied?.code ?? code);
        setState({ status: 'ready', discounts, error: null });
        return { ok: true };
      } catch (error) {
        return { ok: false, message: discountErrorMessage(error) };
      }
    },
    [lines, email],
  );

  return { codes, state: codes.length === 0 ? NONE : state, apply };
}
