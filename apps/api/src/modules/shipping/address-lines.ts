import type { Order } from '@larder/contract';
import { findCountry } from './countries.ts';

/** "United States" for US; an unknown code is shown as it is rather than dropped. */
export const countryName = (code: string): string => findCountry(code)?.name ?? code;

export type Address = Order['shipping'] | Order['billing'];

/**
 * An address as an envelope shows it: name, company, street, "City, ST 12345", the country and,
 * when asked for, the phone. Paperwork for the shop's own country (`homeCountry`) leaves it out.
 */
export function addressLines(
  address: Address,
  { homeCountry, phone = false }: { homeCountry?: string; phone?: boolean } = {},
): string[] {
  const name = `${address.first_name} ${address.last_name}`.trim();
  const cityLine = [address.city, [address.state, address.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    name,
    address.company,
    address.address_1,
    address.address_2,
    cityLine,
    address.country && address.country !== homeCountry ? countryName(address.country) : '',
    phone ? address.phone : '',
  ].filter((line) => line.trim() !== '');
}
