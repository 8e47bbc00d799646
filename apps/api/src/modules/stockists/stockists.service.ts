import type {
  StockistListing,
  StockistListingDecision,
  StockistListingListQuery,
  StockistListingRequestSchema,
} from '@larder/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { formatWpDate, slugify } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  stockistListingApprovedEmail,
  stockistListingDeclinedEmail,
  stockistListingRequestOwnerEmail,
} from '../mail/stockist-emails.ts';
import { violatedConstraint } from '../wholesale/wholesale.repo.ts';
import { positionOfUsAddress, type Position } from './geocode.ts';
import {
  ONE_PENDING_LISTING_INDEX,
  stockistsRepo as repo,
  type StockistListingRow,
} from './stockists.repo.ts';

type ListingRequest = z.output<typeof StockistListingRequestSchema>;

export interface StockistsServiceOptions {
  mailer: Mailer;
  publicUrl: string;
  /** Where the owner hears of new listing requests (SHOP_OWNER_EMAIL). */
  shopOwnerEmail: string;
  activity: ActivityService;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

export const toStockistListing = (row: StockistListingRow): StockistListing => ({
  id: row.id,
  customer_id: row.customerId,
  status: row.status,
  business_name: row.businessName,
  address: row.address,
  city: row.city,
  state: row.state,
  postcode: row.postcode,
  country: row.country,
  phone: row.phone,
  website: row.website,
  note: row.note,
  decline_reason: row.declineReason,
  location_id: row.locationId,
  date_created_gmt: formatWpDate(row.createdAt),
  date_decided_gmt: row.decidedAt ? formatWpDate(row.decidedAt) : null,
});

const notFound = (id: number) =>
  new ApiError(404, 'stockist_listing_not_found', `There is no stockist listing #${id}.`);

/** The location's page text: the buyer's note, escaped, as the seeded stockists' notes are shown. */
const noteHtml = (note: string) =>
  note === ''
    ? ''
    : `<p>${note.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;

/**
 * Stockist listings (issue 15): an approved wholesale account asks to be on the store locator; the
 * owner approves (the listing becomes a `locations` row, placed on the map from its ZIP code),
 * declines with a reason, or later takes an approved listing down. Each decision is in the
 * activity log, written in its transaction; the buyer is emailed after it.
 */
export function createStockistsService(db: Database, options: StockistsServiceOptions) {
  const now = options.now ?? (() => new Date());

  async function emailBuyer(
    row: StockistListingRow,
    message: (to: { name?: string; address: string }) => Parameters<Mailer['send']>[0],
  ): Promise<void> {
    const customer = await repo.findCustomer(db, row.customerId);
    if (!customer) return;
    try {
      await options.mailer.send(
        message({ name: customer.firstName || undefined, address: customer.email }),
      );
    } catch (error) {
      options.log.error({ err: error, stockistListingId: row.id }, 'could not email the buyer');
    }
  }

  /** The owner's notice of a new request; the request stands if it cannot be sent. */
  async function emailOwner(row: StockistListingRow): Promise<void> {
    const customer = await repo.findCustomer(db, row.customerId);
    try {
      await options.mailer.send(
        stockistListingRequestOwnerEmail(
          options.shopOwnerEmail,
          {
            id: row.id,
            businessName: row.businessName,
            address: `${row.address}, ${row.city}, ${row.state} ${row.postcode}`,
            phone: row.phone,
            website: row.website,
            note: row.note,
            email: customer?.email ?? '',
          },
          `${options.publicUrl}/admin/stockists`,
        ),
      );
    } catch (error) {
      options.log.error({ err: error, stockistListingId: row.id }, 'could not email the owner');
    }
  }

  /** 404 for an unknown listing, else 409 naming the status it is in. */
  async function notInStatus(id: number, needed: string): Promise<never> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(id);
    throw new ApiError(
      409,
      'stockist_listing_status',
      `Stockist listing #${id} is ${row.status}, not ${needed}.`,
    );
  }

  async function freeSlug(tx: Database, name: string, id: number): Promise<string> {
    const base = slugify(name) || 'stockist';
    return (await repo.slugTaken(tx, base)) ? `${base}-${id}` : base;
  }

  async function approve(
    id: number,
    given: Partial<Position>,
    owner: Viewer,
  ): Promise<StockistListingRow> {
    const pending = await repo.find(db, id);
    if (!pending) throw notFound(id);
    if (pending.status !== 'pending') return notInStatus(id, 'pending');
    const position =
      given.latitude !== undefined && given.longitude !== undefined
        ? { latitude: given.latitude, longitude: given.longitude }
        : await positionOfUsAddress(pending);
    if (!position) {
      throw new ApiError(
        400,
        'stockist_listing_unplaced',
        `The ZIP code ${pending.postcode} and ${pending.city}, ${pending.state} are not places we know. Give the latitude and longitude to place it on the map.`,
        { latitude: 'Give the position.', longitude: 'Give the position.' },
      );
    }
    const decidedAt = now();
    const row = await db.transaction(async (tx) => {
      const locationId = await repo.insertLocation(tx, {
        slug: await freeSlug(tx, pending.businessName, pending.id),
        name: pending.businessName,
        content: noteHtml(pending.note),
        address: pending.address,
        city: pending.city,
        state: pending.state,
        postcode: pending.postcode,
        country: pending.country,
        phone: pending.phone,
        website: pending.website,
        ...position,
        createdAt: decidedAt,
        modifiedAt: decidedAt,
      });
      const approved = await repo.transition(tx, id, 'pending', {
        status: 'approved',
        locationId,
        decidedAt,
      });
      // Decided meanwhile by another request: the new location is rolled back with this.
      if (!approved) {
        throw new ApiError(
          409,
          'stockist_listing_status',
          `Stockist listing #${id} was decided meanwhile.`,
        );
      }
      await options.activity.record(
        owner,
        {
          action: 'stockist.approved',
          subjectType: 'stockist_listing',
          subjectId: id,
          summary: `Listed ${approved.businessName} on the store locator`,
        },
        tx,
      );
      return approved;
    });
    await emailBuyer(row, (to) =>
      stockistListingApprovedEmail(to, row, `${options.publicUrl}/where-to-buy`),
    );
    return row;
  }

  async function decline(id: number, reason: string, owner: Viewer): Promise<StockistListingRow> {
    const row = await db.transaction(async (tx) => {
      const declined = await repo.transition(tx, id, 'pending', {
        status: 'declined',
        declineReason: reason,
        decidedAt: now(),
      });
      if (!declined) return undefined;
      await options.activity.record(
        owner,
        {
          action: 'stockist.declined',
          subjectType: 'stockist_listing',
          subjectId: id,
          summary: `Declined ${declined.businessName}'s store locator listing`,
        },
        tx,
      );
      return declined;
    });
    if (!row) return notInStatus(id, 'pending');
    await emailBuyer(row, (to) => stockistListingDeclinedEmail(to, row, reason));
    return row;
  }

  return {
    /** The account's own requests, newest first. */
    async listOwn(viewer: Viewer): Promise<StockistListing[]> {
      return (await repo.listForCustomer(db, viewer.customerId)).map(toStockistListing);
    },

    /** A wholesale account's request; one pending at a time (409). */
    async request(input: ListingRequest, viewer: Viewer): Promise<StockistListing> {
      try {
        const row = await repo.insert(db, {
          customerId: viewer.customerId,
          businessName: input.business_name,
          address: input.address,
          city: input.city,
          state: input.state,
          postcode: input.postcode,
          country: 'US',
          phone: input.phone,
          website: input.website,
          note: input.note,
          createdAt: now(),
        });
        await emailOwner(row);
        return toStockistListing(row);
      } catch (error) {
        if (violatedConstraint(error) === ONE_PENDING_LISTING_INDEX) {
          throw new ApiError(
            409,
            'stockist_listing_pending',
            'Your listing request is already with us. We will email you once it is reviewed.',
          );
        }
        throw error;
      }
    },

    async listPage(query: StockistListingListQuery) {
      const { rows, total } = await repo.listPage(db, {
        status: query.status === 'all' ? undefined : query.status,
        limit: query.per_page,
        offset: pageOffset({ page: query.page, perPage: query.per_page }),
      });
      return { listings: rows.map(toStockistListing), total };
    },

    async decide(
      id: number,
      decision: StockistListingDecision,
      owner: Viewer,
    ): Promise<StockistListing> {
      const row =
        decision.status === 'approved'
          ? await approve(id, decision, owner)
          : await decline(id, decision.reason, owner);
      return toStockistListing(row);
    },

    /** Takes an approved listing off the store locator; the request stays, as `removed`. */
    async remove(id: number, owner: Viewer): Promise<StockistListing> {
      const row = await db.transaction(async (tx) => {
        const current = await repo.find(tx, id);
        if (!current || current.status !== 'approved') return undefined;
        const removed = await repo.transition(tx, id, 'approved', {
          status: 'removed',
          locationId: null,
        });
        if (!removed) return undefined;
        if (current.locationId !== null) await repo.deleteLocation(tx, current.locationId);
        await options.activity.record(
          owner,
          {
            action: 'stockist.removed',
            subjectType: 'stockist_listing',
            subjectId: id,
            summary: `Took ${removed.businessName} off the store locator`,
          },
          tx,
        );
        return removed;
      });
      if (!row) return notInStatus(id, 'approved');
      return toStockistListing(row);
    },
  };
}

export type StockistsService = ReturnType<typeof createStockistsService>;
