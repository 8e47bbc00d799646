const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one money formatter (spec §9: en-US, USD). Accepts the API's decimal strings such as "12.50". */
export function formatMoney(value: number | string): string {
  const amount = typeof value === 'number' ? value : Number.parseFloat(value);
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

/** The API's decimal strings ("12.50") in integer cents, so sums never drift (architecture: money). */
export function centsOf(value: number | string): number {
  const amount = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}
