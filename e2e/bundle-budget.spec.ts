import { expect, test } from '@playwright/test';
import { firstLoadScripts, PRODUCT_BUDGET_KB } from '../scripts/bundle-report.mjs';
import { shopApi } from './support/shop-api';

// Issue 6's budget, measured as `npm run bundle` measures it (the same function), so a change that
// pushes the product page over it fails the tests instead of waiting for someone to run the report.
test('a product page’s first-load JavaScript stays within its budget', async ({
  browser,
  baseURL,
  request,
}) => {
  const [product] = await shopApi(request).products();
  if (!product) throw new Error('The seed needs a product');
  const measured = await firstLoadScripts(browser, `${baseURL}/product/${product.slug}`);
  expect(measured.count).toBeGreaterThan(0);
  expect(measured.gzip).toBeLessThanOrEqual(PRODUCT_BUDGET_KB * 1024);
});
