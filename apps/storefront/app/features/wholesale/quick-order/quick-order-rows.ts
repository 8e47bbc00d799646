// The quick order table's rows and sums, apart from the page so they can be tested line by line.
// Prices, cases and minimums come from the contract's wholesale rules: the functions the server
// charges and refuses by, so the table shows what the order will cost.
import type { Order, Product, ProductVariation, QuickOrderImport } from '@larder/contract';
import {
  fromWholesaleRulesOut,
  NO_WHOLESALE_RULES,
  wholesaleLineRefusal,
  wholesaleTierFor,
  wholesaleUnitCents,
  type WholesaleRules,
} from '@larder/contract/wholesale-rules';
import { centsOf, toMoneyNumber } from '@larder/contract/money';
import {
  makeCartItem,
  toCartProduct,
  type CartItem,
  type CartProduct,
} from '../../cart/cart-store.ts';

/** One product, or one size of a product, as the table lists it. */
export interface QuickOrderRow {
  /** `${productId}:${variationId}`, as the cart and stock count lines. */
  key: string;
  productId: number;
  /** 0 for a simple product. */
  variationId: number;
  /** The product's name. */
  name: string;
  /** The size (and any other option), e.g. "12 oz"; '' for a simple product. */
  option: string;
  sku: string;
  image: { src: string; alt: string } | null;
  /** This buyer's price per unit before any quantity break. */
  unitCents: number;
  /** The shop's price: what the buyer's customers would pay (suggested retail). */
  retailCents: number;
  rules: WholesaleRules;
  /** Units left when the stock is counted, else null. */
  stockLeft: number | null;
  inStock: boolean;
  cartProduct: CartProduct;
  variation?: ProductVariation;
}

export const rowKey = (productId: number, variationId: number) => `${productId}:${variationId}`;

const rulesOf = (wholesale: Product['wholesale']) =>
  wholesale ? fromWholesaleRulesOut(wholesale) : NO_WHOLESALE_RULES;

/**
 * Every purchasable product and size, in the catalogue's order, at the prices the API gave this
 * buyer. A product the API sends without a price for sale is left out: it cannot be ordered.
 */
export function quickOrderRows(products: readonly Product[]): QuickOrderRow[] {
  return products.flatMap((product): QuickOrderRow[] => {
    if (!product.purchasable) return [];
    const cartProduct = toCartProduct(product);
    const image = product.images[0]
      ? { src: product.images[0].src, alt: product.images[0].alt }
      : null;
    if (product.type === 'simple') {
      return [
        {
          key: rowKey(product.id, 0),
          productId: product.id,
          variationId: 0,
          name: product.name,
          option: '',
          sku: product.sku,
          image,
          unitCents: centsOf(product.wholesale_price ?? product.price),
          retailCents: centsOf(product.price),
          rules: rulesOf(product.wholesale),
          stockLeft: product.manage_stock ? product.stock_quantity : null,
          inStock: product.stock_status !== 'outofstock',
          cartProduct,
        },
      ];
    }
    return product.variations
      .filter((variation) => variation.is_purchasable)
      .map((variation) => ({
        key: rowKey(product.id, variation.variation_id),
        productId: product.id,
        variationId: variation.variation_id,
        name: product.name,
        option: Object.values(variation.attributes).filter(Boolean).join(', '),
        sku: variation.sku || product.sku,
        image: variation.image ? { src: variation.image.src, alt: variation.image.alt } : image,
        unitCents: centsOf(variation.wholesale_price ?? variation.display_price),
        retailCents: centsOf(variation.display_price),
        rules: rulesOf(variation.wholesale),
        stockLeft: variation.stock_quantity,
        inStock: variation.is_in_stock,
        cartProduct,
        variation,
      }));
  });
}

/** A row with the quantity the buyer typed: what it costs and whether it can be ordered. */
export interface QuickOrderLine {
  row: QuickOrderRow;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** Why the line cannot be ordered as it is, in the server's words; null when it can. */
  problem: string | null;
}

export const rowTitle = (row: Pick<QuickOrderRow, 'name' | 'option'>) =>
  row.option ? `${row.name} – ${row.option}` : row.name;

/** The lines with a quantity, priced at their quantity break, with the rule each breaks. */
export function quickOrderLines(
  rows: readonly QuickOrderRow[],
  quantities: ReadonlyMap<string, number>,
): QuickOrderLine[] {
  return rows.flatMap((row) => {
    const quantity = quantities.get(row.key) ?? 0;
    if (quantity <= 0) return [];
    const unitCents = wholesaleUnitCents(row.unitCents, row.rules.tiers, quantity);
    let problem = wholesaleLineRefusal(rowTitle(row), row.rules, quantity)?.message ?? null;
    if (!row.inStock) problem = `${rowTitle(row)} is out of stock.`;
    else if (row.stockLeft !== null && quantity > row.stockLeft) {
      problem = `Only ${row.stockLeft} left of ${rowTitle(row)}.`;
    }
    return [{ row, quantity, unitCents, totalCents: unitCents * quantity, problem }];
  });
}

/** The next quantity break above this quantity, to tell the buyer what more cases would save. */
export function nextBreak(row: QuickOrderRow, quantity: number) {
  const current = wholesaleTierFor(row.rules.tiers, quantity);
  return (
    row.rules.tiers.find((tier) => tier.minQuantity > (current?.minQuantity ?? quantity)) ?? null
  );
}

/** Quantities from an earlier order, for "Order again": only what the table can still sell. */
export function quantitiesFromOrder(
  rows: readonly QuickOrderRow[],
  order: Pick<Order, 'line_items'>,
): Map<string, number> {
  const known = new Set(rows.map((row) => row.key));
  const quantities = new Map<string, number>();
  for (const line of order.line_items) {
    const key = rowKey(line.product_id, line.variation_id);
    if (known.has(key)) quantities.set(key, (quantities.get(key) ?? 0) + line.quantity);
  }
  return quantities;
}

/** An imported sheet's lines as quantities, and the SKUs the table cannot sell. */
export function quantitiesFromImport(
  rows: readonly QuickOrderRow[],
  file: QuickOrderImport,
): { quantities: Map<string, number>; notForSale: string[] } {
  const known = new Set(rows.map((row) => row.key));
  const quantities = new Map<string, number>();
  const notForSale: string[] = [];
  for (const line of file.lines) {
    const key = rowKey(line.product_id, line.variation_id);
    if (known.has(key)) quantities.set(key, line.quantity);
    else notForSale.push(line.sku);
  }
  return { quantities, notForSale };
}

/** The cart's lines for the table's quantities: each row's line as the product page would add it. */
export function cartItemsFor(lines: readonly QuickOrderLine[]): CartItem[] {
  return lines.map(({ row, quantity }) =>
    row.variation
      ? makeCartItem(row.cartProduct, quantity, { variation: row.variation })
      : makeCartItem(row.cartProduct, quantity, { price: toMoneyNumber(row.unitCents) }),
  );
}
