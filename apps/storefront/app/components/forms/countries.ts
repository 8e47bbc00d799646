import type { Country } from '@larder/contract';
import { decodeEntities } from '../../lib/text.ts';

/** A country as the address forms offer it: names decoded from WooCommerce's HTML entities. */
export interface CountryOption {
  code: string;
  name: string;
  states: Array<{ code: string; name: string }>;
}

export function toCountryOptions(countries: Country[]): CountryOption[] {
  return countries.map((country) => ({
    code: country.code,
    name: decodeEntities(country.name),
    states: country.states.map((state) => ({ code: state.code, name: decodeEntities(state.name) })),
  }));
}

export function statesOf(countries: CountryOption[], code: string): CountryOption['states'] {
  return countries.find((country) => country.code === code)?.states ?? [];
}
