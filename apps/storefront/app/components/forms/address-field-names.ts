/** Who an address is for, in WooCommerce's names (spec §3). */
export const PERSON_FIELDS = ['first_name', 'last_name', 'company'] as const;

/** Where a parcel goes, in the order the forms ask for it. */
export const POSTAL_FIELDS = [
  'country',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
] as const;

/** A shipping address in the order the forms ask for it: who, then where. */
export const SHIPPING_ADDRESS_FIELDS = [...PERSON_FIELDS, ...POSTAL_FIELDS] as const;

/** Every part of an address a form can ask for: a billing address also has email and phone. */
export type AddressField =
  (typeof PERSON_FIELDS)[number] | 'email' | 'phone' | (typeof POSTAL_FIELDS)[number];
