import {
  ProductCreateSchema,
  VariationCreateSchema,
  VariationUpdateSchema,
  type ProductVariation,
} from '@larder/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyProductValues,
  errorFor,
  fieldErrorsOf,
  issuesByField,
  productValuesFromPost,
  productWriteOf,
  variationValuesFromPost,
  variationValuesOf,
  variationWriteOf,
  wholesaleValuesOf,
} from './product-form.ts';

/** A post as the new-product form sends it, with these fields filled. */
function post(fields: Record<string, string | string[]>) {
  const formData = new FormData();
  const values = emptyProductValues();
  const base: Record<string, string> = {
    name: '',
    slug: '',
    type: values.type,
    status: values.status,
    catalog_visibility: values.catalog_visibility,
    stock_status: values.stock_status,
    tax_status: values.tax_status,
    tax_class: values.tax_class,
    'attributes.0.name': '',
    'attributes.0.options': '',
    'attributes.1.name': '',
    'attributes.1.options': '',
    ...Object.fromEntries(
      Object.keys(values.food.nutrition).map((key) => [`food.nutrition.${key}`, '0']),
    ),
  };
  for (const [name, value] of Object.entries({ ...base, ...fields })) {
    for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
  }
  return formData;
}

describe('the product form', () => {
  it('turns a post into a write body the contract accepts', () => {
    const values = productValuesFromPost(
      post({
        name: 'Maple Pecan Granola',
        regular_price: '12.5',
        sale_price: '9.99',
        manage_stock: 'on',
        stock_quantity: '24',
        categories: ['3', '7'],
        'attributes.0.name': 'Size',
        'attributes.0.options': '12 oz, 2 lb ,',
        'attributes.0.variation': 'on',
        'food.allergens': 'pecans, oats',
        'food.dietary_tags': ['vegan', 'non-gmo'],
        'food.nutrition.serving_size': '1/2 cup (45g)',
        'food.nutrition.calories': '190',
        'food.nutrition.total_fat_g': '7.5',
        tax_class: 'reduced-rate',
      }),
    );
    const { body, errors } = productWriteOf(values);
    expect(errors).toEqual({});
    const parsed = ProductCreateSchema.parse(body);
    expect(parsed).toMatchObject({
      name: 'Maple Pecan Granola',
      status: 'draft',
      regular_price: '12.5',
      sale_price: '9.99',
      manage_stock: true,
      stock_quantity: 24,
      categories: [{ id: 3 }, { id: 7 }],
      attributes: [{ name: 'Size', options: ['12 oz', '2 lb'], variation: true, visible: true }],
      tax_status: 'taxable',
      tax_class: 'reduced-rate',
    });
    expect(parsed.food).toMatchObject({
      allergens: ['pecans', 'oats'],
      dietary_tags: ['vegan', 'non-gmo'],
      nutrition: { serving_size: '1/2 cup (45g)', calories: 190, total_fat_g: 7.5 },
    });
    // An unticked box is not posted: not featured, reviews off.
    expect(parsed.featured).toBe(false);
    expect(parsed.reviews_allowed).toBe(false);
  });

  it('names the field of a quantity or nutrient that is not a number', () => {
    const values = productValuesFromPost(
      post({
        name: 'Oat Clusters',
        regular_price: '8',
        manage_stock: 'on',
        stock_quantity: 'a dozen',
        'food.nutrition.sodium_mg': 'some',
      }),
    );
    expect(productWriteOf(values).errors).toEqual({
      stock_quantity: expect.stringContaining('whole number'),
      'food.nutrition.sodium_mg': expect.stringContaining('number'),
    });
  });

  it('puts the contract’s messages beside the fields, and keeps what was typed', () => {
    const values = productValuesFromPost(
      post({ name: 'Honey Crunch', regular_price: '6.00', sale_price: '7.00' }),
    );
    const parsed = ProductCreateSchema.safeParse(productWriteOf(values).body);
    expect(parsed.success).toBe(false);
    const errors = issuesByField(parsed.error!);
    expect(errorFor(errors, 'sale_price')).toBe('Must be lower than the regular price.');
    expect(values.sale_price).toBe('7.00');
  });

  it('still checks the prices when a nutrient is refused, so both messages show at once', () => {
    const values = productValuesFromPost(
      post({
        name: 'Honey Crunch',
        regular_price: '6.00',
        sale_price: '7.00',
        'food.nutrition.sodium_mg': 'a pinch',
      }),
    );
    const { body, errors } = productWriteOf(values);
    const parsed = ProductCreateSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect({ ...issuesByField(parsed.error!), ...errors }).toMatchObject({
      sale_price: 'Must be lower than the regular price.',
      'food.nutrition.sodium_mg': expect.stringContaining('number'),
    });
  });

  it('shows a message the API gives for a whole group on each of its fields', () => {
    expect(errorFor({ food: 'Allergens must be listed.' }, 'food.nutrition.calories')).toBe(
      'Allergens must be listed.',
    );
    expect(errorFor({ name: 'Name it.' }, 'slug')).toBeUndefined();
  });
});

const variation = {
  variation_id: 9,
  sku: 'LO-MPC-2LB',
  attributes: { Size: '2 lb' },
  display_price: 22.5,
  display_regular_price: 24,
  wholesale_price: 15,
  is_in_stock: true,
  is_purchasable: true,
  stock_status: 'onbackorder',
  stock_quantity: null,
  max_qty: null,
  weight: '2',
  tax_class: 'reduced-rate',
  image: null,
} satisfies ProductVariation;

describe('the variation form', () => {
  const product = {
    attributes: [
      {
        id: 0,
        name: 'Size',
        slug: 'size',
        position: 0,
        visible: true,
        variation: true,
        options: ['12 oz', '2 lb'],
      },
    ],
  };

  it('reads the chosen options by the product’s variation attributes', () => {
    const formData = new FormData();
    formData.set('attributes.0', '2 lb');
    formData.set('regular_price', '24.00');
    formData.set('wholesale_price', '18');
    formData.set('stock_status', 'instock');
    formData.set('tax_class', 'zero-rate');
    const { body, errors } = variationWriteOf(variationValuesFromPost(formData, product));
    expect(errors).toEqual({});
    expect(VariationUpdateSchema.parse(body)).toMatchObject({
      attributes: [{ name: 'Size', option: '2 lb' }],
      tax_class: 'zero-rate',
      regular_price: '24.00',
      wholesale_price: '18',
      manage_stock: false,
      stock_quantity: null,
    });
  });

  it('starts from what the variation is, a backorder included, so saving a price keeps it', () => {
    const values = variationValuesOf(variation, {});
    expect(values).toMatchObject({
      tax_class: 'reduced-rate',
      regular_price: '24.00',
      sale_price: '22.50',
      wholesale_price: '15.00',
      manage_stock: false,
      stock_status: 'onbackorder',
    });
  });

  it('asks for an option not chosen', () => {
    const formData = new FormData();
    formData.set('attributes.0', '');
    formData.set('regular_price', '24.00');
    expect(variationWriteOf(variationValuesFromPost(formData, product)).errors).toEqual({
      'attributes.0': 'Choose one.',
    });
  });
});

describe('the wholesale ordering fields', () => {
  const simple = {
    name: 'Honey Oat Classic',
    regular_price: '8.00',
    wholesale_price: '6.00',
  };

  it('sends the case, the minimum and the breaks in order of quantity, empty rows left out', () => {
    const values = productValuesFromPost(
      post({
        ...simple,
        'wholesale.case_size': '12',
        'wholesale.min_quantity': '24',
        'wholesale.tiers.0.min_quantity': '120',
        'wholesale.tiers.0.price': '5.40',
        'wholesale.tiers.1.min_quantity': '',
        'wholesale.tiers.1.price': '',
        'wholesale.tiers.2.min_quantity': ' 60 ',
        'wholesale.tiers.2.price': '5.7',
      }),
    );
    expect(values.wholesale.tiers).toEqual([
      { min_quantity: '60', price: '5.7' },
      { min_quantity: '120', price: '5.40' },
    ]);
    const { body, errors } = productWriteOf(values);
    expect(errors).toEqual({});
    expect(ProductCreateSchema.parse(body).wholesale).toEqual({
      case_size: 12,
      min_quantity: 24,
      tiers: [
        { min_quantity: 60, price: '5.7' },
        { min_quantity: 120, price: '5.40' },
      ],
    });
  });

  it('puts a break’s refusal on the row shown with that break', () => {
    // Typed out of order: the second row typed is the first break, and the one refused.
    const values = productValuesFromPost(
      post({
        ...simple,
        'wholesale.case_size': '12',
        'wholesale.min_quantity': '12',
        'wholesale.tiers.0.min_quantity': '120',
        'wholesale.tiers.0.price': '5.40',
        'wholesale.tiers.1.min_quantity': '60',
        'wholesale.tiers.1.price': '6.00',
      }),
    );
    const parsed = ProductCreateSchema.safeParse(productWriteOf(values).body);
    expect(parsed.success).toBe(false);
    const errors = issuesByField(parsed.error!);
    expect(values.wholesale.tiers[0]).toEqual({ min_quantity: '60', price: '6.00' });
    expect(errorFor(errors, 'wholesale.tiers.0.price')).toBe(
      'A break must cost less than the wholesale price ($6.00).',
    );
    expect(errorFor(errors, 'wholesale.tiers.1.price')).toBeUndefined();
  });

  it('names the field of a case, minimum or break quantity that is no whole number', () => {
    const values = productValuesFromPost(
      post({
        ...simple,
        'wholesale.case_size': 'a dozen',
        'wholesale.min_quantity': '2.5',
        'wholesale.tiers.0.min_quantity': '60',
        'wholesale.tiers.0.price': '5.70',
        'wholesale.tiers.1.min_quantity': 'lots',
        'wholesale.tiers.1.price': '5.40',
      }),
    );
    expect(productWriteOf(values).errors).toEqual({
      'wholesale.case_size': expect.stringContaining('whole number'),
      'wholesale.min_quantity': expect.stringContaining('whole number'),
      'wholesale.tiers.1.min_quantity': expect.stringContaining('how many units'),
    });
  });

  it('puts the API’s refusal of a break (`wholesale.tiers[1].price`) on that row’s field', () => {
    const errors = fieldErrorsOf({
      'wholesale.tiers[1].price': 'The break at 120 must cost less than the one at 60 ($5.70).',
      sale_price: 'Must be lower than the regular price.',
    });
    expect(errorFor(errors, 'wholesale.tiers.1.price')).toBe(
      'The break at 120 must cost less than the one at 60 ($5.70).',
    );
    expect(errorFor(errors, 'sale_price')).toBe('Must be lower than the regular price.');
  });

  it('reads a case or minimum left empty as 1, no rule', () => {
    const values = productValuesFromPost(post(simple));
    const { body, errors } = productWriteOf(values);
    expect(errors).toEqual({});
    expect(body.wholesale).toEqual({ case_size: 1, min_quantity: 1, tiers: [] });
  });

  it('shows the rules the API reads, prices as the owner writes them', () => {
    expect(
      wholesaleValuesOf({
        case_size: 6,
        min_quantity: 12,
        tiers: [{ min_quantity: 30, price: '10.5' }],
      }),
    ).toEqual({
      case_size: '6',
      min_quantity: '12',
      tiers: [{ min_quantity: '30', price: '10.50' }],
    });
  });

  describe('on a variation', () => {
    const product = {
      attributes: [
        {
          id: 0,
          name: 'Size',
          slug: 'size',
          position: 0,
          visible: true,
          variation: true,
          options: ['12 oz', '2 lb'],
        },
      ],
      wholesale: { case_size: 12, min_quantity: 12, tiers: [] },
    };
    const posted = (fields: Record<string, string>) => {
      const formData = new FormData();
      formData.set('attributes.0', '2 lb');
      formData.set('regular_price', '24.00');
      formData.set('wholesale_price', '18.00');
      formData.set('stock_status', 'instock');
      formData.set('tax_class', 'parent');
      for (const [name, value] of Object.entries(fields)) formData.set(name, value);
      return variationWriteOf(variationValuesFromPost(formData, product));
    };

    it('sends null, the product’s rules, when "Same as the product" is chosen', () => {
      // The own fields are posted too (hidden by CSS); the choice decides.
      const { body, errors } = posted({
        wholesale_rules: 'product',
        'wholesale.case_size': 'not read',
      });
      expect(errors).toEqual({});
      expect(VariationCreateSchema.parse(body).wholesale).toBeNull();
    });

    it('sends its own rules when chosen', () => {
      const { body, errors } = posted({
        wholesale_rules: 'own',
        'wholesale.case_size': '6',
        'wholesale.min_quantity': '6',
        'wholesale.tiers.0.min_quantity': '30',
        'wholesale.tiers.0.price': '17.10',
      });
      expect(errors).toEqual({});
      expect(VariationUpdateSchema.parse(body).wholesale).toEqual({
        case_size: 6,
        min_quantity: 6,
        tiers: [{ min_quantity: 30, price: '17.10' }],
      });
    });

    it('opens on "Same as the product" when its rules are the product’s, else on its own', () => {
      const same = variationValuesOf(
        { ...variation, wholesale: { case_size: 12, min_quantity: 12, tiers: [] } },
        product,
      );
      expect(same.wholesale_own).toBe(false);
      const own = variationValuesOf(
        {
          ...variation,
          wholesale: {
            case_size: 6,
            min_quantity: 6,
            tiers: [{ min_quantity: 30, price: '17.1' }],
          },
        },
        product,
      );
      expect(own).toMatchObject({
        wholesale_own: true,
        wholesale: {
          case_size: '6',
          min_quantity: '6',
          tiers: [{ min_quantity: '30', price: '17.10' }],
        },
      });
    });
  });
});
