import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap.ts';

const page = (slug: string) => ({ slug, modified_gmt: '2026-03-01T10:00:00' });

describe('sitemapEntries', () => {
  it('lists public pages at their storefront paths, then products and posts, with lastmod', () => {
    const entries = sitemapEntries({
      pages: [
        'about',
        'home',
        'privacy-policy',
        'cart',
        'checkout',
        'my-account',
        'order-history',
        'page-not-found',
        'login',
      ].map(page),
      products: [{ slug: 'honey-oat', date_modified_gmt: '2026-02-01T00:00:00' }],
      posts: [{ slug: 'apple-crisp', modified_gmt: '2026-01-01T00:00:00' }],
    });
    expect(entries.map((entry) => entry.path)).toEqual([
      '/',
      '/about',
      '/privacy-policy',
      '/product/honey-oat',
      '/blog/apple-crisp',
    ]);
    expect(entries[3]?.lastmod).toBe('2026-02-01T00:00:00Z');
  });
});

describe('sitemapXml', () => {
  it('writes absolute, escaped locations', () => {
    const xml = sitemapXml('https://larder.example', [
      { path: '/a&b', lastmod: '2026-01-01T00:00:00Z' },
    ]);
    expect(xml).toContain(
      '<loc>https://larder.example/a&amp;b</loc><lastmod>2026-01-01T00:00:00Z</lastmod>',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of cart, checkout and account pages and names the sitemap', () => {
    const robots = robotsTxt('https://larder.example');
    expect(robots).toContain('Disallow: /cart\n');
    expect(robots).toContain('Disallow: /checkout\n');
    expect(robots).toContain('Disallow: /my-account\n');
    expect(robots).not.toContain('Disallow: /shop');
    expect(robots).toContain('Sitemap: https://larder.example/sitemap.xml');
  });
});
