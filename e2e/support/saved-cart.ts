import type { Page } from '@playwright/test';
import type { Product } from '@larder/contract';

export interface SavedCartLine {
  product: Product;
  variationId?: number;
  quantity?: number;
}

/** A cart saved in this browser, as the cart store keeps it (what a returning shopper has). */
export async function seedCart(page: Page, lines: SavedCartLine[]) {
  const items = lines.map(({ product, variationId, quantity = 1 }) => {
    const variation = product.variations.find((entry) => entry.variation_id === variationId);
    return {
      id: variation ? variation.variation_id : product.id,
      quantity,
      price: variation ? variation.display_price : Number(product.price),
      product: {
        id: product.id,
        slug: product.slug,
        name: product.name,
        type: product.type,
        images: product.images.slice(0, 1).map(({ src, alt }) => ({ src, alt })),
      },
      ...(variation
        ? { variation_id: variation.variation_id, variation: { ...variation.attributes } }
        : {}),
    };
  });
  await page.addInitScript(
    (saved) => {
      if (!localStorage.getItem('shop-cart')) localStorage.setItem('shop-cart', saved);
    },
    JSON.stringify({ state: { items }, version: 1 }),
  );
}
