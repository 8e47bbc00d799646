import { apiPaths, queuedEmailPaths, type Product, type SalesReport } from '@larder/contract';
import { ApiError } from '../../../lib/api/index.ts';
import type { ApiFetch } from '../../../load-context.ts';
import { ownerApi } from '../require-owner.server.ts';
import { daySales, isoDay, periodFigures } from './sales-figures.ts';

/** Stock at or below this many units is worth a look. */
export const LOW_STOCK_THRESHOLD = 5;
const CHART_DAYS = 30;

export interface LowStockItem {
  key: string;
  name: string;
  href: string;
  quantity: number;
}

/** Products and variations whose stock is managed and at or below the threshold, fewest first. */
export function lowStockItems(products: readonly Product[]): LowStockItem[] {
  const items: LowStockItem[] = [];
  for (const product of products) {
    // To the product's editor, where the owner restocks it.
    const href = `/admin/products/${product.id}`;
    if (
      product.manage_stock &&
      product.stock_quantity !== null &&
      product.variations.length === 0
    ) {
      if (product.stock_quantity <= LOW_STOCK_THRESHOLD)
        items.push({
          key: `${product.id}`,
          name: product.name,
          href,
          quantity: product.stock_quantity,
        });
    }
    for (const variation of product.variations) {
      if (variation.stock_quantity !== null && variation.stock_quantity <= LOW_STOCK_THRESHOLD) {
        const options = Object.values(variation.attributes).join(', ');
        items.push({
          key: `${product.id}-${variation.variation_id}`,
          name: options ? `${product.name} (${options})` : product.name,
          href: `${href}?variation=${variation.variation_id}`,
          quantity: variation.stock_quantity,
        });
      }
    }
  }
  return items.sort((a, b) => a.quantity - b.quantity || a.name.localeCompare(b.name));
}

/** One figure that could not be read leaves the rest of the dashboard standing. */
const settled = async <T>(promise: Promise<T>): Promise<T | null> => {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
};

export async function loadDashboard(request: Request, apiFetch: ApiFetch, today = new Date()) {
  const api = await ownerApi(request, apiFetch);
  const from = isoDay(today, CHART_DAYS - 1);
  const [report, toFulfil, applications, heldReviews, messages, failedEmails, products] =
    await Promise.all([
      settled(api.salesReport({ date_min: from, date_max: isoDay(today) })),
      settled(api.count(apiPaths.orders, { status: 'processing' })),
      settled(api.count(apiPaths.wholesaleApplications, { status: 'pending' })),
      settled(api.count(apiPaths.productReviews, { status: 'hold' })),
      settled(api.count(apiPaths.contactMessages, { status: 'unhandled' })),
      settled(api.count(queuedEmailPaths.emails, { status: 'failed' })),
      settled(api.listAllProducts()),
    ]);
  const sales = report ? reportOf(report) : undefined;
  const days = sales ? daySales(sales, from, CHART_DAYS) : null;
  return {
    days,
    periods: days ? periodFigures(days) : null,
    counts: { toFulfil, applications, heldReviews, messages },
    failedEmails,
    lowStock: products ? lowStockItems(products) : null,
    lowStockThreshold: LOW_STOCK_THRESHOLD,
  };
}

/** WooCommerce answers `reports/sales` with a list of one report. */
const reportOf = (answer: SalesReport | SalesReport[]): SalesReport | undefined =>
  Array.isArray(answer) ? answer[0] : answer;
