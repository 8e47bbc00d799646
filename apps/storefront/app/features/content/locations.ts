import type { LocationSummary } from './content-data.ts';

export interface LocationFilter {
  state: string;
  city: string;
}

/** Reads `?state=NC&city=Durham`; unknown values are kept so the page can say nothing matched. */
export function readLocationFilter(search: URLSearchParams): LocationFilter {
  return { state: (search.get('state') ?? '').trim(), city: (search.get('city') ?? '').trim() };
}

const same = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base' }) === 0;

export function filterLocations<T extends Pick<LocationSummary, 'state' | 'city'>>(
  locations: readonly T[],
  filter: LocationFilter,
): T[] {
  return locations.filter(
    (location) =>
      (!filter.state || same(location.state, filter.state)) &&
      (!filter.city || same(location.city, filter.city)),
  );
}

const sortedUnique = (values: string[]) =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en-US'));

/** The choices for the two selects: every state, and the cities of the chosen state (all cities when none is chosen). */
export function filterOptions(
  locations: readonly Pick<LocationSummary, 'state' | 'city'>[],
  state: string,
) {
  return {
    states: sortedUnique(locations.map((location) => location.state).filter(Boolean)),
    cities: sortedUnique(
      locations
        .filter((location) => !state || same(location.state, state))
        .map((location) => location.city)
        .filter(Boolean),
    ),
  };
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine) in miles. */
export function distanceMiles(from: Coordinates, to: Coordinates): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Nearest first; ties keep the list order. */
export function sortByDistance<T extends Coordinates>(
  locations: readonly T[],
  from: Coordinates,
): Array<T & { distance: number }> {
  return locations
    .map((location) => ({ ...location, distance: distanceMiles(from, location) }))
    .sort((a, b) => a.distance - b.distance);
}

export function formatDistance(miles: number): string {
  if (miles < 0.1) return 'Less than 0.1 mi away';
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles).toLocaleString('en-US')} mi away`;
}

/** A Google Maps directions link to the store's street address (coordinates when there is no address). */
export function directionsUrl(
  location: Pick<LocationSummary, 'name' | 'address' | 'cityLine' | 'latitude' | 'longitude'>,
): string {
  const destination = location.address
    ? `${location.name}, ${location.address}, ${location.cityLine}`
    : `${location.latitude},${location.longitude}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
