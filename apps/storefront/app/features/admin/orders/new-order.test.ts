import type { Customer, Product } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { quickOrderLines, quickOrderRows } from '../../wholesale/quick-order/quick-order-rows.ts';
import { draftAddresses, quantitiesOf, rowsForCustomer } from './new-order.ts';

const bag = {
  id: 7,
  name: 'Honey Oat Classic',
  type: 'simple',
  sku: 'LO-HOC-12',
  price: '12.00',
  wholesale_price: '6.60',
  wholesale: { case_size: 12, min_quantity: 12, tiers: [{ min_quantity: 60, price: '6.25' }] },
  purchasable: true,
  manage_stock: false,
  stock_quantity: null,
  stock_status: 'instock',
  images: [],
  variations: [],
} as unknown as Product;

const address = {
  first_name: 'Ada',
  last_name: 'Baker',
  company: 'Corner Pantry',
  address_1: '12 Market St',
  address_2: '',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
  country: 'US',
  phone: '+1 919 555 0100',
};

const aCustomer = (overrides: Partial<Customer> = {}) =>
  ({
    id: 4,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Baker',
    role: 'wholesale_customer',
    billing: { ...address, email: 'orders@cornerpantry.example' },
    shipping: { ...address, phone: '', address_1: '' },
    ...overrides,
  }) as Customer;

describe('rowsForCustomer', () => {
  it('prices a wholesale account at its break, and holds it to the case', () => {
    const rows = rowsForCustomer(quickOrderRows([bag]), true);
    const [line] = quickOrderLines(rows, new Map([['7:0', 60]]));
    expect(line).toMatchObject({ unitCents: 625, totalCents: 37_500, problem: null });
    const [part] = quickOrderLines(rows, new Map([['7:0', 18]]));
    expect(part?.problem).toBe('Honey Oat Classic comes in cases of 12: order 12, 24, 36…');
  });

  it('prices a retail account at the shop’s price, with no case or minimum', () => {
    const rows = rowsForCustomer(quickOrderRows([bag]), false);
    const [line] = quickOrderLines(rows, new Map([['7:0', 5]]));
    expect(line).toMatchObject({ unitCents: 1200, totalCents: 6000, problem: null });
  });
});

describe('quantitiesOf', () => {
  it('reads whole quantities above 0 from the qty.<product>:<variation> fields only', () => {
    const fields: Record<string, string> = {
      'qty.7:0': '24',
      'qty.8:81': '0',
      'qty.9:0': '2.5',
      'qty.10:0': ' 6 ',
      'billing.city': '12',
    };
    const quantities = quantitiesOf(Object.keys(fields), (name) => fields[name] ?? '');
    expect([...quantities]).toEqual([
      ['7:0', 24],
      ['10:0', 6],
    ]);
  });
});

describe('draftAddresses', () => {
  it('starts from the saved billing address, and leaves the ship-to empty when none is saved', () => {
    const { billing, shipping } = draftAddresses(aCustomer(), null);
    expect(billing).toMatchObject({
      company: 'Corner Pantry',
      email: 'orders@cornerpantry.example',
    });
    expect(shipping.address_1).toBe('');
  });

  it('keeps what the owner typed once the form was sent', () => {
    const typed: Record<string, string> = { 'billing.city': 'Raleigh', 'billing.email': '' };
    const { billing } = draftAddresses(aCustomer(), { get: (name) => typed[name] ?? '' });
    expect(billing).toMatchObject({ city: 'Raleigh', email: '', company: '' });
  });
});
