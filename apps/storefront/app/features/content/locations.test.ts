import { describe, expect, it } from 'vitest';
import {
  directionsUrl,
  distanceMiles,
  filterLocations,
  filterOptions,
  formatDistance,
  readLocationFilter,
  sortByDistance,
} from './locations.ts';

const stores = [
  { id: 1, name: 'Durham', state: 'NC', city: 'Durham', latitude: 35.9966, longitude: -78.9036 },
  { id: 2, name: 'Raleigh', state: 'NC', city: 'Raleigh', latitude: 35.8092, longitude: -78.6558 },
  {
    id: 3,
    name: 'Richmond',
    state: 'VA',
    city: 'Richmond',
    latitude: 37.5537,
    longitude: -77.4843,
  },
];

describe('store filters', () => {
  it('reads state and city from the URL', () => {
    expect(readLocationFilter(new URLSearchParams('state=NC&city=%20Durham'))).toEqual({
      state: 'NC',
      city: 'Durham',
    });
    expect(readLocationFilter(new URLSearchParams(''))).toEqual({ state: '', city: '' });
  });

  it('filters by state and by city, ignoring case', () => {
    expect(filterLocations(stores, { state: 'nc', city: '' }).map((s) => s.id)).toEqual([1, 2]);
    expect(filterLocations(stores, { state: 'NC', city: 'raleigh' }).map((s) => s.id)).toEqual([2]);
    expect(filterLocations(stores, { state: 'VA', city: 'Durham' })).toEqual([]);
  });

  it('offers every state, and the cities of the chosen state', () => {
    expect(filterOptions(stores, '')).toEqual({
      states: ['NC', 'VA'],
      cities: ['Durham', 'Raleigh', 'Richmond'],
    });
    expect(filterOptions(stores, 'VA').cities).toEqual(['Richmond']);
  });
});

describe('near me', () => {
  it('measures great-circle distance in miles', () => {
    // Durham to Raleigh is about 19 miles as the crow flies.
    expect(distanceMiles(stores[0]!, stores[1]!)).toBeCloseTo(19.0, 0);
    expect(distanceMiles(stores[0]!, stores[0]!)).toBe(0);
  });

  it('sorts the nearest store first', () => {
    const nearRichmond = { latitude: 37.55, longitude: -77.48 };
    expect(sortByDistance(stores, nearRichmond).map((s) => s.id)).toEqual([3, 1, 2]);
  });

  it('prints distances as "2.3 mi away"', () => {
    expect(formatDistance(2.345)).toBe('2.3 mi away');
    expect(formatDistance(123.6)).toBe('124 mi away');
    expect(formatDistance(0.01)).toBe('Less than 0.1 mi away');
  });

  it('builds a maps directions link from the address', () => {
    const url = new URL(
      directionsUrl({
        name: 'Bull City Pantry',
        address: '412 W Main St',
        cityLine: 'Durham, NC 27701',
        latitude: 1,
        longitude: 2,
      }),
    );
    expect(url.hostname).toBe('www.google.com');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('destination')).toBe(
      'Bull City Pantry, 412 W Main St, Durham, NC 27701',
    );
  });
});
