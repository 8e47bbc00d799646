import type {
  DietaryTag,
  NutritionFacts,
  Product,
  ProductVariation,
  WholesaleRulesOut,
} from '@larder/contract';
import { centsOf, toMoneyString } from '@larder/contract/money';
import type { z } from 'zod';

// The product forms post plain HTML fields (they work before hydration): these turn a product into
// what the fields show, and a post back into the API's write body. Field names are the write body's
// paths with dots (`food.nutrition.calories`, `attributes.0.name`), so the contract's and the API's
// messages land beside the field they are about.

/** Messages by field path (`food.nutrition.calories`). */
export type FieldErrors = Partial<Record<string, string>>;

type NutritionKey = keyof NutritionFacts;

/** The nutrition panel's fields in the order the product page's panel shows them. */
export const NUTRITION_FIELDS: ReadonlyArray<{ key: NutritionKey; label: string; unit?: string }> =
  [
    { key: 'serving_size', label: 'Serving size' },
    { key: 'servings_per_container', label: 'Servings per container' },
    { key: 'calories', label: 'Calories' },
    { key: 'total_fat_g', label: 'Total fat', unit: 'g' },
    { key: 'saturated_fat_g', label: 'Saturated fat', unit: 'g' },
    { key: 'trans_fat_g', label: 'Trans fat', unit: 'g' },
    { key: 'cholesterol_mg', label: 'Cholesterol', unit: 'mg' },
    { key: 'sodium_mg', label: 'Sodium', unit: 'mg' },
    { key: 'total_carbohydrate_g', label: 'Total carbohydrate', unit: 'g' },
    { key: 'dietary_fiber_g', label: 'Dietary fiber', unit: 'g' },
    { key: 'total_sugars_g', label: 'Total sugars', unit: 'g' },
    { key: 'added_sugars_g', label: 'Added sugars', unit: 'g' },
    { key: 'protein_g', label: 'Protein', unit: 'g' },
  ];

const TEXT_NUTRITION = new Set<NutritionKey>(['serving_size', 'servings_per_container']);

export interface AttributeRow {
  name: string;
  /** The options as the owner types them: comma-separated. */
  options: string;
  variation: boolean;
}

/** What a product and a variation both carry: the prices, the SKU, the stock and the weight. */
export interface PriceAndStockValues {
  sku: string;
  regular_price: string;
  sale_price: string;
  wholesale_price: string;
  manage_stock: boolean;
  stock_quantity: string;
  stock_status: Product['stock_status'];
  weight: string;
  /** '' is standard; a variation's `parent` takes its product's. */
  tax_class: string;
}

/** A quantity break as typed: from `min_quantity` units on, each costs `price`. */
export interface WholesaleTierRow {
  min_quantity: string;
  price: string;
}

/** The wholesale ordering rules as the form shows them (decision 0037). */
export interface WholesaleRulesValues {
  case_size: string;
  min_quantity: string;
  tiers: WholesaleTierRow[];
}

export const emptyWholesaleValues = (): WholesaleRulesValues => ({
  case_size: '1',
  min_quantity: '1',
  tiers: [],
});

/** The rules as the API reads them, as the form shows them. */
export const wholesaleValuesOf = (rules: WholesaleRulesOut | undefined): WholesaleRulesValues =>
  rules
    ? {
        case_size: String(rules.case_size),
        min_quantity: String(rules.min_quantity),
        tiers: rules.tiers.map((tier) => ({
          min_quantity: String(tier.min_quantity),
          price: toMoneyString(centsOf(tier.price)),
        })),
      }
    : emptyWholesaleValues();

export interface ProductFormValues extends PriceAndStockValues {
  tax_status: Product['tax_status'];
  name: string;
  slug: string;
  type: 'simple' | 'variable';
  status: Product['status'];
  catalog_visibility: Product['catalog_visibility'];
  featured: boolean;
  short_description: string;
  description: string;
  reviews_allowed: boolean;
  categories: number[];
  attributes: AttributeRow[];
  wholesale: WholesaleRulesValues;
  food: {
    ingredients: string;
    allergens: string;
    may_contain: string;
    dietary_tags: string[];
    nutrition: Record<NutritionKey, string>;
  };
}

/** Blank rows under the product's attributes, for new ones (the form has no script to add rows). */
export const SPARE_ATTRIBUTE_ROWS = 2;

/** A new product's panel: the amounts start at 0 (the panel needs a number for each). */
const blankNutrition = () =>
  Object.fromEntries(
    NUTRITION_FIELDS.map(({ key }) => [key, TEXT_NUTRITION.has(key) ? '' : '0']),
  ) as Record<NutritionKey, string>;

export function emptyProductValues(): ProductFormValues {
  return {
    name: '',
    slug: '',
    type: 'simple',
    status: 'draft',
    catalog_visibility: 'visible',
    featured: false,
    short_description: '',
    description: '',
    sku: '',
    regular_price: '',
    sale_price: '',
    wholesale_price: '',
    manage_stock: false,
    stock_quantity: '',
    stock_status: 'instock',
    weight: '',
    tax_status: 'taxable',
    tax_class: '',
    reviews_allowed: true,
    categories: [],
    attributes: [],
    wholesale: emptyWholesaleValues(),
    food: {
      ingredients: '',
      allergens: '',
      may_contain: '',
      dietary_tags: [],
      nutrition: blankNutrition(),
    },
  };
}

/** A wire price ("12.5", "") as the owner writes it: "12.50", or "" for none. */
const priceText = (price: string | number | undefined) =>
  price === undefined || price === '' ? '' : toMoneyString(centsOf(price));

export function productValuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    type: product.type,
    status: product.status,
    catalog_visibility: product.catalog_visibility,
    featured: product.featured,
    short_description: product.short_description,
    description: product.description,
    sku: product.sku,
    regular_price: product.type === 'simple' ? priceText(product.regular_price) : '',
    sale_price: product.type === 'simple' ? priceText(product.sale_price) : '',
    wholesale_price: product.type === 'simple' ? priceText(product.wholesale_price) : '',
    manage_stock: product.manage_stock,
    stock_quantity: product.stock_quantity === null ? '' : String(product.stock_quantity),
    stock_status: product.stock_status,
    weight: product.weight,
    tax_status: product.tax_status,
    tax_class: product.tax_class,
    reviews_allowed: product.reviews_allowed,
    categories: product.categories.map((category) => category.id),
    attributes: product.attributes.map((attribute) => ({
      name: attribute.name,
      options: attribute.options.join(', '),
      variation: attribute.variation,
    })),
    wholesale: wholesaleValuesOf(product.wholesale),
    food: {
      ingredients: product.food.ingredients,
      allergens: product.food.allergens.join(', '),
      may_contain: product.food.may_contain.join(', '),
      dietary_tags: [...product.food.dietary_tags],
      nutrition: Object.fromEntries(
        NUTRITION_FIELDS.map(({ key }) => [key, String(product.food.nutrition[key])]),
      ) as Record<NutritionKey, string>,
    },
  };
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
};
const checked = (formData: FormData, name: string) => formData.get(name) === 'on';

/**
 * The posted rules: empty break rows dropped and the rest in order of quantity, as the API stores
 * and checks them, so its messages about `wholesale.tiers.2` land on the third row shown.
 */
export function wholesaleValuesFromPost(formData: FormData): WholesaleRulesValues {
  const tiers: WholesaleTierRow[] = [];
  for (let index = 0; formData.has(`wholesale.tiers.${index}.min_quantity`); index += 1) {
    const row = {
      min_quantity: text(formData, `wholesale.tiers.${index}.min_quantity`).trim(),
      price: text(formData, `wholesale.tiers.${index}.price`).trim(),
    };
    if (row.min_quantity || row.price) tiers.push(row);
  }
  // Rows without a readable quantity keep their place after the others (a stable sort).
  const order = (row: WholesaleTierRow) =>
    WHOLE_NUMBER.test(row.min_quantity) ? Number(row.min_quantity) : Number.POSITIVE_INFINITY;
  return {
    case_size: text(formData, 'wholesale.case_size').trim(),
    min_quantity: text(formData, 'wholesale.min_quantity').trim(),
    tiers: tiers.sort((a, b) => order(a) - order(b)),
  };
}

/** What the owner posted, as the form shows it again when the save is refused. */
export function productValuesFromPost(formData: FormData): ProductFormValues {
  const attributes: AttributeRow[] = [];
  for (let index = 0; formData.has(`attributes.${index}.name`); index += 1) {
    const row = {
      name: text(formData, `attributes.${index}.name`),
      options: text(formData, `attributes.${index}.options`),
      variation: checked(formData, `attributes.${index}.variation`),
    };
    if (row.name.trim() || row.options.trim()) attributes.push(row);
  }
  const type = text(formData, 'type') === 'variable' ? 'variable' : 'simple';
  return {
    name: text(formData, 'name'),
    slug: text(formData, 'slug'),
    type,
    status: text(formData, 'status') as Product['status'],
    catalog_visibility: text(formData, 'catalog_visibility') as Product['catalog_visibility'],
    featured: checked(formData, 'featured'),
    short_description: text(formData, 'short_description'),
    description: text(formData, 'description'),
    sku: text(formData, 'sku'),
    regular_price: text(formData, 'regular_price'),
    sale_price: text(formData, 'sale_price'),
    wholesale_price: text(formData, 'wholesale_price'),
    manage_stock: checked(formData, 'manage_stock'),
    stock_quantity: text(formData, 'stock_quantity'),
    stock_status: text(formData, 'stock_status') as Product['stock_status'],
    weight: text(formData, 'weight'),
    tax_status: text(formData, 'tax_status') as Product['tax_status'],
    tax_class: text(formData, 'tax_class'),
    reviews_allowed: checked(formData, 'reviews_allowed'),
    categories: formData
      .getAll('categories')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
    attributes,
    wholesale: wholesaleValuesFromPost(formData),
    food: {
      ingredients: text(formData, 'food.ingredients'),
      allergens: text(formData, 'food.allergens'),
      may_contain: text(formData, 'food.may_contain'),
      dietary_tags: formData.getAll('food.dietary_tags').filter((tag) => typeof tag === 'string'),
      nutrition: Object.fromEntries(
        NUTRITION_FIELDS.map(({ key }) => [key, text(formData, `food.nutrition.${key}`)]),
      ) as Record<NutritionKey, string>,
    },
  };
}

/** "oats, almonds ,, honey" → ["oats", "almonds", "honey"] */
export const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const WHOLE_NUMBER = /^\d{1,9}$/;
const DECIMAL = /^\d{1,6}(\.\d{1,3})?$/;

/** Quantities of the rules: the contract's bounds say the rest. */
const QUANTITY_MESSAGES = {
  case_size: 'Write the case size as a whole number, such as 12 (1 sells single units).',
  min_quantity: 'Write the minimum as a whole number of units, such as 24 (1 for none).',
  tier: 'Write from how many units the break applies, such as 60.',
};

/**
 * The `wholesale` write of the posted rules, with messages for quantities that are no whole
 * number; the contract's schema checks the prices and the rules between them.
 */
export function wholesaleWriteOf(values: WholesaleRulesValues): {
  body: Record<string, unknown>;
  errors: FieldErrors;
} {
  const errors: FieldErrors = {};
  // Left empty, a case or minimum is 1: no rule, as the API's default.
  const quantity = (typed: string, field: string, message: string) => {
    if (typed === '') return 1;
    if (WHOLE_NUMBER.test(typed)) return Number(typed);
    errors[field] = message;
    // A stand-in, so the schema still checks the rest.
    return 1;
  };
  const tiers: Array<{ min_quantity: number; price: string }> = [];
  values.tiers.forEach((row, index) => {
    if (WHOLE_NUMBER.test(row.min_quantity))
      tiers.push({ min_quantity: Number(row.min_quantity), price: row.price });
    else errors[`wholesale.tiers.${index}.min_quantity`] = QUANTITY_MESSAGES.tier;
  });
  return {
    body: {
      case_size: quantity(values.case_size, 'wholesale.case_size', QUANTITY_MESSAGES.case_size),
      min_quantity: quantity(
        values.min_quantity,
        'wholesale.min_quantity',
        QUANTITY_MESSAGES.min_quantity,
      ),
      tiers,
    },
    errors,
  };
}

/**
 * The write body of the posted values, and the messages for what cannot become one (a quantity
 * that is no whole number, a nutrient that is no number); the contract's schema checks the rest.
 */
export function productWriteOf(values: ProductFormValues): {
  body: Record<string, unknown>;
  errors: FieldErrors;
} {
  const errors: FieldErrors = {};
  let stockQuantity: number | null = null;
  if (values.manage_stock) {
    const typed = values.stock_quantity.trim();
    if (WHOLE_NUMBER.test(typed)) stockQuantity = Number(typed);
    else errors.stock_quantity = 'Write how many are in stock as a whole number, such as 24.';
  }
  const nutrition: Record<string, string | number> = {};
  for (const { key } of NUTRITION_FIELDS) {
    const typed = values.food.nutrition[key].trim();
    if (TEXT_NUTRITION.has(key)) nutrition[key] = typed;
    else if (DECIMAL.test(typed)) nutrition[key] = Number(typed);
    else {
      errors[`food.nutrition.${key}`] = 'Write a number, such as 4 or 0.5.';
      // A stand-in, so the schema still checks the rest (its cross-field rules need a whole body).
      nutrition[key] = 0;
    }
  }
  const wholesale = wholesaleWriteOf(values.wholesale);
  Object.assign(errors, wholesale.errors);
  const body = {
    name: values.name,
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    type: values.type,
    status: values.status,
    catalog_visibility: values.catalog_visibility,
    featured: values.featured,
    short_description: values.short_description,
    description: values.description,
    sku: values.sku,
    regular_price: values.regular_price.trim(),
    sale_price: values.sale_price.trim(),
    wholesale_price: values.wholesale_price.trim(),
    wholesale: wholesale.body,
    manage_stock: values.manage_stock,
    stock_quantity: stockQuantity,
    stock_status: values.stock_status,
    weight: values.weight.trim(),
    tax_status: values.tax_status,
    tax_class: values.tax_class,
    reviews_allowed: values.reviews_allowed,
    categories: values.categories.map((id) => ({ id })),
    attributes: values.attributes.map((row) => ({
      name: row.name.trim(),
      options: listOf(row.options),
      visible: true,
      variation: row.variation,
    })),
    food: {
      ingredients: values.food.ingredients.trim(),
      allergens: listOf(values.food.allergens),
      may_contain: listOf(values.food.may_contain),
      dietary_tags: values.food.dietary_tags as DietaryTag[],
      nutrition,
    },
  };
  return { body, errors };
}

/**
 * Zod's messages by the form's field names. An attribute's options are one field, so a message
 * about one option (`attributes.0.options.2`) goes to it.
 */
export function issuesByField(error: z.ZodError, { variation = false } = {}): FieldErrors {
  // A variation's attribute is one select (`attributes.0`), a product's has name and options.
  const depth = variation ? 2 : 3;
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const field =
      path[0] === 'attributes' && path.length > depth
        ? path.slice(0, depth).join('.')
        : path.join('.');
    errors[field || 'form'] ??= issue.message;
  }
  return errors;
}

/**
 * The API's messages by the form's field names: it names an item of a list `wholesale.tiers[0].price`,
 * the form's fields are `wholesale.tiers.0.price`.
 */
export const fieldErrorsOf = (params: Record<string, string>): FieldErrors =>
  Object.fromEntries(
    Object.entries(params).map(([name, message]) => [name.replace(/\[(\d+)\]/g, '.$1'), message]),
  );

/**
 * The message for a field: its own, or one about a part of it (`food` for every food field the
 * API names only as `food`, since its messages name the top-level field).
 */
export function errorFor(errors: FieldErrors | undefined, name: string): string | undefined {
  if (!errors) return undefined;
  if (errors[name]) return errors[name];
  const parts = name.split('.');
  for (let length = parts.length - 1; length > 0; length -= 1) {
    const parent = errors[parts.slice(0, length).join('.')];
    if (parent) return parent;
  }
  return undefined;
}

/* ---------- variations ---------- */

export interface VariationFormValues extends PriceAndStockValues {
  /** The chosen option of each of the product's variation attributes, by attribute name. */
  attributes: Record<string, string>;
  /** False: it sells by its product's rules (`wholesale: null`); true: by `wholesale`. */
  wholesale_own: boolean;
  wholesale: WholesaleRulesValues;
}

/** Rules that say the same: a variation whose rules are its product's shows "Same as the product". */
const sameRules = (a: WholesaleRulesOut, b: WholesaleRulesOut) =>
  a.case_size === b.case_size &&
  a.min_quantity === b.min_quantity &&
  a.tiers.length === b.tiers.length &&
  a.tiers.every(
    (tier, index) =>
      tier.min_quantity === b.tiers[index]?.min_quantity &&
      centsOf(tier.price) === centsOf(b.tiers[index]?.price ?? ''),
  );

/** The attributes a variable product's variations choose among. */
export const variationAttributesOf = (product: Pick<Product, 'attributes'>) =>
  product.attributes.filter((attribute) => attribute.variation);

export function emptyVariationValues(
  product: Pick<Product, 'attributes' | 'wholesale'>,
): VariationFormValues {
  return {
    attributes: Object.fromEntries(variationAttributesOf(product).map((a) => [a.name, ''])),
    // Its own rules start from the product's, should the owner choose to give it some.
    wholesale_own: false,
    wholesale: wholesaleValuesOf(product.wholesale),
    regular_price: '',
    sale_price: '',
    wholesale_price: '',
    sku: '',
    manage_stock: false,
    stock_quantity: '',
    stock_status: 'instock',
    weight: '',
    tax_class: 'parent',
  };
}

/**
 * A variation as the product read shows it (display prices: on sale when below the regular). The
 * read gives a variation's rules or, without its own, its product's: rules equal to the product's
 * show as "Same as the product" (saving then sells it by the product's, which changes nothing).
 */
export function variationValuesOf(
  variation: ProductVariation,
  product: Pick<Product, 'wholesale'>,
): VariationFormValues {
  const regular = centsOf(variation.display_regular_price);
  const price = centsOf(variation.display_price);
  const own =
    variation.wholesale !== undefined &&
    (product.wholesale === undefined || !sameRules(variation.wholesale, product.wholesale));
  return {
    attributes: { ...variation.attributes },
    wholesale_own: own,
    wholesale: wholesaleValuesOf(own ? variation.wholesale : product.wholesale),
    regular_price: toMoneyString(regular),
    sale_price: price < regular ? toMoneyString(price) : '',
    wholesale_price:
      variation.wholesale_price === undefined
        ? ''
        : toMoneyString(centsOf(variation.wholesale_price)),
    sku: variation.sku,
    manage_stock: variation.stock_quantity !== null,
    stock_quantity: variation.stock_quantity === null ? '' : String(variation.stock_quantity),
    stock_status: variation.stock_status,
    weight: variation.weight,
    tax_class: variation.tax_class,
  };
}

export function variationValuesFromPost(
  formData: FormData,
  product: Pick<Product, 'attributes'>,
): VariationFormValues {
  return {
    attributes: Object.fromEntries(
      variationAttributesOf(product).map((attribute, index) => [
        attribute.name,
        text(formData, `attributes.${index}`),
      ]),
    ),
    wholesale_own: text(formData, 'wholesale_rules') === 'own',
    wholesale: wholesaleValuesFromPost(formData),
    regular_price: text(formData, 'regular_price'),
    sale_price: text(formData, 'sale_price'),
    wholesale_price: text(formData, 'wholesale_price'),
    sku: text(formData, 'sku'),
    manage_stock: checked(formData, 'manage_stock'),
    stock_quantity: text(formData, 'stock_quantity'),
    stock_status: text(formData, 'stock_status') as Product['stock_status'],
    weight: text(formData, 'weight'),
    tax_class: text(formData, 'tax_class'),
  };
}

export function variationWriteOf(values: VariationFormValues): {
  body: Record<string, unknown>;
  errors: FieldErrors;
} {
  const errors: FieldErrors = {};
  let stockQuantity: number | null = null;
  if (values.manage_stock) {
    const typed = values.stock_quantity.trim();
    if (WHOLE_NUMBER.test(typed)) stockQuantity = Number(typed);
    else errors.stock_quantity = 'Write how many are in stock as a whole number, such as 24.';
  }
  const attributes = Object.entries(values.attributes).map(([name, option]) => ({ name, option }));
  attributes.forEach(({ option }, index) => {
    if (!option) errors[`attributes.${index}`] = 'Choose one.';
  });
  const wholesale = values.wholesale_own ? wholesaleWriteOf(values.wholesale) : null;
  Object.assign(errors, wholesale?.errors);
  return {
    body: {
      regular_price: values.regular_price.trim(),
      sale_price: values.sale_price.trim(),
      wholesale_price: values.wholesale_price.trim(),
      wholesale: wholesale?.body ?? null,
      sku: values.sku.trim(),
      manage_stock: values.manage_stock,
      stock_quantity: stockQuantity,
      stock_status: values.stock_status,
      weight: values.weight.trim(),
      tax_class: values.tax_class,
      attributes: attributes.filter(({ option }) => option),
    },
    errors,
  };
}
