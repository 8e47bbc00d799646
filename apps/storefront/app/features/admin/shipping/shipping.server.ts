import {
  SHIPPING_CONTINENTS,
  ShippingMethodIdSchema,
  ShippingZoneCreateSchema,
  ShippingZoneMethodCreateSchema,
  ShippingZoneMethodUpdateSchema,
  ShippingZoneUpdateSchema,
  type Country,
  type ShippingMethodId,
  type ShippingMethodSettingsInput,
  type ShippingZone,
  type ShippingZoneLocation,
  type ShippingZoneMethod,
} from '@larder/contract';
import type { ZodError } from 'zod';
import type { ApiFetch } from '../../../load-context.ts';
import type { BackOfficeApi } from '../../../lib/api/back-office-api.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedText, refused, runAction } from '../run-action.server.ts';

/** A choice of the "Add a location" list: `state:US:OR`, `country:CA`, `continent:EU`. */
export interface LocationOption {
  code: string;
  name: string;
}

export interface ZoneLocationView extends ShippingZoneLocation {
  label: string;
}

export interface ZoneView {
  zone: ShippingZone;
  locations: ZoneLocationView[];
  methods: ShippingZoneMethod[];
}

const REST_OF_WORLD = 0;
const optionCode = (location: ShippingZoneLocation) => `${location.type}:${location.code}`;

/** Countries and states by their names ("Oregon, United States"), continents and postcodes as such. */
function locationLabel(location: ShippingZoneLocation, countries: Map<string, Country>): string {
  switch (location.type) {
    case 'country':
      return countries.get(location.code)?.name ?? location.code;
    case 'state': {
      const [countryCode = '', stateCode = ''] = location.code.split(':');
      const country = countries.get(countryCode);
      const state = country?.states.find((candidate) => candidate.code === stateCode);
      return state && country ? `${state.name}, ${country.name}` : location.code;
    }
    case 'continent':
      return `${SHIPPING_CONTINENTS[location.code] ?? location.code} (continent)`;
    case 'postcode':
      return `ZIP code ${location.code}`;
  }
}

/** States first (the shop ships mostly at home), then countries, then continents. */
function locationOptions(countries: Country[]): LocationOption[] {
  const states = countries.flatMap((country) =>
    country.states.map((state) => ({
      code: `state:${country.code}:${state.code}`,
      name: `${state.name}, ${country.name}`,
    })),
  );
  return [
    ...states,
    ...countries.map((country) => ({ code: `country:${country.code}`, name: country.name })),
    ...Object.entries(SHIPPING_CONTINENTS).map(([code, name]) => ({
      code: `continent:${code}`,
      name: `${name} (continent)`,
    })),
  ];
}

export async function loadShipping(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const [zones, countries] = await Promise.all([api.listShippingZones(), api.listCountries()]);
  const byCode = new Map(countries.map((country) => [country.code, country]));
  // The API lists zone 0 first; the screen shows zones in matching order, zone 0 (the fallback) last.
  const ordered = [
    ...zones.filter((zone) => zone.id !== REST_OF_WORLD),
    ...zones.filter((zone) => zone.id === REST_OF_WORLD),
  ];
  const views: ZoneView[] = await Promise.all(
    ordered.map(async (zone) => {
      const [locations, methods] = await Promise.all([
        zone.id === REST_OF_WORLD ? [] : api.listShippingZoneLocations(zone.id),
        api.listShippingZoneMethods(zone.id),
      ]);
      return {
        zone,
        locations: locations.map((location) => ({
          ...location,
          label: locationLabel(location, byCode),
        })),
        methods,
      };
    }),
  );
  return { zones: views, locationOptions: locationOptions(countries) };
}

/** The schema's messages under the posting form's key (`zone-4.name`), so only that form shows them. */
function errorsFor(formKey: string, error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.filter((part) => part !== 'settings').at(0);
    const key = `${formKey}.${typeof field === 'string' ? field : 'form'}`;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Runs the write; a refusal's `data.params` (`settings.cost`) lands on the posting form's fields. */
async function runFormAction(formKey: string, write: () => Promise<string>) {
  const result = await runAction(write);
  const params = result.data.ok ? undefined : result.data.fieldErrors;
  if (params) {
    result.data.fieldErrors = Object.fromEntries(
      Object.entries(params).map(([name, message]) => [
        `${formKey}.${name.replace(/^settings\.?/, '') || 'cost'}`,
        message,
      ]),
    );
  }
  return result;
}

const postedNumber = (formData: FormData, name: string) => {
  const raw = postedText(formData, name).trim();
  return raw === '' ? Number.NaN : Number(raw);
};

/**
 * The settings the method form posts, as the API takes them: a flat rate's cost and cost per
 * item, local pickup's cost, free shipping's minimum (empty: always free).
 */
function postedSettings(methodId: ShippingMethodId, formData: FormData) {
  const title = postedText(formData, 'title').trim();
  const settings: ShippingMethodSettingsInput = title ? { title } : {};
  if (methodId === 'free_shipping') {
    const minimum = postedText(formData, 'min_amount').trim();
    settings.requires = minimum === '' ? '' : 'min_amount';
    settings.min_amount = minimum;
  } else {
    settings.cost = postedText(formData, 'cost').trim() || '0';
    if (methodId === 'flat_rate') settings.per_item_cost = postedText(formData, 'per_item_cost');
  }
  return settings;
}

/**
 * The location the owner typed, as `type:code`: its name as the list shows it ("Oregon, United
 * States", any case) or its code (`US:OR`, `CA`); null when it names nothing.
 */
async function chosenLocation(api: BackOfficeApi, typed: string): Promise<string | null> {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return null;
  const options = locationOptions(await api.listCountries());
  const match = options.find(
    (option) =>
      option.name.toLowerCase() === wanted ||
      option.code.slice(option.code.indexOf(':') + 1).toLowerCase() === wanted,
  );
  return match?.code ?? null;
}

async function zoneName(api: BackOfficeApi, zoneId: number): Promise<string> {
  const zones = await api.listShippingZones();
  return zones.find((zone) => zone.id === zoneId)?.name ?? 'the zone';
}

/** Every change an owner makes on the shipping screen (`intent` says which). */
export async function shippingAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');
  const zoneId = Number(postedText(formData, 'zone_id'));
  const instanceId = Number(postedText(formData, 'instance_id'));

  if (intent === 'add-zone') {
    const zones = await api.listShippingZones();
    // After the last zone: a new zone without locations would otherwise take every address.
    const order = Math.max(0, ...zones.map((zone) => zone.order)) + 1;
    const zone = ShippingZoneCreateSchema.safeParse({ name: postedText(formData, 'name'), order });
    if (!zone.success) {
      return refused('Name the zone.', errorsFor('new-zone', zone.error));
    }
    return runFormAction('new-zone', async () => {
      const created = await api.createShippingZone(zone.data);
      return `Zone “${created.name}” was added last. Add its locations and methods below.`;
    });
  }

  if (intent === 'update-zone') {
    const formKey = `zone-${zoneId}`;
    const update = ShippingZoneUpdateSchema.safeParse({
      name: postedText(formData, 'name'),
      order: postedNumber(formData, 'order'),
    });
    if (!update.success) return refused('Check the zone.', errorsFor(formKey, update.error));
    return runFormAction(formKey, async () => {
      const zone = await api.updateShippingZone(zoneId, update.data);
      return `Zone “${zone.name}” was saved (order ${zone.order}).`;
    });
  }

  if (intent === 'delete-zone') {
    return runAction(async () => {
      const zone = await api.deleteShippingZone(zoneId);
      return `Zone “${zone.name}” was deleted with its methods.`;
    });
  }

  if (intent === 'add-location' || intent === 'remove-location') {
    const formKey = `location-${zoneId}`;
    const chosen =
      intent === 'add-location'
        ? await chosenLocation(api, postedText(formData, 'place'))
        : postedText(formData, 'location');
    if (chosen === null) {
      return refused('Choose a location from the list.', {
        [`${formKey}.place`]: 'Type a state, country or continent and pick it from the list.',
      });
    }
    const split = chosen.indexOf(':');
    const type = chosen.slice(0, split);
    const code = chosen.slice(split + 1);
    if (split < 0 || !code) {
      return refused('Choose a location.', { [`${formKey}.location`]: 'Choose a location.' });
    }
    return runFormAction(formKey, async () => {
      const current = await api.listShippingZoneLocations(zoneId);
      const kept = current.filter((location) => optionCode(location) !== chosen);
      const next =
        intent === 'add-location'
          ? [...kept, { code, type: type as ShippingZoneLocation['type'] }]
          : kept;
      await api.setShippingZoneLocations(zoneId, next);
      const [name, countries] = await Promise.all([zoneName(api, zoneId), api.listCountries()]);
      const label = locationLabel(
        { code, type: type as ShippingZoneLocation['type'] },
        new Map(countries.map((country) => [country.code, country])),
      );
      return intent === 'add-location'
        ? `“${name}” now covers ${label}.`
        : `“${name}” no longer covers ${label}.`;
    });
  }

  if (intent === 'set-postcodes') {
    const formKey = `postcodes-${zoneId}`;
    const postcodes = postedText(formData, 'postcodes')
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter(Boolean);
    return runFormAction(formKey, async () => {
      const current = await api.listShippingZoneLocations(zoneId);
      await api.setShippingZoneLocations(zoneId, [
        ...current.filter((location) => location.type !== 'postcode'),
        ...postcodes.map((code) => ({ code, type: 'postcode' as const })),
      ]);
      const name = await zoneName(api, zoneId);
      return postcodes.length === 0
        ? `“${name}” no longer narrows by ZIP code.`
        : `“${name}” now only takes ZIP codes ${postcodes.join(', ')}.`;
    });
  }

  if (intent === 'add-method') {
    const formKey = `new-method-${zoneId}`;
    const methodId = ShippingMethodIdSchema.safeParse(postedText(formData, 'method_id'));
    if (!methodId.success) {
      return refused('Choose the kind of method.', {
        [`${formKey}.method_id`]: 'Choose the kind of method.',
      });
    }
    const method = ShippingZoneMethodCreateSchema.safeParse({
      method_id: methodId.data,
      settings: postedSettings(methodId.data, formData),
    });
    if (!method.success) return refused('Check the method.', errorsFor(formKey, method.error));
    return runFormAction(formKey, async () => {
      const added = await api.addShippingZoneMethod(zoneId, method.data);
      return `“${added.title}” was added and is offered at checkout now.`;
    });
  }

  if (intent === 'update-method') {
    const formKey = `method-${instanceId}`;
    const methodId = ShippingMethodIdSchema.safeParse(postedText(formData, 'method_id'));
    if (!methodId.success) return refused('Choose a method to edit.');
    const update = ShippingZoneMethodUpdateSchema.safeParse({
      enabled: postedText(formData, 'enabled') === 'true',
      settings: postedSettings(methodId.data, formData),
    });
    if (!update.success) return refused('Check the method.', errorsFor(formKey, update.error));
    return runFormAction(formKey, async () => {
      const method = await api.updateShippingZoneMethod(zoneId, instanceId, update.data);
      return `“${method.title}” was saved${method.enabled ? '' : ' (disabled: not offered)'}.`;
    });
  }

  if (intent === 'toggle-method') {
    const enabled = postedText(formData, 'enabled') === 'true';
    return runAction(async () => {
      const method = await api.updateShippingZoneMethod(zoneId, instanceId, { enabled });
      return enabled
        ? `“${method.title}” is offered at checkout again.`
        : `“${method.title}” was disabled: shoppers are no longer offered it.`;
    });
  }

  if (intent === 'delete-method') {
    return runAction(async () => {
      const method = await api.deleteShippingZoneMethod(zoneId, instanceId);
      return `“${method.title}” was removed.`;
    });
  }

  return refused('Choose what to change.');
}
