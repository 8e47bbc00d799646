import { expect, test, type Page } from '@playwright/test';
import { decodeEntities, shopApi } from './support/shop-api';

type JsonLd = Record<string, unknown>;

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

async function metaContent(page: Page, selector: string) {
  return page.locator(`head ${selector}`).getAttribute('content');
}

test.describe('structured data', () => {
  test('a product page carries Product JSON-LD that parses and names its price in USD', async ({
    page,
    request,
  }) => {
    const products = await shopApi(request).products();
    const product = products.find((entry) => entry.type === 'variable') ?? products[0]!;
    await page.goto(`/product/${product.slug}`);
    const ld = (await jsonLd(page)).find((block) => block['@type'] === 'Product');
    expect(ld, 'a Product block').toBeDefined();
    expect(ld!.name).toBe(decodeEntities(product.name));
    const offers = ld!.offers as Record<string, unknown>;
    expect(offers.priceCurrency).toBe('USD');
    if (product.type === 'variable') {
      const prices = product.variations.map((variation) => variation.display_price);
      expect(offers['@type']).toBe('AggregateOffer');
      expect(Number(offers.lowPrice)).toBe(Math.min(...prices));
      expect(Number(offers.highPrice)).toBe(Math.max(...prices));
    } else {
      expect(Number(offers.price)).toBe(Number(product.price));
    }
    expect(offers.availability).toBe('https://schema.org/InStock');
    if (product.rating_count > 0) {
      expect(ld!.aggregateRating).toMatchObject({ reviewCount: product.rating_count });
    } else {
      expect(ld!.aggregateRating).toBeUndefined();
    }
  });

  test('the home page describes the organisation', async ({ page }) => {
    await page.goto('/');
    const ld = (await jsonLd(page)).find((block) => block['@type'] === 'Organization');
    expect(ld).toMatchObject({
      name: 'Larder & Oat',
      address: { addressLocality: 'Durham', addressRegion: 'NC' },
    });
    expect(String(ld!.logo)).toMatch(/^https?:\/\//);
    expect((ld!.sameAs as string[]).length).toBeGreaterThan(0);
  });

  test('a post carries BlogPosting JSON-LD with its headline and author', async ({
    page,
    request,
  }) => {
    const [post] = await shopApi(request).posts();
    await page.goto(`/blog/${post!.slug}`);
    const ld = (await jsonLd(page)).find((block) => block['@type'] === 'BlogPosting');
    expect(ld).toMatchObject({
      headline: decodeEntities(post!.title.rendered),
      author: { '@type': 'Person', name: post!.author_info.name },
    });
    expect(Date.parse(String(ld!.datePublished))).not.toBeNaN();
  });

  test('the locations page lists its stores with address and coordinates', async ({ page }) => {
    await page.goto('/where-to-buy?state=SC');
    const ld = (await jsonLd(page)).find((block) => block['@type'] === 'ItemList');
    const items = (ld!.itemListElement as Array<{ item: JsonLd }>).map((entry) => entry.item);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item).toMatchObject({ '@type': 'Store', address: { addressRegion: 'SC' } });
      expect(item.geo).toMatchObject({
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      });
    }
  });
});

test.describe('sharing tags', () => {
  test('the shop has a canonical URL without tracking parameters and Open Graph tags', async ({
    page,
  }) => {
    await page.goto('/shop?utm_source=newsletter&fbclid=abc');
    const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/shop$/);
    expect(await metaContent(page, 'meta[property="og:url"]')).toBe(canonical);
    expect(await metaContent(page, 'meta[property="og:title"]')).toBeTruthy();
    expect(await metaContent(page, 'meta[property="og:site_name"]')).toBe('Larder & Oat');
    expect(await metaContent(page, 'meta[name="twitter:card"]')).toMatch(/^summary/);
  });

  test('a post has its title, description, canonical and an absolute og:image', async ({
    page,
    request,
  }) => {
    const post = (await shopApi(request).posts()).find((entry) => entry.featured_image)!;
    await page.goto(`/blog/${post.slug}?utm_medium=social`);
    const title = decodeEntities(post.title.rendered);
    await expect(page).toHaveTitle(`${title} | Larder & Oat`);
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`/blog/${post.slug}$`),
    );
    expect(await metaContent(page, 'meta[property="og:title"]')).toBe(title);
    expect(await metaContent(page, 'meta[property="og:type"]')).toBe('article');
    expect(await metaContent(page, 'meta[name="description"]')).toBeTruthy();
    expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(
      /^https?:\/\/.+\/wp-content\/uploads\//,
    );
  });

  test('an unknown page is not indexed', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    expect(await metaContent(page, 'meta[name="robots"]')).toBe('noindex');
  });
});

test.describe('sitemap and robots.txt', () => {
  test('the sitemap lists products, posts and public pages, and no cart or account pages', async ({
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    const api = shopApi(request);
    const [product] = await api.products();
    const [post] = await api.posts();
    expect(locs).toContain(`/product/${product!.slug}`);
    expect(locs).toContain(`/blog/${post!.slug}`);
    expect(locs).toContain('/privacy-policy');
    expect(locs).toContain('/');
    expect(locs).toContain('/shop');
    for (const hidden of [
      '/cart',
      '/checkout',
      '/login',
      '/my-account',
      '/order-history',
      '/page-not-found',
    ]) {
      expect(locs).not.toContain(hidden);
    }
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:]+Z<\/lastmod>/);
  });

  test('robots.txt keeps crawlers out of the cart and names the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/cart$/m);
    expect(text).toMatch(/^Disallow: \/checkout$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});
