import type { ShippingMethodId, ShippingZoneMethod } from '@larder/contract';
import type { ShippingMethodSettings } from '../../db/schema.ts';
import type { ZoneMethodRow } from './shipping.repo.ts';

/** WooCommerce's names for the three methods, shown with every method it lists. */
export const methodInfo: Record<ShippingMethodId, { title: string; description: string }> = {
  flat_rate: {
    title: 'Flat rate',
    description: 'Lets you charge a fixed rate for shipping.',
  },
  free_shipping: {
    title: 'Free shipping',
    description:
      'Free shipping is a special method which can be triggered with coupons and minimum spends.',
  },
  local_pickup: {
    title: 'Local pickup',
    description: 'Allow customers to pick up orders themselves.',
  },
};

const settingLabels: Record<string, { label: string; type: string; description: string }> = {
  title: {
    label: 'Method title',
    type: 'text',
    description: 'This controls the title which the user sees during checkout.',
  },
  cost: { label: 'Cost', type: 'text', description: 'Charged once per order.' },
  per_item_cost: {
    label: 'Cost per item',
    type: 'text',
    description: 'Added for every item in the cart.',
  },
  requires: {
    label: 'Free shipping requires...',
    type: 'select',
    description: '"min_amount": a minimum order amount; empty: always offered.',
  },
  min_amount: {
    label: 'Minimum order amount',
    type: 'price',
    description: 'Users will need to spend this amount to get free shipping.',
  },
};

/** A method row in WooCommerce's read shape: each setting an object, the cost at `settings.cost.value`. */
export function toZoneMethod(row: ZoneMethodRow): ShippingZoneMethod {
  const stored: ShippingMethodSettings & { title: string } = { title: row.title, ...row.settings };
  const settings: ShippingZoneMethod['settings'] = {};
  for (const [key, value] of Object.entries(stored)) {
    if (value === undefined) continue;
    const info = settingLabels[key] ?? { label: key, type: 'text', description: '' };
    settings[key] = {
      id: key,
      label: info.label,
      description: info.description,
      type: info.type,
      value,
      default: '',
      tip: info.description,
      placeholder: '',
    };
  }
  return {
    instance_id: row.instanceId,
    title: row.title,
    order: row.methodOrder,
    enabled: row.enabled,
    method_id: row.methodId,
    method_title: methodInfo[row.methodId].title,
    method_description: methodInfo[row.methodId].description,
    settings,
  };
}
