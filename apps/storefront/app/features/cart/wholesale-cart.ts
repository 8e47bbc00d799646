// Decision 0037: a wholesale buyer's cart priced and checked by the contract's rule, the one the
// server charges by, so the cart shows what the order will cost. Loaded with the cart and checkout.
import { useEffect, useMemo, useState } from 'react';
import type { Product, WholesaleRulesOut, WholesaleTerms } from '@larder/contract';
import { centsOf, toMoneyNumber } from '@larder/contract/money';
import {
  fromWholesaleRulesOut,
  minimumMessage,
  minimumProgress,
  wholesaleLineRefusal,
  wholesaleUnitCents,
  type MinimumProgress,
} from '@larder/contract/wholesale-rules';
import { fetchWholesaleTerms } from '../../lib/api/wholesale-terms.ts';
import { cartItemTitle } from './cart-derived.ts';
import type { CartProductsAnswer } from './cart-stock.ts';
import { useCartStore, type CartItem } from './cart-store.ts';

/** One line as the rules see it: the price per unit at its quantity, and why it cannot be ordered. */
export interface WholesaleLine {
  unitCents: number;
  refusal: string | null;
  caseSize: number;
}

/** The item's wholesale price and rules as the shop sent them; null where this buyer has none. */
function itemRules(
  product: Product,
  item: Pick<CartItem, 'variation_id'>,
): { wholesaleCents: number; rules: WholesaleRulesOut } | null {
  if (item.variation_id) {
    const variation = product.variations.find((v) => v.variation_id === item.variation_id);
    if (variation?.wholesale_price === undefined || !variation.wholesale) return null;
    return { wholesaleCents: centsOf(variation.wholesale_price), rules: variation.wholesale };
  }
  if (product.wholesale_price === undefined || !product.wholesale) return null;
  return { wholesaleCents: centsOf(product.wholesale_price), rules: product.wholesale };
}

/** Each line of a wholesale buyer's cart priced and checked by the rules, by line id. */
export function wholesaleLines(items: CartItem[], products: Product[]): Map<number, WholesaleLine> {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines = new Map<number, WholesaleLine>();
  for (const item of items) {
    const product = byId.get(item.product.id);
    const found = product ? itemRules(product, item) : null;
    if (!found) continue;
    const rules = fromWholesaleRulesOut(found.rules);
    lines.set(item.id, {
      unitCents: wholesaleUnitCents(found.wholesaleCents, rules.tiers, item.quantity),
      refusal: wholesaleLineRefusal(cartItemTitle(item), rules, item.quantity)?.message ?? null,
      caseSize: rules.caseSize,
    });
  }
  return lines;
}

/**
 * The lines the case and minimum rules refuse, by line id, in the words the order's refusal (409
 * `larder_wholesale_case_size` / `_min_quantity`) uses: checkout marks each on its line.
 */
export function wholesaleRefusals(items: CartItem[], products: Product[]): Map<number, string> {
  const refusals = new Map<number, string>();
  for (const [id, line] of wholesaleLines(items, products))
    if (line.refusal) refusals.set(id, line.refusal);
  return refusals;
}

/** The progress towards the minimum that applies to this buyer, with what the cart says of it. */
export function wholesaleProgress(
  terms: WholesaleTerms,
  subtotalCents: number,
): MinimumProgress & { message: string } {
  const minimums = {
    openingCents: centsOf(terms.opening_order_minimum),
    reorderCents: centsOf(terms.reorder_minimum),
  };
  const progress = minimumProgress(minimums, terms.minimum_kind === 'reorder', subtotalCents);
  return { ...progress, message: minimumMessage(progress) };
}

/**
 * For a wholesale buyer (the shop sent the cart's products with their rules): each line at its
 * break's price, written to the cart so the totals and checkout use it, and the buyer's minimum.
 */
export function useWholesaleCart(items: CartItem[], answer: CartProductsAnswer | null) {
  const lines = useMemo(
    () => (answer ? wholesaleLines(items, answer.products) : new Map<number, WholesaleLine>()),
    [answer, items],
  );
  const isWholesale = lines.size > 0;
  const [terms, setTerms] = useState<WholesaleTerms | null>(null);
  useEffect(() => {
    if (!isWholesale) return;
    let current = true;
    fetchWholesaleTerms().then(
      (answered) => {
        if (current) setTerms(answered);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [isWholesale]);
  useEffect(() => {
    const changed = items.some((item) => {
      const line = lines.get(item.id);
      return line !== undefined && centsOf(item.price) !== line.unitCents;
    });
    if (!changed) return;
    useCartStore.setState((state) => ({
      items: state.items.map((item) => {
        const line = lines.get(item.id);
        return line ? { ...item, price: toMoneyNumber(line.unitCents) } : item;
      }),
    }));
  }, [items, lines]);
  return { lines, terms: isWholesale ? terms : null };
}
