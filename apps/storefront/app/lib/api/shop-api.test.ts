import type { Product } from '@larder/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, isNotFound } from './api-error.ts';
import { createShopApi } from './shop-api.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeApi(respond: (url: URL) => Response) {
  const calls: URL[] = [];
  const apiFetch = vi.fn(async (path: string) => {
    const url = new URL(path, 'http://shop.test');
    calls.push(url);
    return respond(url);
  });
  return { api: createShopApi(apiFetch), calls };
}

describe('createShopApi', () => {
  it('asks for the product list with the spec §7 query', async () => {
    const { api, calls } = fakeApi(() => json([]));
    await api.listProducts();
    const query = Object.fromEntries(calls[0]!.searchParams);
    expect(calls[0]!.pathname).toBe('/wp-json/wc/v3/products');
    expect(query).toEqual({
      per_page: '100',
      catalog_visibility: 'visible',
      status: 'publish',
      orderby: 'menu_order',
      order: 'desc',
      stock_status: 'instock',
    });
  });

  it("asks for a page of the customer's orders, 100 a page, and reads how many there are", async () => {
    const { api, calls } = fakeApi(
      () =>
        new Response('[]', {
          headers: {
            'content-type': 'application/json',
            'x-wp-total': '240',
            'x-wp-totalpages': '3',
          },
        }),
    );
    expect(await api.listCustomerOrders(12, 3)).toEqual({ items: [], total: 240, totalPages: 3 });
    expect(calls[0]!.pathname).toBe('/wp-json/wc/v3/orders');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      customer: '12',
      per_page: '100',
      page: '3',
    });
  });

  it('drops hidden products, sorts options by length and variations by price', async () => {
    const product = (id: number, visibility: string) =>
      ({
        id,
        catalog_visibility: visibility,
        attributes: [{ name: 'Size', options: ['5 lb bulk', '12 oz', '2 lb'] }],
        variations: [{ display_price: 26 }, { display_price: 12 }, { display_price: 58 }],
      }) as unknown as Product;
    const { api } = fakeApi(() => json([product(1, 'visible'), product(2, 'hidden')]));
    const [first, ...rest] = await api.listProducts();
    expect(rest).toHaveLength(0);
    expect(first!.attributes[0]!.options).toEqual(['2 lb', '12 oz', '5 lb bulk']);
    expect(first!.variations.map((v) => v.display_price)).toEqual([12, 26, 58]);
  });

  it('asks for team members embedded, by menu order ascending', async () => {
    const { api, calls } = fakeApi(() => json([]));
    await api.listTeam();
    expect(calls[0]!.pathname).toBe('/wp-json/wp/v2/team');
    expect(calls[0]!.searchParams.has('_embed')).toBe(true);
    expect(calls[0]!.searchParams.get('orderby')).toBe('menu_order');
    expect(calls[0]!.searchParams.get('order')).toBe('asc');
  });

  it('answers a 404 ApiError when no page has the slug', async () => {
    const { api, calls } = fakeApi(() => json([]));
    const error = await api.getPageBySlug('nope').catch((caught: unknown) => caught);
    expect(calls[0]!.searchParams.get('slug')).toBe('nope');
    expect(error).toBeInstanceOf(ApiError);
    expect(isNotFound(error)).toBe(true);
  });

  it('answers a 404 when the API refuses the slug itself, and passes other refusals on', async () => {
    const refused = (param: string) =>
      json(
        {
          code: 'rest_invalid_param',
          message: `Invalid parameter(s): ${param}`,
          data: {
            status: 400,
            params: { [param]: 'Text may not contain the NUL character (U+0000).' },
          },
        },
        400,
      );
    const bySlug = fakeApi(() => refused('slug')).api;
    expect(
      isNotFound(await bySlug.getPostBySlug('a\u0000b').catch((error: unknown) => error)),
    ).toBe(true);
    const other = fakeApi(() => refused('status')).api;
    const error = await other.getProductBySlug('granola').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
  });

  it('turns an error body into one ApiError with status, code and message', async () => {
    const { api } = fakeApi(() =>
      json(
        {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): per_page',
          data: { status: 400 },
        },
        400,
      ),
    );
    const error = await api.listPosts().catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
    });
  });

  it('keeps the status when the error body is not the API shape', async () => {
    const { api } = fakeApi(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await api.listLocations().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect(isNotFound(error)).toBe(false);
  });
});
