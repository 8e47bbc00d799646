import sharp from 'sharp';
import {
  centsOf,
  DIETARY_TAG_LABELS,
  ProductListQuerySchema,
  type Product,
  type ShopIdentity,
  type WholesaleRulesOut,
} from '@larder/contract';
import type { Viewer } from '../../http/viewer.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { Uploads } from '../media/uploads.ts';
import { renderLineSheet, type LineSheetProduct } from './line-sheet-pdf.ts';

export interface LineSheetOptions {
  catalog: CatalogService;
  shop: ShopIdentity;
  publicUrl: string;
  uploads: Uploads;
  now?: () => Date;
}

export interface LineSheetDocument {
  filename: string;
  pdf: Buffer;
}

/** The catalogue as an approved wholesale buyer reads it: published products, wholesale prices. */
const WHOLESALE_READER: Viewer = {
  isGuest: false,
  customerId: 0,
  role: 'wholesale_customer',
  canSeeWholesale: true,
  isOwner: false,
};

const UPLOADS = '/wp-content/uploads/';

/** A size's case, minimum and quantity breaks (decision 0037), as the line sheet prints them. */
const rulesOf = (rules: WholesaleRulesOut | undefined) => ({
  caseSize: rules?.case_size ?? null,
  minQuantity: rules?.min_quantity ?? null,
  tiers: (rules?.tiers ?? []).map((tier) => ({
    minQuantity: tier.min_quantity,
    priceCents: centsOf(tier.price),
  })),
});
/** Twice the printed size (66 pt), so the picture is sharp on paper. */
const THUMB_PIXELS = 180;

/**
 * The wholesale line sheet (issue 15), drawn from the live catalogue on each request like the
 * order PDFs (decision 0029). The images are the products' own, turned into small PNGs (the
 * library's files are SVG, WebP or AVIF, which PDF cannot hold), kept in memory by file: an
 * upload's name carries its content's hash, and the demo artwork changes only with the code.
 */
export function createLineSheetService(options: LineSheetOptions) {
  const now = options.now ?? (() => new Date());
  const thumbs = new Map<string, Buffer>();

  async function thumbnail(src: string | undefined): Promise<Buffer | null> {
    const at = src?.indexOf(UPLOADS) ?? -1;
    if (!src || at < 0) return null;
    const file = decodeURIComponent(src.slice(at + UPLOADS.length));
    const kept = thumbs.get(file);
    if (kept) return kept;
    try {
      const bytes = await options.uploads.read(file);
      if (!bytes) return null;
      const png = await sharp(bytes)
        .resize(THUMB_PIXELS, THUMB_PIXELS, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
      thumbs.set(file, png);
      return png;
    } catch {
      // A file that will not decode leaves a blank square, not a failed line sheet.
      return null;
    }
  }

  async function publishedProducts(): Promise<Product[]> {
    const products: Product[] = [];
    for (let page = 1; ; page++) {
      const query = ProductListQuerySchema.parse({
        per_page: '100',
        page: String(page),
        orderby: 'title',
        order: 'asc',
      });
      const result = await options.catalog.listProducts(query, WHOLESALE_READER);
      products.push(...result.products);
      if (products.length >= result.total || result.products.length === 0) return products;
    }
  }

  async function toLineSheetProduct(product: Product): Promise<LineSheetProduct> {
    const sizes =
      product.type === 'variable'
        ? product.variations.map((variation) => ({
            sku: variation.sku,
            size: Object.values(variation.attributes).join(' / '),
            wholesaleCents:
              variation.wholesale_price === undefined ? null : centsOf(variation.wholesale_price),
            retailCents: centsOf(variation.display_regular_price),
            ...rulesOf(variation.wholesale ?? product.wholesale),
          }))
        : [
            {
              sku: product.sku,
              size:
                product.attributes.find((attribute) => attribute.options.length === 1)
                  ?.options[0] ?? '',
              wholesaleCents: product.wholesale_price ? centsOf(product.wholesale_price) : null,
              retailCents: centsOf(product.regular_price || product.price),
              ...rulesOf(product.wholesale),
            },
          ];
    return {
      name: product.name,
      image: await thumbnail(product.images[0]?.src),
      allergens: product.food.allergens,
      mayContain: product.food.may_contain,
      dietaryTags: product.food.dietary_tags.map((tag) => DIETARY_TAG_LABELS[tag]),
      sizes,
    };
  }

  return {
    async lineSheet(): Promise<LineSheetDocument> {
      const date = now();
      const groups = new Map<string, LineSheetProduct[]>();
      for (const product of await publishedProducts()) {
        const category = product.categories[0]?.name ?? 'Other';
        const list = groups.get(category) ?? [];
        list.push(await toLineSheetProduct(product));
        groups.set(category, list);
      }
      const categories = [...groups.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, products]) => ({ name, products }));
      return {
        filename: `line-sheet-${date.toISOString().slice(0, 10)}.pdf`,
        pdf: await renderLineSheet({
          shop: options.shop,
          publicUrl: options.publicUrl,
          date,
          categories,
        }),
      };
    },
  };
}

export type LineSheetService = ReturnType<typeof createLineSheetService>;
