import {
  toMoneyNumber,
  type Country,
  type ShippingDestination,
  type ShippingMethodId,
  type ShippingRate,
  type ShippingRatesQuery,
  type ShippingZone,
} from '@larder/contract';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { createVersionedValue, type ReadCacheVersion } from '../../http/read-cache.ts';
import type { Viewer } from '../../http/viewer.ts';
import {
  priceCart,
  retryAfterLapsedHolds,
  type PricedCart,
  type PricedLine,
} from '../pricing/cart-pricing.ts';
import { findCountry, listCountries, regionName } from './countries.ts';
import type { ShippingRepo, ZonesInForce } from './shipping.repo.ts';
import { matchZone } from './zone-matching.ts';
import { methodCostCents } from './shipping-cost.ts';

/** A rate with its cost in cents, as the orders module stores it. */
export interface QuotedRate {
  rateId: string;
  label: string;
  costCents: number;
  methodId: ShippingMethodId;
  instanceId: number;
}

/** The order's sales tax for one shipping cost, in cents (the tax module's result). */
export interface RateTax {
  cartTaxCents: number;
  shippingTaxCents: number;
  totalTaxCents: number;
  exemptReason: string | null;
}

export interface ShippingServiceOptions {
  /**
   * Each quoted rate carries the order's tax with it, so checkout shows what will be charged.
   * Passed in (the tax module's calculator) because tax depends on shipping's address rules.
   */
  taxFor(input: {
    destination: ShippingDestination;
    lines: PricedLine[];
    /** What discount codes take off each line, in the lines' order. */
    lineDiscounts: readonly number[];
    viewer: Viewer;
  }): Promise<(shippingCents: number) => RateTax>;
  /**
   * What the cart's codes take off each line and whether they make shipping free (the coupons
   * module), or nothing when the order would refuse a code.
   */
  discountFor(input: {
    lines: PricedLine[];
    codes: string[];
    email: string;
    viewer: Viewer;
  }): Promise<{ lineDiscounts: readonly number[]; freeShipping: boolean }>;
  /** Cancels the unpaid orders whose holds ran out (the orders module); how many it released. */
  releaseLapsedHolds(): Promise<number>;
  /** The read-cache version: the zones are kept in memory until it says they changed. */
  versions: ReadCacheVersion;
}

export function createShippingService(
  db: Database,
  repo: ShippingRepo,
  { taxFor, discountFor, releaseLapsedHolds, versions }: ShippingServiceOptions,
) {
  const zonesInForce = createVersionedValue(versions, 'shipping', () => repo.zonesInForce());

  /** 400 for a country the shop does not know or a state that is not one of the country's. */
  function checkDestination(
    destination: Pick<ShippingDestination, 'country' | 'state'>,
    fields: { country: string; state: string },
  ): void {
    const country = findCountry(destination.country);
    if (!country) {
      throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${fields.country}`, {
        [fields.country]: 'We do not ship to that country. Choose another.',
      });
    }
    if (country.states.length === 0) return;
    const state = destination.state.toUpperCase();
    if (!country.states.some((candidate) => candidate.code === state)) {
      throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${fields.state}`, {
        [fields.state]:
          state === ''
            ? `Choose a state of ${country.name}.`
            : `${destination.state} is not a state of ${country.name}. Choose one from the list.`,
      });
    }
  }

  /**
   * 400 naming `countryField` when the address falls to a zone with no methods (the seeded zone 0
   * has none: the shop does not ship abroad), saying where the shop does ship rather than quoting
   * nothing.
   */
  function refuseUnserved(
    zoneId: number,
    { locations, enabledMethods }: ZonesInForce,
    countryField: string,
  ): never {
    const serving = new Set(enabledMethods.map((method) => method.zoneId));
    const served = new Set(
      locations.flatMap((location) =>
        serving.has(location.zoneId) && location.type !== 'postcode'
          ? (regionName(location.type, location.code) ?? [])
          : [],
      ),
    );
    const message =
      zoneId === 0 && served.size > 0
        ? `We ship to ${new Intl.ListFormat('en', { type: 'conjunction' }).format([...served])} addresses only, so we cannot ship to this address.`
        : 'We do not ship to this address. Enter another, or contact us.';
    throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${countryField}`, {
      [countryField]: message,
    });
  }

  /**
   * Reference §9: the matched zone's enabled methods that apply to this cart, cheapest first. A free
   * shipping method that applies takes the place of the flat rate listed just before it (standard
   * shipping made free), so a free and a paid option for the same service never sit side by side.
   */
  async function quote(
    destination: Pick<ShippingDestination, 'country' | 'state' | 'postcode'>,
    cart: Pick<PricedCart, 'subtotalCents' | 'itemCount'>,
    countryField = 'country',
  ): Promise<QuotedRate[]> {
    const inForce = await zonesInForce();
    const zoneId = matchZone(inForce.zones, inForce.locations, destination);
    const methods = inForce.enabledMethods.filter((method) => method.zoneId === zoneId);
    if (methods.length === 0) refuseUnserved(zoneId, inForce, countryField);
    const offered = methods.map((method) => ({ method, costCents: methodCostCents(method, cart) }));
    const replaced = new Set<number>();
    offered.forEach(({ method, costCents }, index) => {
      const before = offered[index - 1]?.method;
      if (
        method.methodId === 'free_shipping' &&
        costCents !== null &&
        before?.methodId === 'flat_rate'
      ) {
        replaced.add(before.instanceId);
      }
    });
    return offered
      .flatMap(({ method, costCents }) => {
        if (costCents === null || replaced.has(method.instanceId)) return [];
        return [
          {
            rateId: `${method.methodId}:${method.instanceId}`,
            label: method.title,
            costCents,
            methodId: method.methodId,
            instanceId: method.instanceId,
          },
        ];
      })
      .sort((a, b) => a.costCents - b.costCents);
  }

  return {
    checkDestination,
    quote,

    countries: (): Country[] => listCountries(),

    country(code: string): Country {
      const country = findCountry(code);
      if (!country) {
        throw new ApiError(
          404,
          'woocommerce_rest_data_invalid_location',
          'There are no locations matching these parameters.',
        );
      }
      return country;
    },

    async zones(): Promise<ShippingZone[]> {
      const rows = await repo.listZones();
      // WooCommerce lists zone 0 first, then the zones in matching order.
      const sorted = [...rows.filter((row) => row.id === 0), ...rows.filter((row) => row.id !== 0)];
      return sorted.map((row) => ({ id: row.id, name: row.name, order: row.zoneOrder }));
    },

    /** `POST /shipping-rates/`: the cart priced from the database, then the zone's rates, cheapest first. */
    async rates(request: ShippingRatesQuery, viewer: Viewer): Promise<ShippingRate[]> {
      checkDestination(request, { country: 'country', state: 'state' });
      const cart = await retryAfterLapsedHolds(
        () => priceCart(db, request.products, viewer, 'products'),
        releaseLapsedHolds,
      );
      const rates = await quote(request, cart);
      const discount = await discountFor({
        lines: cart.lines,
        codes: (request.coupon_lines ?? []).map((line) => line.code),
        email: request.billing_email ?? '',
        viewer,
      });
      const taxed = await taxFor({
        destination: request,
        lines: cart.lines,
        lineDiscounts: discount.lineDiscounts,
        viewer,
      });
      return rates.map((rate) => {
        // As the order does: a free-shipping code leaves no shipping to tax.
        const tax = taxed(discount.freeShipping ? 0 : rate.costCents);
        return {
          rate_id: rate.rateId,
          label: rate.label,
          cost: toMoneyNumber(rate.costCents),
          method_id: rate.methodId,
          instance_id: rate.instanceId,
          tax: {
            cart_tax: toMoneyNumber(tax.cartTaxCents),
            shipping_tax: toMoneyNumber(tax.shippingTaxCents),
            total_tax: toMoneyNumber(tax.totalTaxCents),
            exempt_reason: tax.exemptReason,
          },
        };
      });
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
