import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeyNonces, apiKeys, customers } from '../../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;
export type ApiKeyListRow = ApiKeyRow & { userEmail: string };

/** Every function takes the database or a transaction, so the service decides what is atomic. */
export const apiKeysRepo = {
  async insert(db: Database, key: NewApiKey): Promise<ApiKeyRow> {
    const [row] = await db.insert(apiKeys).values(key).returning();
    return row!;
  },

  async list(db: Database): Promise<ApiKeyListRow[]> {
    const rows = await db
      .select({ key: apiKeys, userEmail: customers.email })
      .from(apiKeys)
      .innerJoin(customers, eq(customers.id, apiKeys.customerId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    return rows.map(({ key, userEmail }) => ({ ...key, userEmail }));
  },

  async find(db: Database, id: number): Promise<ApiKeyListRow | undefined> {
    const [row] = await db
      .select({ key: apiKeys, userEmail: customers.email })
      .from(apiKeys)
      .innerJoin(customers, eq(customers.id, apiKeys.customerId))
      .where(eq(apiKeys.id, id));
    return row ? { ...row.key, userEmail: row.userEmail } : undefined;
  },

  async remove(db: Database, id: number): Promise<boolean> {
    const removed = await db
      .delete(apiKeys)
      .where(eq(apiKeys.id, id))
      .returning({ id: apiKeys.id });
    return removed.length > 0;
  },

  /** The key with the account it acts as, by the consumer key's hash. */
  async findByKeyHash(db: Database, consumerKeyHash: string) {
    const [row] = await db
      .select({ key: apiKeys, customer: customers })
      .from(apiKeys)
      .innerJoin(customers, eq(customers.id, apiKeys.customerId))
      .where(eq(apiKeys.consumerKeyHash, consumerKeyHash));
    return row;
  },

  async touch(db: Database, id: number, at: Date): Promise<void> {
    await db.update(apiKeys).set({ lastAccess: at }).where(eq(apiKeys.id, id));
  },

  /**
   * Records a nonce unless the key used it within the window: false for a replay. The primary key
   * decides, so two requests racing with one nonce cannot both pass.
   */
  async useNonce(db: Database, keyId: number, nonce: string, at: Date, since: Date) {
    await db
      .delete(apiKeyNonces)
      .where(and(eq(apiKeyNonces.keyId, keyId), lt(apiKeyNonces.usedAt, since)));
    const inserted = await db
      .insert(apiKeyNonces)
      .values({ keyId, nonce, usedAt: at })
      .onConflictDoNothing()
      .returning({ nonce: apiKeyNonces.nonce });
    return inserted.length > 0;
  },
};
