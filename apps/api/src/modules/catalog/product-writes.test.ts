import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ActivityEntrySchema,
  ApiErrorSchema,
  apiPaths,
  ProductSchema,
  ProductVariationSchema,
  type FoodInfo,
  WooProductSchema,
  type ProductCreate,
} from '@larder/contract';
import { activityLog, media, products } from '../../db/schema.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import {
  createCategory,
  createOrder,
  createProduct,
  createVariableProduct,
  createWholesaleBuyer,
  uniqueName,
} from '../../../test/factories.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;
let shopper: Session;
let wholesaleBuyer: Session;
let category: { id: number; slug: string };
let imageId: number;

const food: FoodInfo = {
  ingredients: 'Rolled oats, maple syrup, pecans.',
  allergens: ['tree nuts'],
  may_contain: ['peanuts'],
  dietary_tags: ['vegan'],
  nutrition: {
    serving_size: '1/2 cup (45g)',
    servings_per_container: '8',
    calories: 210,
    total_fat_g: 9,
    saturated_fat_g: 1,
    trans_fat_g: 0,
    cholesterol_mg: 0,
    sodium_mg: 35,
    total_carbohydrate_g: 28,
    dietary_fiber_g: 4,
    total_sugars_g: 8,
    added_sugars_g: 6,
    protein_g: 5,
  },
};

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  // Orders are placed below: the shop's shipping zones, without the demo catalogue.
  await seedShippingZones(t.database.db);
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  shopper = await signedInCustomer(t.app, t.database.db, { name: 'shopper' });
  wholesaleBuyer = await createWholesaleBuyer(t);
  category = await createCategory(t);
  const [row] = await t.database.db
    .insert(media)
    .values({
      slug: 'maple-bag',
      title: 'Maple bag',
      altText: 'A bag of maple granola',
      file: 'maple-bag.jpg',
      mimeType: 'image/jpeg',
      width: 800,
      height: 800,
    })
    .returning({ id: media.id });
  imageId = row!.id;
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = owner.bearer,
) => t.app.inject({ method, url, payload, headers });
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });

const aProduct = (overrides: Partial<ProductCreate> = {}): ProductCreate => ({
  name: uniqueName('Maple Pecan Crunch'),
  regular_price: '12.50',
  food,
  ...overrides,
});

async function created(body: ProductCreate) {
  const res = await send('POST', apiPaths.products, body);
  expect(res.statusCode, res.body).toBe(201);
  return ProductSchema.parse(res.json());
}

const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());

const productsNamed = async (name: string) =>
  t.database.db.select({ id: products.id }).from(products).where(eq(products.name, name));

const activityFor = async (productId: number) =>
  t.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, 'product'), eq(activityLog.subjectId, productId)));

describe('POST /wp-json/wc/v3/products', () => {
  it('creates a simple product the shop shows at once, with its category, image and food data', async () => {
    const body = aProduct({
      sale_price: '10.00',
      wholesale_price: '7.50',
      sku: 'MPC-12',
      categories: [{ id: category.id }],
      images: [{ id: imageId }],
      manage_stock: true,
      stock_quantity: 40,
      description: '<p>Baked in small batches.</p>',
    });
    const product = await created(body);
    expect(product).toMatchObject({
      name: body.name,
      type: 'simple',
      status: 'publish',
      sku: 'MPC-12',
      regular_price: '12.50',
      sale_price: '10.00',
      price: '10.00',
      on_sale: true,
      wholesale_price: '7.50',
      manage_stock: true,
      stock_quantity: 40,
      categories: [{ id: category.id, slug: category.slug }],
      images: [{ id: imageId, alt: 'A bag of maple granola' }],
      food,
    });
    expect(product.slug).toBe(body.name.toLowerCase().replace(/ /g, '-'));

    const shown = ProductSchema.parse((await get(`${apiPaths.products}/${product.id}`)).json());
    expect(shown.price).toBe('10.00');
    expect(shown.wholesale_price).toBeUndefined();

    const [entry] = await activityFor(product.id);
    expect(entry).toMatchObject({ action: 'product.created', actorId: owner.id });
    expect(entry!.summary).toContain(body.name);
  });

  it('makes a slug from the name unique, and refuses a slug or SKU another product has (409)', async () => {
    const name = uniqueName('Honey Oat');
    const first = await created(aProduct({ name }));
    const second = await created(aProduct({ name }));
    expect(second.slug).toBe(`${first.slug}-2`);

    const slugTaken = await send('POST', apiPaths.products, aProduct({ slug: first.slug }));
    expect(slugTaken.statusCode).toBe(409);
    expect(errorOf(slugTaken).code).toBe('product_invalid_slug');

    const variable = await createVariableProduct(t);
    const skuTaken = await send(
      'POST',
      apiPaths.products,
      aProduct({ sku: variable.variations[0]!.sku }),
    );
    expect(skuTaken.statusCode).toBe(409);
    expect(errorOf(skuTaken)).toMatchObject({
      code: 'product_invalid_sku',
      data: { status: 409 },
    });
  });

  it('gives a new SKU to one of two products saved at once; the other is 409', async () => {
    // On PostgreSQL the two transactions overlap and the SKU lock decides.
    const sku = uniqueName('RACE').replace(' ', '-');
    const answers = await Promise.all([
      send('POST', apiPaths.products, aProduct({ sku })),
      send('POST', apiPaths.products, aProduct({ sku })),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const owners = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, sku));
    expect(owners).toHaveLength(1);
  });

  it('answers 400 naming unknown categories and images, and writes nothing', async () => {
    const body = aProduct({ categories: [{ id: 999_999 }], images: [{ id: 888_888 }] });
    const res = await send('POST', apiPaths.products, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: {
          categories: 'There is no category 999999.',
          images: 'There is no image 888888 in the media library.',
        },
      },
    });
    expect(await productsNamed(body.name)).toEqual([]);
  });

  it('keeps the sale price below the regular price and needs a regular price on a simple product', async () => {
    const sale = await send('POST', apiPaths.products, aProduct({ sale_price: '12.50' }));
    expect(sale.statusCode).toBe(400);
    expect(errorOf(sale).data.params).toHaveProperty('sale_price');

    const noPrice = await send('POST', apiPaths.products, aProduct({ regular_price: '' }));
    expect(noPrice.statusCode).toBe(400);
    expect(errorOf(noPrice).data.params).toHaveProperty('regular_price');

    const floaty = await send('POST', apiPaths.products, aProduct({ regular_price: '12.499' }));
    expect(floaty.statusCode).toBe(400);
  });

  it('creates a variable product with its variations in one go', async () => {
    const product = await created(
      aProduct({
        type: 'variable',
        regular_price: '',
        attributes: [{ name: 'Size', options: ['12 oz', '2 lb'] }],
        variations: [
          {
            sku: uniqueName('MPV').replace(' ', '-'),
            regular_price: '13.00',
            sale_price: '11.00',
            wholesale_price: '8.00',
            attributes: [{ name: 'Size', option: '12 oz' }],
          },
          {
            regular_price: '30.00',
            manage_stock: true,
            stock_quantity: 5,
            image: { id: imageId },
            attributes: [{ name: 'Size', option: '2 lb' }],
          },
        ],
      }),
    );
    expect(product.price).toBe('11.00');
    expect(product.regular_price).toBe('');
    expect(product.variations).toMatchObject([
      { attributes: { Size: '12 oz' }, display_price: 11, wholesale_price: 8 },
      {
        attributes: { Size: '2 lb' },
        display_price: 30,
        stock_quantity: 5,
        image: { id: imageId },
      },
    ]);
    // Sorting by price uses the lowest variation's.
    const [row] = await t.database.db
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.priceCents).toBe(1100);
  });

  it('writes nothing when one variation is bad, and refuses prices on a variable product', async () => {
    const body = aProduct({
      type: 'variable',
      regular_price: '',
      attributes: [{ name: 'Size', options: ['12 oz'] }],
      variations: [
        { regular_price: '13.00', attributes: [{ name: 'Size', option: '12 oz' }] },
        { regular_price: '14.00', attributes: [{ name: 'Size', option: '5 lb' }] },
      ],
    });
    const res = await send('POST', apiPaths.products, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).data.params ?? {})).toEqual(['variations']);
    expect(await productsNamed(body.name)).toEqual([]);

    const skuClash = aProduct({
      ...body,
      name: uniqueName('Clash'),
      variations: [
        {
          sku: 'SAME-SKU',
          regular_price: '13.00',
          attributes: [{ name: 'Size', option: '12 oz' }],
        },
        {
          sku: 'SAME-SKU',
          regular_price: '13.00',
          attributes: [{ name: 'Size', option: '12 oz' }],
        },
      ],
    });
    const clash = await send('POST', apiPaths.products, skuClash);
    expect(clash.statusCode).toBe(400);
    expect(errorOf(clash).data.params).toEqual({
      'variations[1].sku': 'SKU SAME-SKU is also given at variations[0].sku.',
    });
    expect(await productsNamed(skuClash.name)).toEqual([]);

    const priced = await send(
      'POST',
      apiPaths.products,
      aProduct({ type: 'variable', status: 'draft', regular_price: '9.00' }),
    );
    expect(priced.statusCode).toBe(400);
    expect(errorOf(priced).data.params).toHaveProperty('regular_price');
  });
});

describe('PUT /wp-json/wc/v3/products/{id}', () => {
  it('changes the price the shop shows at once, even with the read cache warm', async () => {
    const product = await createProduct(t, { regular_price: '12.00' });
    const url = `${apiPaths.products}/${product.id}`;
    const listUrl = `${apiPaths.products}?include=${product.id}`;
    await get(url);
    await get(listUrl);
    expect((await get(url)).headers['x-cache']).toBe('hit');
    expect((await get(listUrl)).headers['x-cache']).toBe('hit');

    const res = await send('PUT', url, { regular_price: '14.25', sale_price: '13.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ProductSchema.parse(res.json())).toMatchObject({
      price: '13.00',
      regular_price: '14.25',
    });

    const after = await get(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(ProductSchema.parse(after.json()).price).toBe('13.00');
    const [listed] = z.array(ProductSchema).parse((await get(listUrl)).json());
    expect(listed!.price).toBe('13.00');

    const [entry] = await activityFor(product.id);
    expect(entry).toMatchObject({ action: 'product.updated', actorId: owner.id });
    expect(entry!.summary).toContain('regular price $12.00 → $14.25');
  });

  it('answers the title (spec §3) as the name, renamed with it', async () => {
    const product = await createProduct(t, { name: uniqueName('Oat Clusters') });
    const url = `${apiPaths.products}/${product.id}`;
    expect(WooProductSchema.parse((await get(url)).json())).toMatchObject({
      name: product.name,
      title: product.name,
    });
    const renamed = uniqueName('Toasted Oat Clusters');
    const res = await send('PUT', url, { name: renamed });
    expect(res.statusCode, res.body).toBe(200);
    expect(WooProductSchema.parse(res.json()).title).toBe(renamed);
    const [listed] = z
      .array(WooProductSchema)
      .parse((await get(`${apiPaths.products}?include=${product.id}`)).json());
    expect(listed!.title).toBe(renamed);
  });

  it('checks the rules against the stored product: a sale price must stay below its regular price', async () => {
    const product = await createProduct(t, { regular_price: '12.00' });
    const url = `${apiPaths.products}/${product.id}`;
    const res = await send('PUT', url, { sale_price: '15.00' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data.params).toEqual({
      sale_price: 'Must be lower than the regular price.',
    });
    const cleared = await send('PUT', url, { sale_price: '' });
    expect(ProductSchema.parse(cleared.json()).on_sale).toBe(false);
    expect(await activityFor(product.id)).toHaveLength(1);
  });

  it('unpublishes, lists drafts to the owner only, and finds products by a variation SKU', async () => {
    const variable = await createVariableProduct(t);
    const url = `${apiPaths.products}/${variable.id}`;
    const res = await send('PUT', url, { status: 'draft' });
    expect(ProductSchema.parse(res.json()).status).toBe('draft');
    expect((await get(url)).statusCode).toBe(404);

    const sku = variable.variations[1]!.sku;
    const search = `${apiPaths.products}?status=draft&search=${encodeURIComponent(sku)}`;
    const found = z.array(ProductSchema).parse((await get(search, owner.bearer)).json());
    expect(found.map((product) => product.id)).toEqual([variable.id]);
    expect((await get(search)).statusCode).toBe(401);
    expect((await get(search, shopper.bearer)).statusCode).toBe(403);
    // `any` means published for a shopper.
    const anyForShopper = z
      .array(ProductSchema)
      .parse((await get(`${apiPaths.products}?status=any&search=${sku}`, shopper.bearer)).json());
    expect(anyForShopper).toEqual([]);
  });

  it('answers 404 for an unknown product and 409 when a variable product with variations is made simple', async () => {
    const missing = await send('PUT', `${apiPaths.products}/987654`, { name: 'Nothing' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('woocommerce_rest_product_invalid_id');

    const variable = await createVariableProduct(t);
    const res = await send('PUT', `${apiPaths.products}/${variable.id}`, {
      type: 'simple',
      regular_price: '10.00',
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('larder_product_has_variations');
  });

  it('refuses attributes its variations no longer fit', async () => {
    const variable = await createVariableProduct(t);
    const res = await send('PUT', `${apiPaths.products}/${variable.id}`, {
      attributes: [{ name: 'Size', options: ['12 oz'] }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data.params?.attributes).toContain('"24 oz" is not one of Size');
  });
});

describe('who sees the wholesale price', () => {
  it('shows it to the owner reading with context=edit and to a wholesale buyer, never to a guest or shopper', async () => {
    const product = await createProduct(t, { regular_price: '12.00', wholesale_price: '7.20' });
    const url = `${apiPaths.products}/${product.id}`;
    const read = async (headers: Headers, query = '') =>
      ProductSchema.parse((await get(`${url}${query}`, headers)).json()).wholesale_price;
    expect(await read(owner.bearer, '?context=edit')).toBe('7.20');
    expect(await read(wholesaleBuyer.bearer)).toBe('7.20');
    expect(await read({})).toBeUndefined();
    expect(await read(shopper.bearer)).toBeUndefined();
    // In the shop an owner is shown what a retail shopper pays.
    expect(await read(owner.bearer)).toBeUndefined();

    const guestEdit = await get(`${url}?context=edit`);
    expect(guestEdit.statusCode).toBe(401);
    const shopperEdit = await get(`${url}?context=edit`, shopper.bearer);
    expect(shopperEdit.statusCode).toBe(403);
    expect(errorOf(shopperEdit).code).toBe('woocommerce_rest_forbidden_context');
  });
});

describe('the owner’s product list (context=edit)', () => {
  it('includes hidden, sold-out and draft products with their wholesale prices', async () => {
    const hidden = await createProduct(t, {
      catalog_visibility: 'hidden',
      wholesale_price: '5.00',
    });
    const soldOut = await createProduct(t, { stock_status: 'outofstock' });
    const draft = await createProduct(t, { status: 'draft' });
    const ids = [hidden.id, soldOut.id, draft.id].join(',');
    const shop = z
      .array(ProductSchema)
      .parse((await get(`${apiPaths.products}?status=any&include=${ids}`, owner.bearer)).json());
    expect(shop.map((product) => product.id)).toEqual([draft.id]);
    const edit = z
      .array(ProductSchema)
      .parse(
        (
          await get(
            `${apiPaths.products}?status=any&context=edit&include=${ids}&orderby=include`,
            owner.bearer,
          )
        ).json(),
      );
    expect(edit.map((product) => product.id)).toEqual([hidden.id, soldOut.id, draft.id]);
    expect(edit[0]!.wholesale_price).toBe('5.00');
  });
});

describe('DELETE /wp-json/wc/v3/products/{id}', () => {
  it('needs force=true, since there is no trash', async () => {
    const product = await createProduct(t);
    const res = await send('DELETE', `${apiPaths.products}/${product.id}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'woocommerce_rest_trash_not_supported',
      data: { params: { force: expect.any(String) } },
    });
    expect(await productsNamed(product.name)).toHaveLength(1);
  });

  it('deletes a product no order names, and refuses one an order names (409)', async () => {
    const unsold = await createProduct(t);
    const res = await send('DELETE', `${apiPaths.products}/${unsold.id}?force=true`);
    expect(res.statusCode).toBe(200);
    expect(ProductSchema.parse(res.json()).id).toBe(unsold.id);
    expect((await get(`${apiPaths.products}/${unsold.id}`)).statusCode).toBe(404);
    expect((await activityFor(unsold.id)).map((entry) => entry.action)).toEqual([
      'product.deleted',
    ]);

    const sold = await createProduct(t);
    await createOrder(t.app, [{ product_id: sold.id, quantity: 1 }]);
    const refused = await send('DELETE', `${apiPaths.products}/${sold.id}?force=true`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('draft or private');
    expect((await get(`${apiPaths.products}/${sold.id}`)).statusCode).toBe(200);
  });
});

describe('/wp-json/wc/v3/products/{id}/variations', () => {
  it('adds a variation the product page offers at once, and refuses options the product lacks', async () => {
    const variable = await createVariableProduct(t);
    await send('PUT', `${apiPaths.products}/${variable.id}`, {
      attributes: [{ name: 'Size', options: ['12 oz', '24 oz', '5 lb'] }],
    });
    const url = `${apiPaths.products}/${variable.id}/variations`;
    const res = await send('POST', url, {
      sku: uniqueName('BULK').replace(' ', '-'),
      regular_price: '55.00',
      wholesale_price: '33.00',
      attributes: [{ name: 'Size', option: '5 lb' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const variation = ProductVariationSchema.parse(res.json());
    expect(variation).toMatchObject({ display_price: 55, wholesale_price: 33 });
    const shown = ProductSchema.parse((await get(`${apiPaths.products}/${variable.id}`)).json());
    expect(shown.variations.map((v) => v.variation_id)).toContain(variation.variation_id);

    const bad = await send('POST', url, {
      regular_price: '5.00',
      attributes: [{ name: 'Size', option: '9 lb' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).data.params).toHaveProperty('attributes[0]');

    const simple = await createProduct(t);
    const toSimple = await send('POST', `${apiPaths.products}/${simple.id}/variations`, {
      regular_price: '5.00',
    });
    expect(toSimple.statusCode).toBe(409);
    expect(errorOf(toSimple).code).toBe('larder_product_not_variable');
  });

  it('edits a variation’s price, which the product’s price follows', async () => {
    const variable = await createVariableProduct(t);
    const [cheap] = variable.variations;
    const url = `${apiPaths.products}/${variable.id}/variations/${cheap!.id}`;
    const res = await send('PUT', url, { regular_price: '9.00', sale_price: '8.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ProductVariationSchema.parse(res.json())).toMatchObject({
      display_price: 8,
      display_regular_price: 9,
    });
    expect(
      ProductSchema.parse((await get(`${apiPaths.products}/${variable.id}`)).json()).price,
    ).toBe('8.00');
    const tooHigh = await send('PUT', url, { sale_price: '9.50' });
    expect(tooHigh.statusCode).toBe(400);
    const elsewhere = await send(
      'PUT',
      `${apiPaths.products}/${variable.id}/variations/${cheap!.id + 100_000}`,
      { regular_price: '9.00' },
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere).code).toBe('woocommerce_rest_product_variation_invalid_id');
    expect((await activityFor(variable.id)).map((entry) => entry.action)).toEqual([
      'product.variation_updated',
    ]);
  });

  it('deletes a variation with force=true, but never the last one of a published product', async () => {
    const variable = await createVariableProduct(t);
    const [first, second] = variable.variations;
    const base = `${apiPaths.products}/${variable.id}/variations`;
    expect((await send('DELETE', `${base}/${first!.id}`)).statusCode).toBe(400);
    const res = await send('DELETE', `${base}/${first!.id}?force=true`);
    expect(res.statusCode).toBe(200);
    const last = await send('DELETE', `${base}/${second!.id}?force=true`);
    expect(last.statusCode).toBe(409);
    expect(errorOf(last).code).toBe('larder_last_variation');
    const shown = ProductSchema.parse((await get(`${apiPaths.products}/${variable.id}`)).json());
    expect(shown.variations.map((v) => v.variation_id)).toEqual([second!.id]);
  });
});

describe('the activity log', () => {
  it('lists each product write for its product', async () => {
    const product = await created(aProduct());
    await send('PUT', `${apiPaths.products}/${product.id}`, { regular_price: '11.00' });
    const res = await get(
      `${apiPaths.activityLog}?subject_type=product&subject_id=${product.id}`,
      owner.bearer,
    );
    const entries = z.array(ActivityEntrySchema).parse(res.json());
    expect(entries.map((entry) => entry.action)).toEqual(['product.updated', 'product.created']);
  });
});
