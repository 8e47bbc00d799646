import type { CARRIERS } from '@larder/contract';

export type Carrier = (typeof CARRIERS)[number];

const trackingPages: Record<Exclude<Carrier, 'other'>, (number: string) => string> = {
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  dhl: (number) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${number}`,
};

/** The carrier's public tracking page for a parcel; '' for `other`, whose number is shown alone. */
export function trackingUrl(carrier: string, trackingNumber: string): string {
  if (!(carrier in trackingPages)) return '';
  return trackingPages[carrier as keyof typeof trackingPages](encodeURIComponent(trackingNumber));
}

/** "UPS", "FedEx": how the buyer's email and the log name the carrier. */
export const carrierName = (carrier: string): string =>
  ({ usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl: 'DHL' })[carrier] ?? 'the carrier';
