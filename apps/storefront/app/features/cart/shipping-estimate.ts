import type { ShippingRate } from '@larder/contract';
import { centsOf } from '@larder/contract/money';

/** Spec §3 "shipping info fields read": the five a shipping rate depends on. */
export const DESTINATION_FIELDS = ['address_1', 'city', 'country', 'state', 'postcode'] as const;
export type DestinationField = (typeof DESTINATION_FIELDS)[number];
export type Destination = Record<DestinationField, string>;

export function toDestination(address: Destination): Destination {
  return {
    address_1: address.address_1.trim(),
    city: address.city.trim(),
    country: address.country.trim(),
    state: address.state.trim(),
    postcode: address.postcode.trim(),
  };
}

/**
 * Spec §5: rates are asked for only when all five fields are present and the cart is not empty.
 * A country with no states (the UK) has no state to fill: without this its shopper would never hear
 * that the shop does not ship there.
 */
export function canRequestRates(
  address: Destination,
  lineCount: number,
  stateRequired = true,
): boolean {
  if (lineCount <= 0) return false;
  const destination = toDestination(address);
  return DESTINATION_FIELDS.every(
    (field) => destination[field] !== '' || (field === 'state' && !stateRequired),
  );
}

/**
 * The shopper's choice while it is still offered, else the cheapest rate, else none. Where pickup is
 * offered (the bakery's own area) nothing is chosen for the shopper: collecting, local delivery and
 * the post are different services, not cheaper or dearer versions of one (issue 14).
 */
export function chosenRate(
  rates: readonly ShippingRate[],
  selectedRateId: string | null,
): ShippingRate | null {
  const selected = rates.find((rate) => rate.rate_id === selectedRateId);
  if (selected) return selected;
  if (rates.some((rate) => rate.method_id === 'local_pickup')) return null;
  let cheapest: ShippingRate | null = null;
  for (const rate of rates) if (!cheapest || rate.cost < cheapest.cost) cheapest = rate;
  return cheapest;
}

/** Spec §9: the chosen rate's cost (see chosenRate), else 0 (in cents). */
export function shippingEstimateCents(
  rates: readonly ShippingRate[],
  selectedRateId: string | null,
): number {
  const rate = chosenRate(rates, selectedRateId);
  return rate ? centsOf(rate.cost) : 0;
}

/** What the totals' shipping row says before a rate is chosen: an address first, then a choice. */
export const pendingShippingLabel = (rates: readonly ShippingRate[]): string =>
  rates.length > 0 ? 'Choose a method' : 'Enter your address';

/** The server's sales tax for this address, cart and rate (in cents): 0 before a rate is chosen. */
export const rateTaxCents = (rate: ShippingRate | null): number =>
  rate ? centsOf(rate.tax.total_tax) : 0;

/** Spec §9: grand total = shipping estimate + the sum of quantity × price, plus the quoted tax. */
export function grandTotalCents(
  subtotalCents: number,
  estimateCents: number,
  taxCents = 0,
): number {
  return subtotalCents + estimateCents + taxCents;
}
