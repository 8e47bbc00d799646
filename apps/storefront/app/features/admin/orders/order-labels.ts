import { CARRIERS } from '@larder/contract';

/** The order statuses an owner filters by, in the order an order moves through them. */
export const ORDER_STATUS_OPTIONS = [
  { value: 'any', label: 'Any status' },
  { value: 'pending', label: 'Pending payment' },
  { value: 'processing', label: 'Processing' },
  { value: 'on-hold', label: 'On hold' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Canceled' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'failed', label: 'Failed' },
] as const;

export const PRICE_LIST_OPTIONS = [
  { value: 'any', label: 'Retail and wholesale' },
  { value: 'retail', label: 'Retail' },
  { value: 'wholesale', label: 'Wholesale' },
] as const;

const CARRIER_NAMES: Record<(typeof CARRIERS)[number], string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  other: 'Other carrier',
};

/** The carriers as the form kit's select takes them. */
export const CARRIER_OPTIONS = CARRIERS.map((code) => ({ code, name: CARRIER_NAMES[code] }));

export const carrierName = (code: string) =>
  CARRIER_NAMES[code as keyof typeof CARRIER_NAMES] ?? code;

export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status;
}
