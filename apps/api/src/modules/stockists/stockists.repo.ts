import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, locations, stockistListings } from '../../db/schema.ts';

export type StockistListingRow = typeof stockistListings.$inferSelect;
export type NewStockistListing = typeof stockistListings.$inferInsert;
export type StockistListingRowStatus = StockistListingRow['status'];

/** The unique index that allows one pending request per account. */
export const ONE_PENDING_LISTING_INDEX = 'stockist_listings_one_pending_idx';

/** Every function takes the database or a transaction, so the service decides what is atomic. */
export const stockistsRepo = {
  async insert(tx: Database, listing: NewStockistListing): Promise<StockistListingRow> {
    const [row] = await tx.insert(stockistListings).values(listing).returning();
    return row!;
  },

  async find(tx: Database, id: number): Promise<StockistListingRow | undefined> {
    const [row] = await tx.select().from(stockistListings).where(eq(stockistListings.id, id));
    return row;
  },

  /** The account's own requests, newest first. */
  listForCustomer(tx: Database, customerId: number): Promise<StockistListingRow[]> {
    return tx
      .select()
      .from(stockistListings)
      .where(eq(stockistListings.customerId, customerId))
      .orderBy(desc(stockistListings.createdAt), desc(stockistListings.id));
  },

  /** One page for the owner, oldest first: the order to work through them. */
  async listPage(
    tx: Database,
    filter: { status?: StockistListingRowStatus; limit: number; offset: number },
  ): Promise<{ rows: StockistListingRow[]; total: number }> {
    const where: SQL | undefined = filter.status
      ? eq(stockistListings.status, filter.status)
      : undefined;
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(stockistListings)
        .where(where)
        .orderBy(asc(stockistListings.createdAt), asc(stockistListings.id))
        .limit(filter.limit)
        .offset(filter.offset),
      tx.select({ total: count() }).from(stockistListings).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  },

  /** Moves a listing on from `from`; undefined when it is no longer in that status. */
  async transition(
    tx: Database,
    id: number,
    from: StockistListingRowStatus,
    change: Partial<
      Pick<NewStockistListing, 'status' | 'declineReason' | 'locationId' | 'decidedAt'>
    >,
  ): Promise<StockistListingRow | undefined> {
    const [row] = await tx
      .update(stockistListings)
      .set(change)
      .where(and(eq(stockistListings.id, id), eq(stockistListings.status, from)))
      .returning();
    return row;
  },

  async slugTaken(tx: Database, slug: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.slug, slug));
    return row !== undefined;
  },

  async insertLocation(tx: Database, location: typeof locations.$inferInsert): Promise<number> {
    const [row] = await tx.insert(locations).values(location).returning({ id: locations.id });
    return row!.id;
  },

  async deleteLocation(tx: Database, id: number): Promise<void> {
    await tx.delete(locations).where(eq(locations.id, id));
  },

  async findCustomer(tx: Database, id: number) {
    const [row] = await tx
      .select({ email: customers.email, firstName: customers.firstName, role: customers.role })
      .from(customers)
      .where(eq(customers.id, id));
    return row;
  },
};
