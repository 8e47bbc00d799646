import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taxRates, wholesaleApplications } from '../../db/schema.ts';

export type TaxRateRow = typeof taxRates.$inferSelect;
export type NewTaxRate = typeof taxRates.$inferInsert;

const sortColumns = {
  id: [taxRates.id],
  order: [taxRates.rateOrder, taxRates.id],
  priority: [taxRates.priority, taxRates.rateOrder, taxRates.id],
} as const;

/** Every function takes the database or a transaction, so the service decides what is atomic. */
export const taxRepo = {
  /** Every rate, for the tax rule to choose from: quotes and orders keep them in memory (0055). */
  async all(db: Database): Promise<TaxRateRow[]> {
    return db.select().from(taxRates);
  },

  async list(
    db: Database,
    filter: {
      taxClass?: TaxRateRow['taxClass'];
      orderby: keyof typeof sortColumns;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: TaxRateRow[]; total: number }> {
    const where = filter.taxClass ? eq(taxRates.taxClass, filter.taxClass) : undefined;
    const direction = filter.order === 'asc' ? asc : desc;
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(taxRates)
        .where(where)
        .orderBy(...sortColumns[filter.orderby].map((column) => direction(column)))
        .limit(filter.limit)
        .offset(filter.offset),
      db.select({ total: count() }).from(taxRates).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  },

  async find(db: Database, id: number): Promise<TaxRateRow | undefined> {
    const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id));
    return row;
  },

  async insert(db: Database, rate: NewTaxRate): Promise<TaxRateRow> {
    const [row] = await db.insert(taxRates).values(rate).returning();
    return row!;
  },

  async update(
    db: Database,
    id: number,
    changes: Partial<NewTaxRate>,
  ): Promise<TaxRateRow | undefined> {
    const [row] = await db.update(taxRates).set(changes).where(eq(taxRates.id, id)).returning();
    return row;
  },

  async remove(db: Database, id: number): Promise<TaxRateRow | undefined> {
    const [row] = await db.delete(taxRates).where(eq(taxRates.id, id)).returning();
    return row;
  },

  /** The account's approved wholesale application, which carries its resale certificate. */
  async approvedCertificate(db: Database, customerId: number) {
    const [row] = await db
      .select({
        businessName: wholesaleApplications.businessName,
        decidedAt: wholesaleApplications.decidedAt,
      })
      .from(wholesaleApplications)
      .where(
        and(
          eq(wholesaleApplications.customerId, customerId),
          eq(wholesaleApplications.status, 'approved'),
        ),
      )
      .orderBy(desc(wholesaleApplications.decidedAt))
      .limit(1);
    return row;
  },
};
