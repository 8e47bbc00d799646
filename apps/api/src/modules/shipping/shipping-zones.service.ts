import {
  MoneyInputError,
  parseMoneyInput,
  REST_OF_WORLD_ZONE_ID,
  SHIPPING_CONTINENTS,
  toMoneyString,
  type ShippingMethodId,
  type ShippingMethodSettingsInput,
  type ShippingZone,
  type ShippingZoneCreate,
  type ShippingZoneLocation,
  type ShippingZoneLocationsUpdate,
  type ShippingZoneMethod,
  type ShippingZoneMethodCreate,
  type ShippingZoneMethodUpdate,
  type ShippingZoneUpdate,
} from '@larder/contract';
import type { Database } from '../../db/client.ts';
import type { ShippingMethodSettings } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { findCountry } from './countries.ts';
import type { ShippingRepo, ZoneMethodRow, ZoneRow } from './shipping.repo.ts';
import { methodInfo, toZoneMethod } from './zone-methods.ts';

export interface ShippingZonesOptions {
  activity: ActivityService;
}

/** The settings each method reads (shipping-cost.ts); any other is refused rather than kept unread. */
const methodSettingKeys: Record<ShippingMethodId, (keyof ShippingMethodSettings)[]> = {
  flat_rate: ['cost', 'per_item_cost'],
  local_pickup: ['cost'],
  free_shipping: ['requires', 'min_amount'],
};
const amountKeys = new Set<keyof ShippingMethodSettings>(['cost', 'per_item_cost', 'min_amount']);

/** What a new method starts with, so a quote never reads a missing cost. */
const defaultSettings: Record<ShippingMethodId, ShippingMethodSettings> = {
  flat_rate: { cost: '0.00' },
  local_pickup: { cost: '0.00' },
  free_shipping: { requires: '' },
};

const toZone = (row: ZoneRow): ShippingZone => ({
  id: row.id,
  name: row.name,
  order: row.zoneOrder,
});

const zoneNotFound = () =>
  new ApiError(404, 'woocommerce_rest_shipping_zone_invalid', 'Invalid resource ID.');
const methodNotFound = () =>
  new ApiError(404, 'woocommerce_rest_shipping_zone_method_invalid', 'Resource does not exist.');
const restOfWorldLocked = (code: string, what: string) =>
  new ApiError(
    403,
    code,
    `The "locations not covered by your other zones" zone cannot be ${what}.`,
  );
const nameTaken = (name: string) =>
  new ApiError(409, 'larder_shipping_zone_exists', `There is already a zone called "${name}".`, {
    name: 'Another zone has this name. Choose another.',
  });

/** "7.5" → "7.50" through the money module; "" stays "" (none). */
function normalizeAmount(key: string, value: string): string {
  if (value === '') return '';
  try {
    return toMoneyString(parseMoneyInput(value));
  } catch (error) {
    if (error instanceof MoneyInputError) throw invalidParam(`settings.${key}`, error.message);
    throw error;
  }
}

/**
 * The method's stored settings after this write: the sent keys over the kept ones, amounts in
 * the money module's form, and free shipping's minimum present when it is required.
 */
function mergeSettings(
  methodId: ShippingMethodId,
  stored: ShippingMethodSettings,
  sent: ShippingMethodSettingsInput | undefined,
): ShippingMethodSettings {
  const allowed = methodSettingKeys[methodId];
  const merged: ShippingMethodSettings = { ...stored };
  for (const [key, value] of Object.entries(sent ?? {}) as [string, string | undefined][]) {
    if (key === 'title' || value === undefined) continue;
    const settingKey = key as keyof ShippingMethodSettings;
    if (!allowed.includes(settingKey)) {
      throw invalidParam(
        `settings.${key}`,
        `${methodInfo[methodId].title} has no ${key} setting; it takes ${allowed.join(', ')}.`,
      );
    }
    merged[settingKey] = amountKeys.has(settingKey) ? normalizeAmount(key, value) : value;
  }
  if (methodId === 'free_shipping' && merged.requires === 'min_amount' && !merged.min_amount) {
    throw invalidParam(
      'settings.min_amount',
      'Enter the minimum order amount free shipping needs.',
    );
  }
  return merged;
}

/**
 * A location as stored: codes upper-cased, checked against the shop's countries, states and
 * continents; postcodes kept as typed (wildcards `277*`, ranges `90000...96199`).
 */
function checkLocation(
  location: { code: string; type: ShippingZoneLocation['type'] },
  index: number,
): ShippingZoneLocation {
  const refuse = (message: string) => invalidParam(`locations[${index}]`, message);
  const code = location.code.trim().toUpperCase();
  switch (location.type) {
    case 'country':
      if (!findCountry(code) || !/^[A-Z]{2}$/.test(code))
        throw refuse(`${location.code} is not a country code (two letters, such as US).`);
      return { code, type: 'country' };
    case 'state': {
      const [countryCode = '', stateCode = ''] = code.split(':');
      const country = findCountry(countryCode);
      if (!country || !country.states.some((state) => state.code === stateCode)) {
        throw refuse(`${location.code} is not a state code (country:state, such as US:OR).`);
      }
      return { code: `${country.code}:${stateCode}`, type: 'state' };
    }
    case 'continent':
      if (!Object.hasOwn(SHIPPING_CONTINENTS, code)) {
        throw refuse(
          `${location.code} is not a continent code (${Object.keys(SHIPPING_CONTINENTS).join(', ')}).`,
        );
      }
      return { code, type: 'continent' };
    case 'postcode':
      if (!/^[A-Z0-9 *.-]+$/.test(code)) {
        throw refuse(
          `${location.code} is not a postcode rule: letters, digits, * wildcards or a range such as 90000...96199.`,
        );
      }
      return { code, type: 'postcode' };
  }
}

/**
 * The owner's edits to shipping zones, their locations and methods (WooCommerce's routes). Each
 * write is one transaction with its activity entry. Quotes read the tables directly (no read
 * cache holds shipping), so checkout and estimates use an edit from the next request.
 */
export function createShippingZonesService(
  db: Database,
  repo: ShippingRepo,
  { activity }: ShippingZonesOptions,
) {
  async function zoneOrThrow(id: number, tx: Database = db): Promise<ZoneRow> {
    const zone = await repo.findZone(id, tx);
    if (!zone) throw zoneNotFound();
    return zone;
  }

  async function methodOrThrow(
    zoneId: number,
    instanceId: number,
    tx: Database = db,
  ): Promise<ZoneMethodRow> {
    await zoneOrThrow(zoneId, tx);
    const method = await repo.findMethod(zoneId, instanceId, tx);
    if (!method) throw methodNotFound();
    return method;
  }

  /** Runs a zone write, turning the unique name index's refusal into a 409. */
  async function withNameCheck<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (name !== undefined && isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }

  return {
    async zone(id: number): Promise<ShippingZone> {
      return toZone(await zoneOrThrow(id));
    },

    async createZone(input: ShippingZoneCreate, owner: Viewer): Promise<ShippingZone> {
      const name = input.name.trim();
      const row = await withNameCheck(name, () =>
        db.transaction(async (tx) => {
          const zone = await repo.insertZone(tx, { name, zoneOrder: input.order ?? 0 });
          await activity.record(
            owner,
            {
              action: 'shipping_zone.created',
              subjectType: 'shipping_zone',
              subjectId: zone.id,
              summary: `Shipping zone "${zone.name}" added`,
            },
            tx,
          );
          return zone;
        }),
      );
      return toZone(row);
    },

    async updateZone(id: number, input: ShippingZoneUpdate, owner: Viewer): Promise<ShippingZone> {
      const row = await withNameCheck(input.name, () =>
        db.transaction(async (tx) => {
          const zone = await zoneOrThrow(id, tx);
          if (zone.id === REST_OF_WORLD_ZONE_ID) {
            throw restOfWorldLocked('woocommerce_rest_shipping_zone_invalid_zone', 'updated');
          }
          const changes: Partial<{ name: string; zoneOrder: number }> = {};
          if (input.name !== undefined && input.name !== zone.name) changes.name = input.name;
          if (input.order !== undefined && input.order !== zone.zoneOrder)
            changes.zoneOrder = input.order;
          if (Object.keys(changes).length === 0) return zone;
          const updated = await repo.updateZone(tx, id, changes);
          if (!updated) throw zoneNotFound();
          const said = [
            changes.name !== undefined ? `renamed "${updated.name}" (was "${zone.name}")` : '',
            changes.zoneOrder !== undefined ? `moved to order ${updated.zoneOrder}` : '',
          ].filter(Boolean);
          await activity.record(
            owner,
            {
              action: 'shipping_zone.updated',
              subjectType: 'shipping_zone',
              subjectId: id,
              summary: `Shipping zone "${zone.name}" ${said.join(' and ')}`,
            },
            tx,
          );
          return updated;
        }),
      );
      return toZone(row);
    },

    /** WooCommerce answers with the zone as it was. Its locations and methods go with it. */
    async deleteZone(id: number, owner: Viewer): Promise<ShippingZone> {
      return db.transaction(async (tx) => {
        const zone = await zoneOrThrow(id, tx);
        if (zone.id === REST_OF_WORLD_ZONE_ID) {
          throw restOfWorldLocked('woocommerce_rest_shipping_zone_invalid_zone', 'deleted');
        }
        await repo.deleteZone(tx, id);
        await activity.record(
          owner,
          {
            action: 'shipping_zone.deleted',
            subjectType: 'shipping_zone',
            subjectId: id,
            summary: `Shipping zone "${zone.name}" deleted with its locations and methods`,
          },
          tx,
        );
        return toZone(zone);
      });
    },

    /** Zone 0 has none: it is where every address no other zone matches goes. */
    async locations(zoneId: number): Promise<ShippingZoneLocation[]> {
      await zoneOrThrow(zoneId);
      return (await repo.listLocations(zoneId)).map(({ code, type }) => ({ code, type }));
    },

    async replaceLocations(
      zoneId: number,
      input: ShippingZoneLocationsUpdate,
      owner: Viewer,
    ): Promise<ShippingZoneLocation[]> {
      const unique = new Map<string, ShippingZoneLocation>();
      input.forEach((location, index) => {
        const checked = checkLocation(
          { code: location.code, type: location.type ?? 'country' },
          index,
        );
        unique.set(`${checked.type} ${checked.code}`, checked);
      });
      const locations = [...unique.values()];
      return db.transaction(async (tx) => {
        const zone = await zoneOrThrow(zoneId, tx);
        if (zone.id === REST_OF_WORLD_ZONE_ID) {
          throw restOfWorldLocked(
            'woocommerce_rest_shipping_zone_locations_invalid_zone',
            'updated',
          );
        }
        await repo.replaceLocations(tx, zoneId, locations);
        await activity.record(
          owner,
          {
            action: 'shipping_zone.locations',
            subjectType: 'shipping_zone',
            subjectId: zoneId,
            summary:
              locations.length === 0
                ? `Shipping zone "${zone.name}" now has no locations`
                : `Shipping zone "${zone.name}" locations set to ${locations
                    .map((location) => location.code)
                    .join(', ')}`.slice(0, 500),
          },
          tx,
        );
        return (await repo.listLocations(zoneId, tx)).map(({ code, type }) => ({ code, type }));
      });
    },

    /** Shoppers see the enabled methods; owners every one, to switch them back on. */
    async methods(zoneId: number, viewer: Viewer): Promise<ShippingZoneMethod[]> {
      await zoneOrThrow(zoneId);
      const rows = viewer.isOwner
        ? await repo.listMethods(zoneId)
        : await repo.listEnabledMethods(zoneId);
      return rows.map(toZoneMethod);
    },

    async method(zoneId: number, instanceId: number): Promise<ShippingZoneMethod> {
      return toZoneMethod(await methodOrThrow(zoneId, instanceId));
    },

    async addMethod(
      zoneId: number,
      input: ShippingZoneMethodCreate,
      owner: Viewer,
    ): Promise<ShippingZoneMethod> {
      const methodId = input.method_id;
      const settings = mergeSettings(methodId, defaultSettings[methodId], input.settings);
      const title = input.settings?.title ?? input.title ?? methodInfo[methodId].title;
      const row = await db.transaction(async (tx) => {
        const zone = await zoneOrThrow(zoneId, tx);
        const method = await repo.insertMethod(tx, {
          zoneId,
          methodId,
          title,
          methodOrder: input.order ?? (await repo.nextMethodOrder(tx, zoneId)),
          enabled: input.enabled ?? true,
          settings,
        });
        await activity.record(
          owner,
          {
            action: 'shipping_method.created',
            subjectType: 'shipping_method',
            subjectId: method.instanceId,
            summary: `${methodInfo[methodId].title} "${title}" added to shipping zone "${zone.name}"`,
          },
          tx,
        );
        return method;
      });
      return toZoneMethod(row);
    },

    async updateMethod(
      zoneId: number,
      instanceId: number,
      input: ShippingZoneMethodUpdate,
      owner: Viewer,
    ): Promise<ShippingZoneMethod> {
      const row = await db.transaction(async (tx) => {
        const method = await methodOrThrow(zoneId, instanceId, tx);
        const settings = mergeSettings(method.methodId, method.settings, input.settings);
        const title = input.settings?.title ?? input.title ?? method.title;
        const updated = await repo.updateMethod(tx, instanceId, {
          title,
          settings,
          ...(input.order !== undefined ? { methodOrder: input.order } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        });
        const said = [
          title !== method.title ? `renamed "${title}"` : '',
          input.enabled !== undefined && input.enabled !== method.enabled
            ? input.enabled
              ? 'enabled'
              : 'disabled'
            : '',
          ...Object.entries(settings)
            .filter(
              ([key, value]) => method.settings[key as keyof ShippingMethodSettings] !== value,
            )
            .map(([key, value]) => `${key} ${value === '' ? 'cleared' : `set to ${value}`}`),
          input.order !== undefined && input.order !== method.methodOrder
            ? `moved to order ${input.order}`
            : '',
        ].filter(Boolean);
        await activity.record(
          owner,
          {
            action: 'shipping_method.updated',
            subjectType: 'shipping_method',
            subjectId: instanceId,
            summary: `Shipping method "${method.title}" ${said.length > 0 ? said.join(', ') : 'saved unchanged'}`,
          },
          tx,
        );
        return updated;
      });
      return toZoneMethod(row);
    },

    async deleteMethod(
      zoneId: number,
      instanceId: number,
      owner: Viewer,
    ): Promise<ShippingZoneMethod> {
      return db.transaction(async (tx) => {
        const method = await methodOrThrow(zoneId, instanceId, tx);
        await repo.deleteMethod(tx, instanceId);
        await activity.record(
          owner,
          {
            action: 'shipping_method.deleted',
            subjectType: 'shipping_method',
            subjectId: instanceId,
            summary: `Shipping method "${method.title}" removed`,
          },
          tx,
        );
        return toZoneMethod(method);
      });
    },
  };
}

export type ShippingZonesService = ReturnType<typeof createShippingZonesService>;
