import type { Country } from '@larder/contract';
import { countries as isoCountries } from 'countries-list';
import { statesByCountry } from './states.ts';

/**
 * Country names and continents from `countries-list` (ISO 3166-1, small, no dependencies); states
 * from ./states.ts. Every listed country may be shipped to: zone 0 catches what no zone names.
 */
const countryList: Country[] = Object.entries(isoCountries)
  .map(([code, country]) => ({ code, name: country.name, states: statesByCountry[code] ?? [] }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byCode = new Map(countryList.map((country) => [country.code, country]));

export const listCountries = (): Country[] => countryList;

export const findCountry = (code: string): Country | undefined => byCode.get(code.toUpperCase());

/** The two-letter continent code WooCommerce matches `continent` zone locations against. */
export const continentOf = (countryCode: string): string | undefined =>
  (isoCountries as Record<string, { continent: string } | undefined>)[countryCode.toUpperCase()]
    ?.continent;

const continentNames: Record<string, string> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};

/** A zone location's region in words: "United States", "Europe"; undefined for an unknown code. */
export function regionName(
  type: 'country' | 'state' | 'continent',
  code: string,
): string | undefined {
  const upper = code.toUpperCase();
  if (type === 'continent') return continentNames[upper];
  return findCountry(upper.split(':')[0]!)?.name;
}
