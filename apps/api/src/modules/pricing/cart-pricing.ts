import {
  lineTotalCents,
  sumCents,
  wholesaleLineRefusal,
  wholesaleUnitCents,
  type CartLineRequest,
  type WholesaleRules,
} from '@larder/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { products } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { uploadsUrl } from '../../http/format.ts';
import type { Viewer } from '../../http/viewer.ts';
import { viewerPrice, type ViewerPrice } from './viewer-price.ts';
import { productWholesaleRules, variationWholesaleRules } from './wholesale-rules.ts';

/** One cart line priced from the database. */
export interface PricedLine {
  productId: number;
  /** 0 for a simple product. */
  variationId: number;
  quantity: number;
  /** "Granola – 2 lb" for a variation, as WooCommerce names variation lines. */
  name: string;
  /** The product's name on a variation line, else null. */
  parentName: string | null;
  sku: string;
  unitPriceCents: number;
  totalCents: number;
  /** The variation's attributes in the product's attribute order. */
  attributes: { key: string; value: string }[];
  image: { id: number; src: string };
  /** Units left when the item's stock is managed; null when it is not counted. */
  stockQuantity: number | null;
  /** WooCommerce's tax status and class ('' standard); a variation's 'parent' is resolved. */
  taxStatus: 'taxable' | 'shipping' | 'none';
  taxClass: '' | 'reduced-rate' | 'zero-rate';
}

export interface PricedCart {
  lines: PricedLine[];
  subtotalCents: number;
  itemCount: number;
}

/** The request field the lines came in: `products` for rates, `line_items` for orders. */
export type LinesField = 'products' | 'line_items';

const invalidLine = (field: LinesField, index: number, message: string) =>
  new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${field}`, {
    [field]: `Line ${index + 1}: ${message}`,
  });

/** Which request line a refusal is about, so the cart and checkout can show it on that line. */
export interface RefusedLine {
  /** The line's position in the request (0-based). */
  index: number;
  productId: number;
  variationId: number;
  name: string;
}

const lineDetails = (line: RefusedLine) => ({
  line: line.index,
  product_id: line.productId,
  variation_id: line.variationId,
  name: line.name,
});

/**
 * Signed-in customers learn how many are left so they can fix their cart; guests only that there
 * are not enough, so anonymous orders cannot be used to read the stock count.
 */
export const outOfStock = (line: RefusedLine, left: number, viewer: Viewer) =>
  new ApiError(
    409,
    'larder_out_of_stock',
    left <= 0
      ? `${line.name} is out of stock. Remove it from your cart to continue.`
      : viewer.isGuest
        ? `Not enough of ${line.name} in stock. Lower the quantity in your cart to continue.`
        : `Only ${left} left of ${line.name}. Lower the quantity in your cart to continue.`,
    undefined,
    lineDetails(line),
  );

/**
 * `attempt`, and once more when lapsed holds may have been in its way and releasing them freed
 * some: short of stock, or a discount code refused (its uses are taken by unpaid orders too). An
 * unpaid order's hold that ran out is released by the sweep, or here when it stands in a buyer's
 * way, rather than looked for before every quote and order (decision 0055).
 */
export async function retryAfterLapsedHolds<T>(
  attempt: () => Promise<T>,
  releaseLapsedHolds: () => Promise<number>,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    const heldBack =
      error instanceof ApiError &&
      (error.code === 'larder_out_of_stock' || error.code === 'woocommerce_rest_invalid_coupon');
    if (!heldBack || (await releaseLapsedHolds()) === 0) throw error;
    return attempt();
  }
}

const notPurchasable = (line: RefusedLine) =>
  new ApiError(
    409,
    'larder_not_purchasable',
    `${line.name} cannot be bought right now. Remove it from your cart to continue.`,
    undefined,
    lineDetails(line),
  );

/**
 * Decision 0037: a line priced wholesale costs its quantity break's price and must respect its
 * case and minimum; anyone else's line (no wholesale price) has neither rule nor break.
 */
function lineUnitCents(
  price: ViewerPrice,
  rules: WholesaleRules,
  line: RefusedLine,
  quantity: number,
): number {
  if (price.wholesaleCents === null) return price.payCents;
  const refusal = wholesaleLineRefusal(line.name, rules, quantity);
  if (refusal) {
    throw new ApiError(409, refusal.code, refusal.message, undefined, {
      ...lineDetails(line),
      case_size: rules.caseSize,
      min_quantity: rules.minQuantity,
    });
  }
  return wholesaleUnitCents(price.wholesaleCents, rules.tiers, quantity);
}

// Stryker disable all: the query is pinned by pricing.test.ts on a real database, too slow to run per mutant.
/**
 * Prices cart lines from the database: the shopper's prices are never read (spec §6, ARCHITECTURE
 * "Prices"). Each line costs what viewerPrice says this viewer pays, the price the catalogue shows
 * them. Lines for the same item are checked against stock together.
 */
export async function priceCart(
  db: Database,
  lines: readonly CartLineRequest[],
  viewer: Viewer,
  field: LinesField,
): Promise<PricedCart> {
  return priceLines(await loadCartProducts(db, lines), lines, viewer, field);
}

/** The cart's products with their variations and images: built once, it runs on every quote. */
const cartProducts = prepared('larder_cart_products', (db) =>
  db.query.products.findMany({
    columns: {
      // Read inside SQL only; and long texts no price or line shows.
      searchVector: false,
      description: false,
      shortDescription: false,
      food: false,
    },
    where: sql`${products.id} = any(${sql.placeholder('ids')})`,
    with: {
      variations: { with: { image: true } },
      images: { with: { media: true }, orderBy: (images, { asc }) => [asc(images.position)] },
    },
  }),
);

/** The lines' products with their variations and images, as priceLines reads them. */
async function loadCartProducts(db: Database, lines: readonly CartLineRequest[]) {
  const ids = [...new Set(lines.map((line) => line.product_id))];
  if (ids.length === 0) return [];
  return cartProducts(db, { ids });
}
// Stryker restore all

export type CartProductRow = Awaited<ReturnType<typeof loadCartProducts>>[number];

/** priceCart's rule on products already loaded: no database, so it can be tested line by line. */
export function priceLines(
  rows: readonly CartProductRow[],
  lines: readonly CartLineRequest[],
  viewer: Viewer,
  field: LinesField,
): PricedCart {
  const byId = new Map(rows.map((row) => [row.id, row]));

  const priced = lines.map((line, index): PricedLine => {
    const variationId = line.variation_id ?? 0;
    const product = byId.get(line.product_id);
    // Drafts and private products are not for sale, whoever asks, and their names are not public.
    if (!product || product.status !== 'publish') {
      throw invalidLine(field, index, `there is no product ${line.product_id}.`);
    }
    const productImage = product.images[0]?.media;
    const fallbackImage = productImage
      ? { id: productImage.id, src: uploadsUrl(productImage.file) }
      : { id: 0, src: '' };

    if (product.type === 'simple') {
      if (variationId !== 0) {
        throw invalidLine(field, index, `${product.name} has no variation ${variationId}.`);
      }
      const price = viewerPrice(product, viewer);
      const refused = { index, productId: product.id, variationId: 0, name: product.name };
      if (price === null) throw notPurchasable(refused);
      if (product.stockStatus === 'outofstock') throw outOfStock(refused, 0, viewer);
      const unit = lineUnitCents(price, productWholesaleRules(product), refused, line.quantity);
      return {
        productId: product.id,
        variationId: 0,
        quantity: line.quantity,
        name: product.name,
        parentName: null,
        sku: product.sku,
        unitPriceCents: unit,
        totalCents: lineTotalCents(unit, line.quantity),
        attributes: [],
        image: fallbackImage,
        stockQuantity: product.manageStock ? (product.stockQuantity ?? 0) : null,
        taxStatus: product.taxStatus,
        taxClass: product.taxClass,
      };
    }

    if (variationId === 0) {
      throw invalidLine(field, index, `choose an option of ${product.name} (variation_id).`);
    }
    const variation = product.variations.find((candidate) => candidate.id === variationId);
    if (!variation) {
      throw invalidLine(field, index, `${product.name} has no variation ${variationId}.`);
    }
    const attributes = product.attributes
      .filter((attribute) => variation.attributes[attribute.name] !== undefined)
      .map((attribute) => ({
        key: attribute.name,
        value: variation.attributes[attribute.name]!,
      }));
    const name = [product.name, ...attributes.map((attribute) => attribute.value)].join(' – ');
    const refused = { index, productId: product.id, variationId, name };
    if (variation.stockStatus === 'outofstock') throw outOfStock(refused, 0, viewer);
    const unit = lineUnitCents(
      viewerPrice(variation, viewer),
      variationWholesaleRules(product, variation),
      refused,
      line.quantity,
    );
    // A variation counts its own stock when it has a quantity, else the parent's (WooCommerce).
    const stockQuantity =
      variation.stockQuantity ?? (product.manageStock ? (product.stockQuantity ?? 0) : null);
    return {
      productId: product.id,
      variationId,
      quantity: line.quantity,
      name,
      parentName: product.name,
      sku: variation.sku || product.sku,
      unitPriceCents: unit,
      totalCents: lineTotalCents(unit, line.quantity),
      attributes,
      image: variation.image
        ? { id: variation.image.id, src: uploadsUrl(variation.image.file) }
        : fallbackImage,
      stockQuantity,
      taxStatus: product.taxStatus,
      taxClass: variation.taxClass === 'parent' ? product.taxClass : variation.taxClass,
    };
  });

  checkStock(priced, viewer);
  return {
    lines: priced,
    subtotalCents: sumCents(priced.map((line) => line.totalCents)),
    itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** Where an item's managed stock lives: lines of one variation (or of one simple product) share it. */
export const stockKey = (line: Pick<PricedLine, 'productId' | 'variationId'>) =>
  `${line.productId}:${line.variationId}`;

function checkStock(lines: PricedLine[], viewer: Viewer): void {
  const wanted = new Map<string, number>();
  lines.forEach((line, index) => {
    if (line.stockQuantity === null) return;
    const key = stockKey(line);
    const total = (wanted.get(key) ?? 0) + line.quantity;
    wanted.set(key, total);
    if (total > line.stockQuantity) {
      throw outOfStock({ ...line, index }, Math.max(line.stockQuantity, 0), viewer);
    }
  });
}
