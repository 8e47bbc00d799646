import type { Customer } from '@larder/contract';

const address = {
  first_name: 'Ada',
  last_name: 'Baker',
  company: '',
  address_1: '12 Oak Street',
  address_2: '',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
  country: 'US',
  phone: '919-555-0100',
};

/** A customer record as GET customers/me answers it, with overrides. */
export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 31,
    date_created: '2026-11-01T10:00:00',
    date_created_gmt: '2026-11-01T10:00:00',
    date_modified: '2026-11-01T10:00:00',
    date_modified_gmt: '2026-11-01T10:00:00',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Baker',
    role: 'customer',
    username: 'ada',
    billing: { ...address, email: 'ada@example.com' },
    shipping: { ...address, address_1: '40 Mill Lane', phone: '' },
    is_paying_customer: false,
    avatar_url: '',
    meta_data: [],
    ...overrides,
  };
}
