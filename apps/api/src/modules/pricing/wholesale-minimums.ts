import {
  minimumMessage,
  minimumProgress,
  toMoneyString,
  type MinimumProgress,
  type WholesaleMinimums,
} from '@larder/contract';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, wholesaleSettings } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';

/** The shop's minimums; no row yet means none (0). */
export async function readMinimums(db: Database): Promise<WholesaleMinimums> {
  const [row] = await db.select().from(wholesaleSettings).where(eq(wholesaleSettings.id, 1));
  return {
    openingCents: row?.openingMinimumCents ?? 0,
    reorderCents: row?.reorderMinimumCents ?? 0,
  };
}

export async function saveMinimums(db: Database, minimums: WholesaleMinimums): Promise<void> {
  const values = {
    openingMinimumCents: minimums.openingCents,
    reorderMinimumCents: minimums.reorderCents,
    modifiedAt: new Date(),
  };
  await db
    .insert(wholesaleSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: wholesaleSettings.id, set: values });
}

/** Decision 0037: a buyer has ordered before once an order of theirs was paid for. */
export async function hasEarlierPaidOrder(db: Database, customerId: number): Promise<boolean> {
  if (customerId === 0) return false;
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        or(inArray(orders.status, ['processing', 'completed']), isNotNull(orders.datePaid)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The minimum that applies to this buyer and how far `subtotalCents` goes towards it. */
export async function minimumProgressFor(
  db: Database,
  viewer: Pick<Viewer, 'customerId'>,
  subtotalCents: number,
): Promise<MinimumProgress & { minimums: WholesaleMinimums }> {
  const [minimums, ordered] = await Promise.all([
    readMinimums(db),
    hasEarlierPaidOrder(db, viewer.customerId),
  ]);
  return { ...minimumProgress(minimums, ordered, subtotalCents), minimums };
}

/**
 * Refuses a wholesale buyer's order whose goods (at their prices) come to less than the minimum
 * that applies to them; anyone else's orders have no minimum.
 */
export async function checkOrderMinimum(
  db: Database,
  viewer: Pick<Viewer, 'customerId' | 'canSeeWholesale'>,
  subtotalCents: number,
): Promise<void> {
  if (!viewer.canSeeWholesale) return;
  const progress = await minimumProgressFor(db, viewer, subtotalCents);
  if (progress.met) return;
  throw new ApiError(409, 'larder_wholesale_order_minimum', minimumMessage(progress), undefined, {
    minimum_kind: progress.kind,
    minimum: toMoneyString(progress.minimumCents),
    remaining: toMoneyString(progress.remainingCents),
  });
}
