import { continentOf } from './countries.ts';
import type { ZoneLocationRow, ZoneRow } from './shipping.repo.ts';

export interface Destination {
  country: string;
  state: string;
  postcode: string;
}

/** WooCommerce's wc_normalize_postcode: upper case, letters, digits and the `*` wildcard only. */
export const normalizePostcode = (postcode: string): string =>
  postcode.toUpperCase().replace(/[^A-Z0-9*]/g, '');

/**
 * A zone postcode rule: exact (`27701`), wildcard (`277*`) or range (`90000...96199`). A numeric
 * range compares the postcode's leading digits (as many as the range's bounds have), so a ZIP+4
 * such as 90210-1234 still falls in 90000...96199.
 */
export function postcodeMatches(rule: string, postcode: string): boolean {
  const value = normalizePostcode(postcode);
  const range = /^\s*([A-Za-z0-9 -]+?)\s*\.\.\.\s*([A-Za-z0-9 -]+?)\s*$/.exec(rule);
  if (range) {
    const min = normalizePostcode(range[1]!);
    const max = normalizePostcode(range[2]!);
    if (/^\d+$/.test(min) && /^\d+$/.test(max)) {
      const head = value.slice(0, Math.max(min.length, max.length));
      if (!/^\d+$/.test(head)) return false;
      return Number(head) >= Number(min) && Number(head) <= Number(max);
    }
    return value >= min && value <= max;
  }
  const normalizedRule = normalizePostcode(rule);
  if (normalizedRule.includes('*')) {
    const pattern = normalizedRule
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${pattern}$`).test(value);
  }
  return normalizedRule === value;
}

/**
 * Reference §9: the first zone by (zone_order, id) whose region locations match the country,
 * `COUNTRY:STATE` or continent (or that has none), and whose postcode rules, when it has any,
 * match too. Zone 0 when none does.
 */
export function matchZone(
  zones: ZoneRow[],
  locations: ZoneLocationRow[],
  destination: Destination,
): number {
  const country = destination.country.toUpperCase();
  const state = destination.state.toUpperCase();
  const continent = continentOf(country);
  const byZone = new Map<number, ZoneLocationRow[]>();
  for (const location of locations) {
    byZone.set(location.zoneId, [...(byZone.get(location.zoneId) ?? []), location]);
  }
  const ordered = [...zones]
    .filter((zone) => zone.id !== 0)
    .sort((a, b) => a.zoneOrder - b.zoneOrder || a.id - b.id);
  for (const zone of ordered) {
    const zoneLocations = byZone.get(zone.id) ?? [];
    const regions = zoneLocations.filter((location) => location.type !== 'postcode');
    const postcodes = zoneLocations.filter((location) => location.type === 'postcode');
    const regionMatches =
      regions.length === 0 ||
      regions.some((location) => {
        const code = location.code.toUpperCase();
        if (location.type === 'country') return code === country;
        if (location.type === 'state') return code === `${country}:${state}`;
        return code === continent;
      });
    if (!regionMatches) continue;
    if (
      postcodes.length > 0 &&
      !postcodes.some((location) => postcodeMatches(location.code, destination.postcode))
    ) {
      continue;
    }
    return zone.id;
  }
  return 0;
}
