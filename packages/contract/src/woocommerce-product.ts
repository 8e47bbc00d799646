import { z } from 'zod';
import { ProductSchema } from './catalog.ts';

const LinkSchema = z.array(z.object({ href: z.string() }));

/**
 * A product as the API answers it to any WooCommerce client: the shop's product plus WooCommerce's
 * fields the storefront does not read (issue 17). Kept apart from ProductSchema so the product
 * page's script never carries their parsing.
 */
export const WooProductSchema = ProductSchema.extend({
  /**
   * Spec §3 reads a product's `title`; WooCommerce's legacy API called the name that. Always the
   * name (decision 0046): one field the owner edits, read under both keys.
   */
  title: z.string(),
  /** WooCommerce's price markup: the amount, a sale as `<del>`/`<ins>`, a range for a variable product. */
  price_html: z.string(),
  upsell_ids: z.array(z.number().int()),
  cross_sell_ids: z.array(z.number().int()),
  sold_individually: z.boolean(),
  backorders_allowed: z.boolean(),
  _links: z.object({ self: LinkSchema, collection: LinkSchema }),
});
export type WooProduct = z.infer<typeof WooProductSchema>;
