import {
  TAX_CLASSES,
  type TaxClass,
  type TaxRate,
  type TaxRateCreateSchema,
  type TaxRateListQuery,
  type TaxRateUpdateSchema,
} from '@larder/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { createVersionedValue, type ReadCacheVersion } from '../../http/read-cache.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { findCountry } from '../shipping/countries.ts';
import { taxRepo, type NewTaxRate, type TaxRateRow } from './tax.repo.ts';
import {
  computeTax,
  ratePercentString,
  type TaxableLine,
  type TaxDestination,
  type TaxResult,
} from './tax-rule.ts';

export interface TaxServiceOptions {
  activity: ActivityService;
  /** The read-cache version: the rates are kept in memory until it says they changed. */
  versions: ReadCacheVersion;
}

type TaxRateCreateInput = z.output<typeof TaxRateCreateSchema>;
type TaxRateUpdateInput = z.output<typeof TaxRateUpdateSchema>;

export const toTaxRate = (row: TaxRateRow): TaxRate => ({
  id: row.id,
  country: row.country,
  state: row.state,
  postcode: row.postcodes[0] ?? '',
  city: row.cities[0] ?? '',
  postcodes: row.postcodes,
  cities: row.cities,
  rate: ratePercentString(row.rateMicros),
  name: row.name,
  priority: row.priority,
  compound: row.compound,
  shipping: row.shipping,
  order: row.rateOrder,
  class: row.taxClass,
});

const rateNotFound = () => new ApiError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');

/** WooCommerce's single `postcode`/`city` hold several values separated by ";". */
const splitList = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean);

/** The row's columns for the fields sent; 400 for a country or state the shop does not know. */
function rateColumns(
  input: TaxRateUpdateInput,
  stored: Pick<TaxRateRow, 'country' | 'state'> | undefined,
): Partial<NewTaxRate> {
  const country = input.country ?? stored?.country ?? '';
  const state = input.state ?? stored?.state ?? '';
  if (country !== '') {
    const known = findCountry(country);
    if (!known) throw invalidParam('country', `${country} is not a country we know.`);
    if (state !== '' && known.states.length > 0 && !known.states.some((s) => s.code === state)) {
      throw invalidParam('state', `${state} is not a state of ${known.name}.`);
    }
  } else if (state !== '') {
    throw invalidParam('state', 'Choose the country of this state too.');
  }
  const postcodes = input.postcodes ?? splitList(input.postcode);
  const cities = input.cities ?? splitList(input.city);
  const columns: Partial<NewTaxRate> = {
    country: input.country,
    state: input.state,
    postcodes,
    cities,
    rateMicros: input.rate,
    name: input.name,
    priority: input.priority,
    compound: input.compound,
    shipping: input.shipping,
    rateOrder: input.order,
    taxClass: input.class,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as Partial<NewTaxRate>;
}

const describeRate = (row: TaxRateRow) =>
  `${row.name || 'Tax'} ${ratePercentString(row.rateMicros).replace(/\.?0+$/, '')} % (${
    [row.country, row.state].filter(Boolean).join(':') || 'everywhere'
  }, ${row.taxClass})`;

export interface TaxQuoteInput {
  destination: TaxDestination;
  lines: readonly TaxableLine[];
  viewer: Viewer;
}

/** A priced line as the tax rule takes it; `taxableCents` is the line's total after any discount. */
export const taxableLine = (
  line: { totalCents: number; taxStatus: TaxableLine['taxStatus']; taxClass: string },
  taxableCents = line.totalCents,
): TaxableLine => ({
  taxableCents,
  taxStatus: line.taxStatus,
  taxClass:
    line.taxClass === 'reduced-rate' || line.taxClass === 'zero-rate' ? line.taxClass : 'standard',
});

/** The rates that could apply in a country, those for every country included. */
const ratesIn = (byCountry: Map<string, TaxRateRow[]>, country: string) => [
  ...(byCountry.get('') ?? []),
  ...(byCountry.get(country.toUpperCase()) ?? []),
];

/** Sales tax: the owner's rates (WooCommerce's `/taxes`) and the one tax for quotes and orders. */
export function createTaxService(db: Database, { activity, versions }: TaxServiceOptions) {
  /** Rates by country ('' for those of every country), as the tax rule reads them. */
  const ratesByCountry = createVersionedValue(versions, 'tax', async () => {
    const byCountry = new Map<string, TaxRateRow[]>();
    for (const rate of await taxRepo.all(db)) {
      const country = rate.country.toUpperCase();
      byCountry.set(country, [...(byCountry.get(country) ?? []), rate]);
    }
    return byCountry;
  });

  async function find(id: number, tx: Database = db): Promise<TaxRateRow> {
    const row = await taxRepo.find(tx, id);
    if (!row) throw rateNotFound();
    return row;
  }

  return {
    classes: (): TaxClass[] => TAX_CLASSES.map((taxClass) => ({ ...taxClass })),

    async list(query: TaxRateListQuery) {
      const { rows, total } = await taxRepo.list(db, {
        taxClass: query.class,
        orderby: query.orderby,
        order: query.order,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { rates: rows.map(toTaxRate), total };
    },

    get: async (id: number): Promise<TaxRate> => toTaxRate(await find(id)),

    async create(input: TaxRateCreateInput, owner: Viewer): Promise<TaxRate> {
      const columns = rateColumns(input, undefined);
      return db.transaction(async (tx) => {
        const row = await taxRepo.insert(tx, {
          ...columns,
          rateMicros: input.rate,
          name: input.name,
        });
        await activity.record(
          owner,
          {
            action: 'tax_rate.created',
            subjectType: 'tax_rate',
            subjectId: row.id,
            summary: `Tax rate added: ${describeRate(row)}`,
          },
          tx,
        );
        return toTaxRate(row);
      });
    },

    async update(id: number, input: TaxRateUpdateInput, owner: Viewer): Promise<TaxRate> {
      return db.transaction(async (tx) => {
        const stored = await find(id, tx);
        const columns = rateColumns(input, stored);
        const row =
          Object.keys(columns).length > 0 ? await taxRepo.update(tx, id, columns) : stored;
        if (!row) throw rateNotFound();
        await activity.record(
          owner,
          {
            action: 'tax_rate.updated',
            subjectType: 'tax_rate',
            subjectId: id,
            summary: `Tax rate changed: ${describeRate(row)}`,
          },
          tx,
        );
        return toTaxRate(row);
      });
    },

    async remove(id: number, owner: Viewer): Promise<TaxRate> {
      return db.transaction(async (tx) => {
        const row = await taxRepo.remove(tx, id);
        if (!row) throw rateNotFound();
        await activity.record(
          owner,
          {
            action: 'tax_rate.deleted',
            subjectType: 'tax_rate',
            subjectId: id,
            summary: `Tax rate deleted: ${describeRate(row)}`,
          },
          tx,
        );
        return toTaxRate(row);
      });
    },

    /**
     * The tax on these lines for this buyer and address, for any shipping cost (each quoted rate
     * asks once): none for a wholesale account whose approved application carries a resale
     * certificate, and the result says so.
     */
    async calculator({
      destination,
      lines,
      viewer,
    }: TaxQuoteInput): Promise<(shippingCents: number) => TaxResult> {
      const certificate =
        viewer.canSeeWholesale && !viewer.isGuest
          ? await taxRepo.approvedCertificate(db, viewer.customerId)
          : undefined;
      const exemptReason = certificate
        ? `Tax exempt: resale certificate on file for ${certificate.businessName}.`
        : null;
      const rates = exemptReason ? [] : ratesIn(await ratesByCountry(), destination.country);
      return (shippingCents) =>
        computeTax({ rates, destination, lines, shippingCents, exemptReason });
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
