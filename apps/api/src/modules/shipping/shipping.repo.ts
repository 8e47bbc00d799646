import { and, asc, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  shippingZoneLocations,
  shippingZoneMethods,
  shippingZones,
  type ShippingMethodSettings,
} from '../../db/schema.ts';

export type ZoneRow = typeof shippingZones.$inferSelect;
export type ZoneLocationRow = typeof shippingZoneLocations.$inferSelect;
export type ZoneMethodRow = typeof shippingZoneMethods.$inferSelect;
export type NewZoneMethodRow = typeof shippingZoneMethods.$inferInsert;

export interface ZonesInForce {
  zones: ZoneRow[];
  locations: ZoneLocationRow[];
  enabledMethods: ZoneMethodRow[];
}

const zonesInMatchingOrder = (db: Database) =>
  db.select().from(shippingZones).orderBy(asc(shippingZones.zoneOrder), asc(shippingZones.id));

/** Every write takes the caller's transaction, so an edit and its activity entry land together. */
export function createShippingRepo(db: Database) {
  return {
    /** Every zone in matching order (zone_order, then id), zone 0 included. */
    listZones: (): Promise<ZoneRow[]> => zonesInMatchingOrder(db),

    async findZone(id: number, tx: Database = db): Promise<ZoneRow | undefined> {
      const [row] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id));
      return row;
    },

    async insertZone(tx: Database, values: { name: string; zoneOrder: number }): Promise<ZoneRow> {
      const [row] = await tx.insert(shippingZones).values(values).returning();
      return row!;
    },

    async updateZone(
      tx: Database,
      id: number,
      values: Partial<{ name: string; zoneOrder: number }>,
    ): Promise<ZoneRow | undefined> {
      const [row] = await tx
        .update(shippingZones)
        .set(values)
        .where(eq(shippingZones.id, id))
        .returning();
      return row;
    },

    /** Its locations and methods go with it (the foreign keys cascade). */
    async deleteZone(tx: Database, id: number): Promise<void> {
      await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    },

    async listLocations(zoneId?: number, tx: Database = db): Promise<ZoneLocationRow[]> {
      const query = tx.select().from(shippingZoneLocations);
      return zoneId === undefined
        ? query
        : query
            .where(eq(shippingZoneLocations.zoneId, zoneId))
            .orderBy(asc(shippingZoneLocations.type), asc(shippingZoneLocations.code));
    },

    async replaceLocations(
      tx: Database,
      zoneId: number,
      locations: Pick<ZoneLocationRow, 'code' | 'type'>[],
    ): Promise<void> {
      await tx.delete(shippingZoneLocations).where(eq(shippingZoneLocations.zoneId, zoneId));
      if (locations.length === 0) return;
      await tx
        .insert(shippingZoneLocations)
        .values(locations.map((location) => ({ zoneId, ...location })));
    },

    /**
     * What quoting needs, read together: every zone in matching order, every location, and every
     * enabled method in each zone's order. Checkouts keep it in memory between changes (0055).
     */
    async zonesInForce(): Promise<ZonesInForce> {
      const [zones, locations, enabledMethods] = await Promise.all([
        zonesInMatchingOrder(db),
        db.select().from(shippingZoneLocations),
        db
          .select()
          .from(shippingZoneMethods)
          .where(eq(shippingZoneMethods.enabled, true))
          .orderBy(
            asc(shippingZoneMethods.zoneId),
            asc(shippingZoneMethods.methodOrder),
            asc(shippingZoneMethods.instanceId),
          ),
      ]);
      return { zones, locations, enabledMethods };
    },

    async listEnabledMethods(zoneId: number): Promise<ZoneMethodRow[]> {
      return db
        .select()
        .from(shippingZoneMethods)
        .where(and(eq(shippingZoneMethods.zoneId, zoneId), eq(shippingZoneMethods.enabled, true)))
        .orderBy(asc(shippingZoneMethods.methodOrder), asc(shippingZoneMethods.instanceId));
    },

    /** Enabled and disabled: what the owner edits. */
    async listMethods(zoneId: number, tx: Database = db): Promise<ZoneMethodRow[]> {
      return tx
        .select()
        .from(shippingZoneMethods)
        .where(eq(shippingZoneMethods.zoneId, zoneId))
        .orderBy(asc(shippingZoneMethods.methodOrder), asc(shippingZoneMethods.instanceId));
    },

    async findMethod(
      zoneId: number,
      instanceId: number,
      tx: Database = db,
    ): Promise<ZoneMethodRow | undefined> {
      const [row] = await tx
        .select()
        .from(shippingZoneMethods)
        .where(
          and(
            eq(shippingZoneMethods.zoneId, zoneId),
            eq(shippingZoneMethods.instanceId, instanceId),
          ),
        );
      return row;
    },

    /** The order a new method takes: after the zone's last one. */
    async nextMethodOrder(tx: Database, zoneId: number): Promise<number> {
      const [row] = await tx
        .select({ last: max(shippingZoneMethods.methodOrder) })
        .from(shippingZoneMethods)
        .where(eq(shippingZoneMethods.zoneId, zoneId));
      return (row?.last ?? 0) + 1;
    },

    async insertMethod(tx: Database, values: NewZoneMethodRow): Promise<ZoneMethodRow> {
      const [row] = await tx.insert(shippingZoneMethods).values(values).returning();
      return row!;
    },

    async updateMethod(
      tx: Database,
      instanceId: number,
      values: Partial<{
        title: string;
        methodOrder: number;
        enabled: boolean;
        settings: ShippingMethodSettings;
      }>,
    ): Promise<ZoneMethodRow> {
      const [row] = await tx
        .update(shippingZoneMethods)
        .set(values)
        .where(eq(shippingZoneMethods.instanceId, instanceId))
        .returning();
      return row!;
    },

    async deleteMethod(tx: Database, instanceId: number): Promise<void> {
      await tx.delete(shippingZoneMethods).where(eq(shippingZoneMethods.instanceId, instanceId));
    },
  };
}

export type ShippingRepo = ReturnType<typeof createShippingRepo>;
