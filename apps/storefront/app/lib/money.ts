const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one money formatter (spec §9: en-US, USD). Accepts the API's decimal strings such as "12.50". */
export function formatMoney(value: number | string): string {
  const amount = typeof value === 'number' ? value : Number.parseFloat(value);
  return usd.format(Number.isFinite(amount) ? amount : 0);
}
