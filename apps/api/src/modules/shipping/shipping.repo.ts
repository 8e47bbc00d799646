import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shippingZoneLocations, shippingZoneMethods, shippingZones } from '../../db/schema.ts';

export type ZoneRow = typeof shippingZones.$inferSelect;
export type ZoneLocationRow = typeof shippingZoneLocations.$inferSelect;
export type ZoneMethodRow = typeof shippingZoneMethods.$inferSelect;

export function createShippingRepo(db: Database) {
  return {
    /** Every zone in matching order (zone_order, then id), zone 0 included. */
    async listZones(): Promise<ZoneRow[]> {
      return db
        .select()
        .from(shippingZones)
        .orderBy(asc(shippingZones.zoneOrder), asc(shippingZones.id));
    },

    async findZone(id: number): Promise<ZoneRow | undefined> {
      const [row] = await db.select().from(shippingZones).where(eq(shippingZones.id, id));
      return row;
    },

    async listLocations(): Promise<ZoneLocationRow[]> {
      return db.select().from(shippingZoneLocations);
    },

    async listEnabledMethods(zoneId: number): Promise<ZoneMethodRow[]> {
      return db
        .select()
        .from(shippingZoneMethods)
        .where(and(eq(shippingZoneMethods.zoneId, zoneId), eq(shippingZoneMethods.enabled, true)))
        .orderBy(asc(shippingZoneMethods.methodOrder), asc(shippingZoneMethods.instanceId));
    },
  };
}

export type ShippingRepo = ReturnType<typeof createShippingRepo>;
