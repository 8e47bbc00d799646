import { isoDate } from './structured-data.ts';

/** Pages that exist for shoppers' sessions, not for search engines (spec §2 account, cart and checkout routes). */
export const PRIVATE_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'page-not-found',
  'cart',
  'checkout',
  'login',
  'sign-up',
  'forgot-password',
  'reset-password',
  'my-account',
  'order-history',
  'account-details',
  'order-received',
]);

/** robots.txt keeps crawlers out of these path prefixes. */
export const PRIVATE_PATHS = [
  '/cart',
  '/checkout',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/my-account',
  '/order-received',
  '/admin',
] as const;

export interface SitemapEntry {
  path: string;
  lastmod?: string | undefined;
}

/** A page's storefront address: the home page at `/`, every other page (route page or not) at `/{slug}`. */
export function pagePath(slug: string): string {
  return slug === 'home' ? '/' : `/${slug}`;
}

export function sitemapEntries(input: {
  pages: ReadonlyArray<{ slug: string; modified_gmt: string }>;
  products: ReadonlyArray<{ slug: string; date_modified_gmt: string }>;
  posts: ReadonlyArray<{ slug: string; modified_gmt: string }>;
}): SitemapEntry[] {
  const pages = input.pages
    .filter((page) => !PRIVATE_PAGE_SLUGS.has(page.slug))
    .map((page) => ({ path: pagePath(page.slug), lastmod: isoDate(page.modified_gmt) }))
    .sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : 0));
  const products = input.products.map((product) => ({
    path: `/product/${product.slug}`,
    lastmod: isoDate(product.date_modified_gmt),
  }));
  const posts = input.posts.map((post) => ({
    path: `/blog/${post.slug}`,
    lastmod: isoDate(post.modified_gmt),
  }));
  const seen = new Set<string>();
  return [...pages, ...products, ...posts].filter((entry) =>
    seen.has(entry.path) ? false : (seen.add(entry.path), true),
  );
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  const disallow = PRIVATE_PATHS.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\nAllow: /\n${disallow}\n\nSitemap: ${origin}/sitemap.xml\n`;
}
