import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, stockNotifications } from '../../db/schema.ts';

export type StockNotificationRow = typeof stockNotifications.$inferSelect;

/** The product with what decides whether it (or one of its variations) can be bought. */
export const productForStock = (db: Database, id: number) =>
  db.query.products.findFirst({
    where: eq(products.id, id),
    columns: {
      id: true,
      name: true,
      slug: true,
      type: true,
      status: true,
      manageStock: true,
      stockQuantity: true,
      stockStatus: true,
      attributes: true,
    },
    with: {
      variations: {
        columns: { id: true, attributes: true, stockQuantity: true, stockStatus: true },
      },
    },
  });

export type StockProduct = NonNullable<Awaited<ReturnType<typeof productForStock>>>;

export function createStockNotificationsRepo(db: Database) {
  return {
    /** Stores a waiting request; null when the address already waits for this item. */
    async insertWaiting(values: {
      productId: number;
      variationId: number;
      email: string;
      keyHash: string;
    }): Promise<StockNotificationRow | null> {
      const [row] = await db
        .insert(stockNotifications)
        .values(values)
        // The only unique rule besides the id: one waiting request per address and item.
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    findById: (id: number) =>
      db.query.stockNotifications.findFirst({ where: eq(stockNotifications.id, id) }),

    async remove(id: number): Promise<void> {
      await db.delete(stockNotifications).where(eq(stockNotifications.id, id));
    },

    waitingFor: (productId: number) =>
      db
        .select()
        .from(stockNotifications)
        .where(
          and(eq(stockNotifications.productId, productId), isNull(stockNotifications.notifiedAt)),
        ),

    /**
     * Marks requests as sent, returning those this call claimed: a request another run (or the
     * command line's process) claimed first is not returned, so nobody is emailed twice.
     */
    claim: (ids: number[], at: Date) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .update(stockNotifications)
            .set({ notifiedAt: at })
            .where(and(inArray(stockNotifications.id, ids), isNull(stockNotifications.notifiedAt)))
            .returning(),

    /** Puts a request back to waiting after its email could not be handed over. */
    async release(id: number): Promise<void> {
      await db
        .update(stockNotifications)
        .set({ notifiedAt: null })
        .where(eq(stockNotifications.id, id));
    },
  };
}

export type StockNotificationsRepo = ReturnType<typeof createStockNotificationsRepo>;
