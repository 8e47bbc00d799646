import {
  attributeOptions,
  formatCents,
  priceInputCents,
  productRuleIssues,
  salePriceIssues,
  variationAttributeIssues,
  wholesaleRuleIssues,
  wholesaleRulesOf,
  type PriceIssue,
  type WooProduct,
  type ProductCreateInput,
  type ProductUpdateInput,
  type ProductVariation,
  type VariationCreateInput,
  type VariationUpdateInput,
} from '@larder/contract';
import type { Database } from '../../db/client.ts';
import type { StoredAttribute } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { slugify } from '../../http/format.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { CatalogService } from './catalog.service.ts';
import {
  productRuleColumns,
  productWholesaleRules,
  variationRuleColumns,
  variationWholesaleRules,
} from '../pricing/wholesale-rules.ts';
import {
  isUniqueViolation,
  productWritesRepo as repo,
  type NewProductRow,
  type NewVariationRow,
  type ProductTableRow,
  type VariationTableRow,
} from './product-writes.repo.ts';

export interface ProductWritesOptions {
  catalog: CatalogService;
  activity: ActivityService;
  /**
   * After a product or one of its variations was saved (committed): back-in-stock requests hang
   * on it. It must return at once; the work it starts must not slow the owner's save.
   */
  onProductWritten?: (productId: number) => void;
  now?: () => Date;
}

const pathName = (path: (string | number)[]) =>
  path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');

/** 400 rest_invalid_param naming each field, as a schema's own refusal reads. */
function invalid(issues: PriceIssue[]): ApiError {
  const params: Record<string, string> = {};
  for (const issue of issues) params[pathName(issue.path) || 'request'] ??= issue.message;
  return new ApiError(
    400,
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    params,
  );
}

const notFound = () => new ApiError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
const variationNotFound = () =>
  new ApiError(404, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');

/** WooCommerce's answer for a type without trash: here as a 400, naming what to send instead. */
const noTrash = (what: string) =>
  new ApiError(
    400,
    'woocommerce_rest_trash_not_supported',
    `${what} cannot be moved to a trash: set its status to draft or private to take it off the shop, or send force=true to delete it for good.`,
    { force: 'Send force=true to delete it for good.' },
  );

const attributeRecord = (attributes: { name: string; option: string }[]) =>
  Object.fromEntries(attributes.map(({ name, option }) => [name, option]));
const attributeList = (record: Record<string, string>) =>
  Object.entries(record).map(([name, option]) => ({ name, option }));

const storedAttributes = (
  attributes: { name: string; options: string[]; visible: boolean; variation: boolean }[],
): StoredAttribute[] =>
  attributes.map(({ name, options, visible, variation }) => ({
    name,
    options,
    visible,
    variation,
  }));

/** How a price reads in the activity log: "$12.50", or "none". */
const shown = (cents: number | null) => (cents === null ? 'none' : formatCents(cents));

/**
 * The owner's product and variation writes (`POST/PUT/DELETE /wc/v3/products…`). Each one runs in
 * a transaction with its activity entry: any refusal (an unknown category, a taken SKU, a bad
 * variation) leaves nothing written. The read cache and page cache need no call here: the
 * catalogue tables' triggers bump their version at commit (decision 0012).
 */
export function createProductWritesService(db: Database, options: ProductWritesOptions) {
  const { catalog, activity } = options;
  const written = options.onProductWritten ?? (() => {});
  const now = options.now ?? (() => new Date());

  async function checkReferences(
    tx: Database,
    refs: { categories?: number[]; images?: number[]; variationImages?: [string, number][] },
  ): Promise<void> {
    const issues: PriceIssue[] = [];
    const missingCategories = await repo.missingCategories(tx, refs.categories ?? []);
    if (missingCategories.length > 0)
      issues.push({
        path: ['categories'],
        message: `There is no category ${missingCategories.join(', ')}.`,
      });
    const variationImages = refs.variationImages ?? [];
    const missingMedia = new Set(
      await repo.missingMedia(tx, [
        ...new Set([...(refs.images ?? []), ...variationImages.map(([, id]) => id)]),
      ]),
    );
    const absentImages = (refs.images ?? []).filter((id) => missingMedia.has(id));
    if (absentImages.length > 0)
      issues.push({
        path: ['images'],
        message: `There is no image ${absentImages.join(', ')} in the media library.`,
      });
    for (const [path, id] of variationImages) {
      if (missingMedia.has(id))
        issues.push({ path: [path], message: `There is no image ${id} in the media library.` });
    }
    if (issues.length > 0) throw invalid(issues);
  }

  async function checkSkus(
    tx: Database,
    skus: [string, string][],
    except: { productId?: number; variationIds?: number[] } = {},
  ): Promise<void> {
    const given = skus.filter(([, sku]) => sku !== '');
    const seen = new Map<string, string>();
    const repeated: PriceIssue[] = [];
    for (const [path, sku] of given) {
      const first = seen.get(sku);
      if (first !== undefined)
        repeated.push({ path: [path], message: `SKU ${sku} is also given at ${first}.` });
      else seen.set(sku, path);
    }
    if (repeated.length > 0) throw invalid(repeated);
    if (given.length === 0) return;
    await repo.lockSkus(tx);
    const taken = await repo.takenSkus(
      tx,
      given.map(([, sku]) => sku),
      except,
    );
    if (taken.length > 0) {
      throw new ApiError(
        409,
        'product_invalid_sku',
        `SKU ${taken.join(', ')} is already used by another product or variation.`,
      );
    }
  }

  /** The given slug (409 when another product has it), or one made from the name, made unique. */
  async function slugFor(
    tx: Database,
    wanted: { slug?: string; name: string },
    exceptProductId?: number,
  ): Promise<string> {
    if (wanted.slug !== undefined) {
      if (await repo.slugTaken(tx, wanted.slug, exceptProductId)) {
        throw new ApiError(
          409,
          'product_invalid_slug',
          `Another product already has the address /product/${wanted.slug}: choose another slug.`,
        );
      }
      return wanted.slug;
    }
    const base =
      slugify(wanted.name)
        .replace(/^-+|-+$/g, '')
        .slice(0, 180) || 'product';
    const used = await repo.slugsLike(tx, base);
    if (!used.has(base)) return base;
    let suffix = 2;
    while (used.has(`${base}-${suffix}`)) suffix += 1;
    return `${base}-${suffix}`;
  }

  /** A taken slug that another write took between the check and the insert is still a 409. */
  async function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError(
          409,
          'product_invalid_slug',
          'Another product took that slug meanwhile: try again.',
        );
      throw error;
    }
  }

  function variationValues(productId: number, variation: VariationCreateInput): NewVariationRow {
    return {
      productId,
      sku: variation.sku,
      attributes: attributeRecord(variation.attributes),
      regularPriceCents: priceInputCents(variation.regular_price)!,
      salePriceCents: priceInputCents(variation.sale_price),
      wholesalePriceCents: priceInputCents(variation.wholesale_price),
      ...variationRuleColumns(variation.wholesale ? wholesaleRulesOf(variation.wholesale) : null),
      stockQuantity: variation.manage_stock ? variation.stock_quantity : null,
      stockStatus: variation.stock_status,
      taxClass: variation.tax_class,
      weight: variation.weight,
      menuOrder: variation.menu_order,
      imageMediaId: variation.image?.id ?? null,
    };
  }

  const readProduct = (id: number, owner: Viewer): Promise<WooProduct> =>
    catalog.getProduct(id, owner, 'edit');

  async function readVariation(
    productId: number,
    variationId: number,
    owner: Viewer,
  ): Promise<ProductVariation> {
    const product = await readProduct(productId, owner);
    const variation = product.variations.find((entry) => entry.variation_id === variationId);
    if (!variation) throw variationNotFound();
    return variation;
  }

  async function lockedProduct(tx: Database, id: number): Promise<ProductTableRow> {
    const row = await repo.lockProduct(tx, id);
    if (!row) throw notFound();
    return row;
  }

  async function lockedVariation(
    tx: Database,
    productId: number,
    variationId: number,
  ): Promise<{
    product: ProductTableRow;
    variations: VariationTableRow[];
    variation: VariationTableRow;
  }> {
    const product = await lockedProduct(tx, productId);
    const variations = await repo.variationsOf(tx, productId);
    const variation = variations.find((entry) => entry.id === variationId);
    if (!variation) throw variationNotFound();
    return { product, variations, variation };
  }

  /** Keeps the product's dates and sort price true after one of its variations changed. */
  async function touchProduct(tx: Database, productId: number): Promise<void> {
    await repo.updateProduct(tx, productId, { modifiedAt: now() });
    await repo.refreshSortPrice(tx, productId);
  }

  return {
    /** `POST /products`, with a variable product's variations when they are sent. */
    async create(input: ProductCreateInput, owner: Viewer): Promise<WooProduct> {
      const id = await inTransaction(async (tx) => {
        await checkReferences(tx, {
          categories: input.categories.map((ref) => ref.id),
          images: input.images.map((ref) => ref.id),
          variationImages: input.variations.flatMap((variation, index) =>
            variation.image
              ? [[`variations[${index}].image`, variation.image.id] as [string, number]]
              : [],
          ),
        });
        await checkSkus(tx, [
          ['sku', input.sku],
          ...input.variations.map(
            (variation, index) => [`variations[${index}].sku`, variation.sku] as [string, string],
          ),
        ]);
        const simple = input.type === 'simple';
        const created = now();
        const productId = await repo.insertProduct(tx, {
          name: input.name,
          slug: await slugFor(tx, input),
          type: input.type,
          status: input.status,
          featured: input.featured,
          catalogVisibility: input.catalog_visibility,
          description: input.description,
          shortDescription: input.short_description,
          sku: input.sku,
          regularPriceCents: simple ? priceInputCents(input.regular_price) : null,
          salePriceCents: simple ? priceInputCents(input.sale_price) : null,
          wholesalePriceCents: simple ? priceInputCents(input.wholesale_price) : null,
          ...productRuleColumns(wholesaleRulesOf(input.wholesale)),
          manageStock: input.manage_stock,
          stockQuantity: input.manage_stock ? input.stock_quantity : null,
          stockStatus: input.stock_status,
          taxStatus: input.tax_status,
          taxClass: input.tax_class,
          weight: input.weight,
          length: input.dimensions.length,
          width: input.dimensions.width,
          height: input.dimensions.height,
          reviewsAllowed: input.reviews_allowed,
          menuOrder: input.menu_order,
          attributes: storedAttributes(input.attributes),
          food: input.food,
          createdAt: created,
          modifiedAt: created,
        });
        await repo.replaceCategories(tx, productId, [
          ...new Set(input.categories.map((c) => c.id)),
        ]);
        await repo.replaceImages(tx, productId, [...new Set(input.images.map((i) => i.id))]);
        for (const variation of input.variations)
          await repo.insertVariation(tx, variationValues(productId, variation));
        await repo.refreshSortPrice(tx, productId);
        const price = simple ? ` at ${shown(priceInputCents(input.regular_price))}` : '';
        const variations = simple ? '' : ` with ${input.variations.length} variation(s)`;
        await activity.record(
          owner,
          {
            action: 'product.created',
            subjectType: 'product',
            subjectId: productId,
            summary: `Created ${input.status === 'publish' ? '' : `${input.status} `}product "${input.name}"${price}${variations}`,
          },
          tx,
        );
        return productId;
      });
      return readProduct(id, owner);
    },

    /** `PUT /products/{id}`: the fields sent change; the rules hold for the product that results. */
    async update(id: number, input: ProductUpdateInput, owner: Viewer): Promise<WooProduct> {
      await inTransaction(async (tx) => {
        const row = await lockedProduct(tx, id);
        const variations = await repo.variationsOf(tx, id);
        const type = input.type ?? row.type;
        if (type === 'simple' && variations.length > 0) {
          throw new ApiError(
            409,
            'larder_product_has_variations',
            `"${row.name}" has ${variations.length} variation(s): delete them before making it a simple product.`,
          );
        }
        // A simple product turned variable leaves its own prices behind: its variations have them.
        const keep = (stored: number | null) => (type === 'variable' ? null : stored);
        const price = (given: string | undefined, stored: number | null) =>
          given === undefined ? keep(stored) : priceInputCents(given);
        const regularCents = price(input.regular_price, row.regularPriceCents);
        const saleCents = price(input.sale_price, row.salePriceCents);
        const wholesaleCents = price(input.wholesale_price, row.wholesalePriceCents);
        const manageStock = input.manage_stock ?? row.manageStock;
        const stockQuantity = manageStock
          ? input.stock_quantity !== undefined
            ? input.stock_quantity
            : row.stockQuantity
          : null;
        const status = input.status ?? row.status;
        const wholesale = input.wholesale
          ? wholesaleRulesOf(input.wholesale)
          : productWholesaleRules(row);
        const issues = productRuleIssues({
          type,
          status,
          regularCents,
          saleCents,
          wholesaleCents,
          wholesale,
          manageStock,
          stockQuantity,
          variationCount: variations.length,
        });
        if (input.attributes) {
          const options = attributeOptions(input.attributes);
          for (const variation of variations) {
            const label = variation.sku || `#${variation.id}`;
            for (const issue of variationAttributeIssues(
              attributeList(variation.attributes),
              options,
            )) {
              issues.push({
                path: ['attributes'],
                message: `Variation ${label} chooses it: ${issue.message} Change or delete that variation first.`,
              });
            }
          }
        }
        if (issues.length > 0) throw invalid(issues);
        await checkReferences(tx, {
          categories: input.categories?.map((ref) => ref.id),
          images: input.images?.map((ref) => ref.id),
        });
        if (input.sku !== undefined && input.sku !== row.sku)
          await checkSkus(tx, [['sku', input.sku]], { productId: id });
        const slug =
          input.slug !== undefined && input.slug !== row.slug
            ? await slugFor(tx, { slug: input.slug, name: row.name }, id)
            : row.slug;
        const values: Partial<NewProductRow> = {
          name: input.name,
          slug,
          type,
          status,
          featured: input.featured,
          catalogVisibility: input.catalog_visibility,
          description: input.description,
          shortDescription: input.short_description,
          sku: input.sku,
          regularPriceCents: regularCents,
          salePriceCents: saleCents,
          wholesalePriceCents: wholesaleCents,
          ...(input.wholesale ? productRuleColumns(wholesale) : {}),
          manageStock,
          stockQuantity,
          stockStatus: input.stock_status,
          taxStatus: input.tax_status,
          taxClass: input.tax_class,
          weight: input.weight,
          length: input.dimensions?.length,
          width: input.dimensions?.width,
          height: input.dimensions?.height,
          reviewsAllowed: input.reviews_allowed,
          menuOrder: input.menu_order,
          attributes: input.attributes ? storedAttributes(input.attributes) : undefined,
          food: input.food,
          modifiedAt: now(),
        };
        await repo.updateProduct(tx, id, values);
        if (input.categories)
          await repo.replaceCategories(tx, id, [...new Set(input.categories.map((c) => c.id))]);
        if (input.images)
          await repo.replaceImages(tx, id, [...new Set(input.images.map((i) => i.id))]);
        await repo.refreshSortPrice(tx, id);
        const changes = [
          ...(regularCents !== row.regularPriceCents
            ? [`regular price ${shown(row.regularPriceCents)} → ${shown(regularCents)}`]
            : []),
          ...(saleCents !== row.salePriceCents
            ? [`sale price ${shown(row.salePriceCents)} → ${shown(saleCents)}`]
            : []),
          ...(wholesaleCents !== row.wholesalePriceCents
            ? [`wholesale price ${shown(row.wholesalePriceCents)} → ${shown(wholesaleCents)}`]
            : []),
          ...(status !== row.status ? [`status ${row.status} → ${status}`] : []),
        ];
        const other = Object.keys(input).filter(
          (field) => !['regular_price', 'sale_price', 'wholesale_price', 'status'].includes(field),
        );
        if (other.length > 0) changes.push(other.join(', '));
        await activity.record(
          owner,
          {
            action: 'product.updated',
            subjectType: 'product',
            subjectId: id,
            summary: `Edited product "${input.name ?? row.name}"${changes.length ? `: ${changes.join('; ')}` : ''}`,
          },
          tx,
        );
      });
      written(id);
      return readProduct(id, owner);
    },

    /**
     * `DELETE /products/{id}?force=true` (docs/decisions/0028-product-deletion.md): only a product
     * no order names; without force, 400, since there is no trash to move it to.
     */
    async remove(id: number, force: boolean, owner: Viewer): Promise<WooProduct> {
      const before = await readProduct(id, owner);
      if (!force) throw noTrash('A product');
      await db.transaction(async (tx) => {
        const row = await lockedProduct(tx, id);
        const lines = await repo.orderLinesFor(tx, { productId: id });
        if (lines > 0) {
          throw new ApiError(
            409,
            'larder_product_has_orders',
            `"${row.name}" is on ${lines} order line(s), which keep pointing at it: set its status to draft or private to take it off the shop instead.`,
          );
        }
        await repo.deleteProduct(tx, id);
        await activity.record(
          owner,
          {
            action: 'product.deleted',
            subjectType: 'product',
            subjectId: id,
            summary: `Deleted product "${row.name}"`,
          },
          tx,
        );
      });
      return before;
    },

    /** `POST /products/{id}/variations`. */
    async createVariation(
      productId: number,
      input: VariationCreateInput,
      owner: Viewer,
    ): Promise<ProductVariation> {
      const variationId = await db.transaction(async (tx) => {
        const product = await lockedProduct(tx, productId);
        if (product.type !== 'variable') {
          throw new ApiError(
            409,
            'larder_product_not_variable',
            `"${product.name}" is a simple product: make it variable before adding variations.`,
          );
        }
        const issues = variationAttributeIssues(
          input.attributes,
          attributeOptions(product.attributes),
        );
        if (issues.length > 0) throw invalid(issues);
        await checkReferences(tx, {
          variationImages: input.image ? [['image', input.image.id]] : [],
        });
        await checkSkus(tx, [['sku', input.sku]]);
        const variationId = await repo.insertVariation(tx, variationValues(productId, input));
        await touchProduct(tx, productId);
        const chosen = input.attributes.map((a) => a.option).join(', ') || 'any';
        await activity.record(
          owner,
          {
            action: 'product.variation_created',
            subjectType: 'product',
            subjectId: productId,
            summary: `Added variation ${input.sku || `#${variationId}`} (${chosen}) to "${product.name}" at ${shown(priceInputCents(input.regular_price))}`,
          },
          tx,
        );
        return variationId;
      });
      written(productId);
      return readVariation(productId, variationId, owner);
    },

    /** `PUT /products/{id}/variations/{id}`. */
    async updateVariation(
      productId: number,
      variationId: number,
      input: VariationUpdateInput,
      owner: Viewer,
    ): Promise<ProductVariation> {
      await db.transaction(async (tx) => {
        const { product, variation } = await lockedVariation(tx, productId, variationId);
        const price = (given: string | undefined, stored: number | null) =>
          given === undefined ? stored : priceInputCents(given);
        const regularCents = price(input.regular_price, variation.regularPriceCents);
        const saleCents = price(input.sale_price, variation.salePriceCents);
        const wholesaleCents = price(input.wholesale_price, variation.wholesalePriceCents);
        const manageStock = input.manage_stock ?? variation.stockQuantity !== null;
        const stockQuantity = manageStock
          ? input.stock_quantity !== undefined
            ? input.stock_quantity
            : variation.stockQuantity
          : null;
        const issues: PriceIssue[] = [];
        if (regularCents === null)
          issues.push({ path: ['regular_price'], message: 'A variation needs a regular price.' });
        issues.push(...salePriceIssues({ regularCents, saleCents }));
        // Its own rules (or, without, its product's) must still fit its wholesale price.
        const ownRules =
          input.wholesale !== undefined
            ? input.wholesale && wholesaleRulesOf(input.wholesale)
            : variation.wholesaleCaseSize === null
              ? null
              : variationWholesaleRules(product, variation);
        if (ownRules) issues.push(...wholesaleRuleIssues(ownRules, wholesaleCents));
        if (manageStock && stockQuantity === null)
          issues.push({
            path: ['stock_quantity'],
            message: 'Say how many are in stock, or turn off counting stock.',
          });
        if (input.attributes)
          issues.push(
            ...variationAttributeIssues(input.attributes, attributeOptions(product.attributes)),
          );
        if (issues.length > 0) throw invalid(issues);
        await checkReferences(tx, {
          variationImages: input.image ? [['image', input.image.id]] : [],
        });
        if (input.sku !== undefined && input.sku !== variation.sku)
          await checkSkus(tx, [['sku', input.sku]], { variationIds: [variationId] });
        await repo.updateVariation(tx, variationId, {
          sku: input.sku,
          attributes: input.attributes ? attributeRecord(input.attributes) : undefined,
          regularPriceCents: regularCents!,
          salePriceCents: saleCents,
          wholesalePriceCents: wholesaleCents,
          ...(input.wholesale !== undefined ? variationRuleColumns(ownRules) : {}),
          stockQuantity,
          stockStatus: input.stock_status,
          taxClass: input.tax_class,
          weight: input.weight,
          menuOrder: input.menu_order,
          imageMediaId: input.image === undefined ? undefined : (input.image?.id ?? null),
        });
        await touchProduct(tx, productId);
        const label = input.sku ?? variation.sku;
        const changes = [
          ...(regularCents !== variation.regularPriceCents
            ? [`regular price ${shown(variation.regularPriceCents)} → ${shown(regularCents)}`]
            : []),
          ...(saleCents !== variation.salePriceCents
            ? [`sale price ${shown(variation.salePriceCents)} → ${shown(saleCents)}`]
            : []),
          ...(wholesaleCents !== variation.wholesalePriceCents
            ? [`wholesale price ${shown(variation.wholesalePriceCents)} → ${shown(wholesaleCents)}`]
            : []),
        ];
        const other = Object.keys(input).filter(
          (field) => !['regular_price', 'sale_price', 'wholesale_price'].includes(field),
        );
        if (other.length > 0) changes.push(other.join(', '));
        await activity.record(
          owner,
          {
            action: 'product.variation_updated',
            subjectType: 'product',
            subjectId: productId,
            summary: `Edited variation ${label || `#${variationId}`} of "${product.name}"${changes.length ? `: ${changes.join('; ')}` : ''}`,
          },
          tx,
        );
      });
      written(productId);
      return readVariation(productId, variationId, owner);
    },

    /** `DELETE /products/{id}/variations/{id}?force=true`: as a product's, and never the last one of a published product. */
    async removeVariation(
      productId: number,
      variationId: number,
      force: boolean,
      owner: Viewer,
    ): Promise<ProductVariation> {
      const before = await readVariation(productId, variationId, owner);
      if (!force) throw noTrash('A variation');
      await db.transaction(async (tx) => {
        const { product, variations, variation } = await lockedVariation(
          tx,
          productId,
          variationId,
        );
        const lines = await repo.orderLinesFor(tx, { variationId });
        const label = variation.sku || `#${variationId}`;
        if (lines > 0) {
          throw new ApiError(
            409,
            'larder_variation_has_orders',
            `Variation ${label} is on ${lines} order line(s), which keep pointing at it: mark it out of stock instead.`,
          );
        }
        if (product.status === 'publish' && variations.length === 1) {
          throw new ApiError(
            409,
            'larder_last_variation',
            `Variation ${label} is the last one of "${product.name}", which is published: set the product to draft first, or add another variation.`,
          );
        }
        await repo.deleteVariation(tx, variationId);
        await touchProduct(tx, productId);
        await activity.record(
          owner,
          {
            action: 'product.variation_deleted',
            subjectType: 'product',
            subjectId: productId,
            summary: `Deleted variation ${label} of "${product.name}"`,
          },
          tx,
        );
      });
      return before;
    },
  };
}

export type ProductWritesService = ReturnType<typeof createProductWritesService>;
