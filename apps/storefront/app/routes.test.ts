import { describe, expect, it } from 'vitest';
import routes from './routes.ts';

/**
 * Routes the spec's table does not list: the old certification address, the e-mail change link
 * (decision 0019) and the search-engine files.
 */
const NOT_IN_SPEC_TABLE = new Set([
  'blog/minority-business-enterprise-certification',
  'my-account/confirm-email',
  // The cancel link in a back-in-stock request's confirmation email (issue 14).
  'back-in-stock/cancel',
  'sitemap.xml',
  'robots.txt',
  // The owner's back office (issue 13), not a shop page.
  'admin',
  // A wholesale partner's order form and line sheet (issue 15).
  'wholesale/quick-order',
  'wholesale/line-sheet.pdf',
]);

describe('route table (spec §2)', () => {
  it('lists the spec routes in the spec order', () => {
    const paths = routes
      .filter((entry) => !NOT_IN_SPEC_TABLE.has(entry.path ?? ''))
      .map((entry) => (entry.index ? '' : entry.path));
    expect(paths).toEqual([
      'minority-business-enterprise-certification',
      '',
      'shop',
      'product/:slug',
      'wholesale',
      'about',
      'where-to-buy',
      'cart',
      'checkout',
      'login',
      'sign-up',
      'forgot-password',
      'reset-password',
      'my-account',
      'blog',
      'blog/:slug',
      'contact',
      'order-received/:id',
      ':slug',
      '*',
    ]);
  });

  it('nests order history and account details under my-account', () => {
    const account = routes.find((entry) => entry.path === 'my-account');
    expect(account?.children?.map((child) => child.path)).toEqual([
      'order-history',
      'account-details',
    ]);
  });

  it('redirects the old blog address of the certification page before the blog post route', () => {
    const paths = routes.map((entry) => entry.path);
    const redirect = paths.indexOf('blog/minority-business-enterprise-certification');
    expect(redirect).toBeGreaterThan(paths.indexOf('blog'));
    expect(redirect).toBeLessThan(paths.indexOf('blog/:slug'));
  });

  it('serves the sitemap and robots.txt before the catch-all content page', () => {
    const paths = routes.map((entry) => entry.path);
    expect(paths.indexOf('sitemap.xml')).toBeGreaterThan(-1);
    expect(paths.indexOf('robots.txt')).toBeGreaterThan(-1);
    expect(paths.indexOf('sitemap.xml')).toBeLessThan(paths.indexOf(':slug'));
    expect(paths.indexOf('robots.txt')).toBeLessThan(paths.indexOf(':slug'));
  });

  it('gives every route a unique id', () => {
    const ids = routes.flatMap((entry) => [
      entry.id ?? entry.file,
      ...(entry.children ?? []).map((c) => c.id ?? c.file),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
