// Wholesale ordering rules (issue 15, decision 0037), written once: the API charges and refuses by
// these functions and the storefront shows what they return, so a buyer is charged what the cart
// showed. Plain functions without zod, so a storefront chunk pulls in only what it calls.
import { centsOf, formatCents, toMoneyString } from './money.ts';

/** A quantity break: from `minQuantity` units on, each costs `priceCents`. */
export interface WholesaleTier {
  minQuantity: number;
  priceCents: number;
}

/** One product's or variation's rules for wholesale buyers. */
export interface WholesaleRules {
  /** Quantities are multiples of it; 1 sells single units. */
  caseSize: number;
  /** The fewest units a line may have. */
  minQuantity: number;
  /** Sorted by minQuantity, prices falling. */
  tiers: readonly WholesaleTier[];
}

/** The wholesale ordering rules' own routes (here, without zod, for the cart of a wholesale buyer). */
export const wholesaleOrderingPaths = {
  /** Owner: `GET`/`PUT` the shop's order minimums. */
  settings: '/wp-json/larder/v1/wholesale/settings',
  /** A signed-in wholesale buyer: the minimum that applies to them. */
  terms: '/wp-json/larder/v1/wholesale/terms',
} as const;

/** The rules as the API sends them (`wholesale` on products and variations): prices as "5.50". */
export interface WholesaleRulesOut {
  case_size: number;
  min_quantity: number;
  tiers: { min_quantity: number; price: string }[];
}

export const toWholesaleRulesOut = (rules: WholesaleRules): WholesaleRulesOut => ({
  case_size: rules.caseSize,
  min_quantity: rules.minQuantity,
  tiers: rules.tiers.map((tier) => ({
    min_quantity: tier.minQuantity,
    price: toMoneyString(tier.priceCents),
  })),
});

/** The API's rules in cents, as the rule's functions take them (the cart and the quick order). */
export const fromWholesaleRulesOut = (rules: WholesaleRulesOut): WholesaleRules => ({
  caseSize: rules.case_size,
  minQuantity: rules.min_quantity,
  tiers: rules.tiers.map((tier) => ({
    minQuantity: tier.min_quantity,
    priceCents: centsOf(tier.price),
  })),
});

/** An item without rules of its own: any quantity, no breaks. */
export const NO_WHOLESALE_RULES: WholesaleRules = { caseSize: 1, minQuantity: 1, tiers: [] };

/** Far above any real case or break, and quantity × price still fits an integer column. */
export const MAX_WHOLESALE_QUANTITY = 100_000;
export const MAX_WHOLESALE_TIERS = 10;

/** The tier that applies to a quantity: the highest whose minQuantity ≤ quantity, if any. */
export function wholesaleTierFor(
  tiers: readonly WholesaleTier[],
  quantity: number,
): WholesaleTier | null {
  let found: WholesaleTier | null = null;
  for (const tier of tiers) if (tier.minQuantity <= quantity) found = tier;
  return found;
}

/** What a wholesale buyer pays per unit at this quantity: the tier's price, else the wholesale price. */
export const wholesaleUnitCents = (
  wholesaleCents: number,
  tiers: readonly WholesaleTier[],
  quantity: number,
): number => wholesaleTierFor(tiers, quantity)?.priceCents ?? wholesaleCents;

/** The smallest quantity the rules allow: the first multiple of the case at or above the minimum. */
export const firstAllowedQuantity = (rules: Pick<WholesaleRules, 'caseSize' | 'minQuantity'>) =>
  Math.ceil(Math.max(rules.minQuantity, 1) / rules.caseSize) * rules.caseSize;

/** The allowed quantity nearest above `quantity` (or the first allowed one): what a stepper snaps to. */
export const nextAllowedQuantity = (
  rules: Pick<WholesaleRules, 'caseSize' | 'minQuantity'>,
  quantity: number,
) => Math.max(firstAllowedQuantity(rules), Math.ceil(quantity / rules.caseSize) * rules.caseSize);

export type WholesaleLineCode = 'larder_wholesale_case_size' | 'larder_wholesale_min_quantity';

export interface WholesaleLineRefusal {
  code: WholesaleLineCode;
  message: string;
}

/**
 * Why a wholesale line cannot be ordered, or null when it can: its quantity must be a multiple of
 * the case and at least the minimum. The message names the line and the rule.
 */
export function wholesaleLineRefusal(
  name: string,
  rules: WholesaleRules,
  quantity: number,
): WholesaleLineRefusal | null {
  const first = firstAllowedQuantity(rules);
  if (quantity % rules.caseSize !== 0) {
    const examples = [first, first + rules.caseSize, first + 2 * rules.caseSize].join(', ');
    return {
      code: 'larder_wholesale_case_size',
      message: `${name} comes in cases of ${rules.caseSize}: order ${examples}…`,
    };
  }
  if (quantity < rules.minQuantity) {
    return {
      code: 'larder_wholesale_min_quantity',
      message: `${name} has a wholesale minimum of ${rules.minQuantity}: order at least ${first}.`,
    };
  }
  return null;
}

/** A rule the owner wrote that cannot stand, with the field it is about. */
export interface WholesaleRuleIssue {
  path: (string | number)[];
  message: string;
}

/** Tiers in the order they apply (by quantity), as they are stored. */
export const sortedTiers = (tiers: readonly WholesaleTier[]): WholesaleTier[] =>
  [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);

/**
 * The owner's rules checked against the item's wholesale price: whole quantities, tiers sorted by
 * quantity with each break above the one before and each price below the one before it and below
 * the wholesale price (a break never costs more). Tiers need a wholesale price to break from.
 */
export function wholesaleRuleIssues(
  rules: WholesaleRules,
  wholesaleCents: number | null,
): WholesaleRuleIssue[] {
  const issues: WholesaleRuleIssue[] = [];
  const tiers = sortedTiers(rules.tiers);
  if (tiers.length > 0 && wholesaleCents === null) {
    issues.push({
      path: ['wholesale', 'tiers'],
      message: 'Quantity breaks need a wholesale price to break from: set the wholesale price.',
    });
    return issues;
  }
  tiers.forEach((tier, index) => {
    const path = ['wholesale', 'tiers', index];
    const before = tiers[index - 1];
    if (tier.minQuantity <= rules.minQuantity) {
      issues.push({
        path: [...path, 'min_quantity'],
        message: `A break starts above the minimum quantity (${rules.minQuantity}).`,
      });
    } else if (before && tier.minQuantity === before.minQuantity) {
      issues.push({
        path: [...path, 'min_quantity'],
        message: `Two breaks start at ${tier.minQuantity}: keep one.`,
      });
    }
    const ceiling = before ? before.priceCents : wholesaleCents!;
    if (tier.priceCents >= ceiling) {
      issues.push({
        path: [...path, 'price'],
        message: before
          ? `The break at ${tier.minQuantity} must cost less than the one at ${before.minQuantity} (${formatCents(before.priceCents)}).`
          : `A break must cost less than the wholesale price (${formatCents(wholesaleCents!)}).`,
      });
    }
  });
  return issues;
}

/** The shop's order minimums for wholesale buyers, in cents (0: none). */
export interface WholesaleMinimums {
  openingCents: number;
  reorderCents: number;
}

/** How far a wholesale cart is from the minimum that applies to its buyer. */
export interface MinimumProgress {
  /** `opening` until the buyer has a paid order, then `reorder`. */
  kind: 'opening' | 'reorder';
  minimumCents: number;
  subtotalCents: number;
  /** What is still needed; 0 once met. */
  remainingCents: number;
  met: boolean;
}

/**
 * The minimum is measured on the goods at the buyer's prices, before discounts, shipping and tax:
 * the opening minimum for a buyer without an earlier paid order, else the reorder minimum.
 */
export function minimumProgress(
  minimums: WholesaleMinimums,
  hasEarlierOrder: boolean,
  subtotalCents: number,
): MinimumProgress {
  const kind = hasEarlierOrder ? 'reorder' : 'opening';
  const minimumCents = hasEarlierOrder ? minimums.reorderCents : minimums.openingCents;
  const remainingCents = Math.max(minimumCents - subtotalCents, 0);
  return { kind, minimumCents, subtotalCents, remainingCents, met: remainingCents === 0 };
}

/** The refusal of a cart below its minimum (or, with the progress met, what the cart says). */
export function minimumMessage(progress: MinimumProgress): string {
  const which = progress.kind === 'opening' ? 'A first wholesale order' : 'A wholesale reorder';
  const minimum = formatCents(progress.minimumCents);
  return progress.met
    ? `${which} has a ${minimum} minimum: this order meets it.`
    : `${which} has a ${minimum} minimum before shipping and tax: add ${formatCents(progress.remainingCents)} more.`;
}
