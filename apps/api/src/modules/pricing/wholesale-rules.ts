import { NO_WHOLESALE_RULES, type WholesaleRules, type WholesaleTier } from '@larder/contract';

/** The rule columns a product row has. */
export interface ProductRuleColumns {
  wholesaleCaseSize: number;
  wholesaleMinQuantity: number;
  wholesaleTiers: WholesaleTier[];
}

/** A variation's rule columns: a null case size means it has none of its own. */
export interface VariationRuleColumns {
  wholesaleCaseSize: number | null;
  wholesaleMinQuantity: number | null;
  wholesaleTiers: WholesaleTier[] | null;
}

export const productWholesaleRules = (product: ProductRuleColumns): WholesaleRules => ({
  caseSize: product.wholesaleCaseSize,
  minQuantity: product.wholesaleMinQuantity,
  tiers: product.wholesaleTiers,
});

/** Decision 0037: a variation without rules of its own sells by its product's. */
export const variationWholesaleRules = (
  product: ProductRuleColumns,
  variation: VariationRuleColumns,
): WholesaleRules =>
  variation.wholesaleCaseSize === null
    ? productWholesaleRules(product)
    : {
        caseSize: variation.wholesaleCaseSize,
        minQuantity: variation.wholesaleMinQuantity ?? NO_WHOLESALE_RULES.minQuantity,
        tiers: variation.wholesaleTiers ?? [],
      };

/** The columns that store rules: a product's, or a variation's own (null for none). */
export const productRuleColumns = (rules: WholesaleRules): ProductRuleColumns => ({
  wholesaleCaseSize: rules.caseSize,
  wholesaleMinQuantity: rules.minQuantity,
  wholesaleTiers: [...rules.tiers],
});

export const variationRuleColumns = (rules: WholesaleRules | null): VariationRuleColumns =>
  rules === null
    ? { wholesaleCaseSize: null, wholesaleMinQuantity: null, wholesaleTiers: null }
    : productRuleColumns(rules);
