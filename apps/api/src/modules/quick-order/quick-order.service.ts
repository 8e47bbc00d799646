import type { QuickOrderImport } from '@larder/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productVariations } from '../../db/schema.ts';
import { readQuickOrderFile, type QuickOrderProblem } from './quick-order-file.ts';

/** What a SKU names in the catalogue, as the quick order's lines need it. */
interface SkuTarget {
  productId: number;
  variationId: number;
  /** A variable product's own SKU names no size: the buyer must pick one. */
  isVariable: boolean;
  sku: string;
}

export function createQuickOrderService(db: Database) {
  /** Published products and sizes whose SKU (any case) is in the list, by lower-cased SKU. */
  async function findSkus(skus: string[]): Promise<Map<string, SkuTarget>> {
    const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
    const found = new Map<string, SkuTarget>();
    if (wanted.length === 0) return found;
    const [productRows, variationRows] = await Promise.all([
      db
        .select({ id: products.id, sku: products.sku, type: products.type })
        .from(products)
        .where(and(eq(products.status, 'publish'), inArray(sql`lower(${products.sku})`, wanted))),
      db
        .select({
          productId: productVariations.productId,
          id: productVariations.id,
          sku: productVariations.sku,
        })
        .from(productVariations)
        .innerJoin(products, eq(products.id, productVariations.productId))
        .where(
          and(
            eq(products.status, 'publish'),
            inArray(sql`lower(${productVariations.sku})`, wanted),
          ),
        ),
    ]);
    for (const row of productRows) {
      found.set(row.sku.toLowerCase(), {
        productId: row.id,
        variationId: 0,
        isVariable: row.type === 'variable',
        sku: row.sku,
      });
    }
    // A size's own SKU is the more precise match where a product and a size share one.
    for (const row of variationRows) {
      found.set(row.sku.toLowerCase(), {
        productId: row.productId,
        variationId: row.id,
        isVariable: false,
        sku: row.sku,
      });
    }
    return found;
  }

  return {
    /**
     * A buyer's order sheet read into catalogue lines. Which lines can be bought, at what price
     * and in what cases is the price rule's to say when they reach the cart and the order.
     */
    async importFile(csv: string): Promise<QuickOrderImport> {
      const file = readQuickOrderFile(csv);
      const targets = await findSkus(file.rows.map((row) => row.sku));
      const problems: QuickOrderProblem[] = [...file.problems];
      const lines = new Map<string, QuickOrderImport['lines'][number]>();
      for (const row of file.rows) {
        const target = targets.get(row.sku.toLowerCase());
        if (!target) {
          problems.push({ row: row.row, message: `No product has the SKU ${row.sku}.` });
          continue;
        }
        if (target.isVariable) {
          problems.push({
            row: row.row,
            message: `${row.sku} is a product with several sizes: use the SKU of one size.`,
          });
          continue;
        }
        const key = `${target.productId}:${target.variationId}`;
        const line = lines.get(key);
        if (line) line.quantity += row.quantity;
        else {
          lines.set(key, {
            sku: target.sku,
            quantity: row.quantity,
            product_id: target.productId,
            variation_id: target.variationId,
          });
        }
      }
      problems.sort((a, b) => a.row - b.row);
      return { lines: [...lines.values()], problems };
    },
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
