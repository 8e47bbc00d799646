import { describe, expect, it } from 'vitest';
import routes from './routes.ts';

describe('route table (spec §2)', () => {
  it('lists the spec routes in the spec order', () => {
    const paths = routes
      .filter((entry) => entry.path !== 'blog/minority-business-enterprise-certification')
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
    expect(account?.children?.map((child) => child.path)).toEqual(['order-history', 'account-details']);
  });

  it('redirects the old blog address of the certification page before the blog post route', () => {
    const paths = routes.map((entry) => entry.path);
    const redirect = paths.indexOf('blog/minority-business-enterprise-certification');
    expect(redirect).toBeGreaterThan(paths.indexOf('blog'));
    expect(redirect).toBeLessThan(paths.indexOf('blog/:slug'));
  });

  it('gives every route a unique id', () => {
    const ids = routes.flatMap((entry) => [entry.id ?? entry.file, ...(entry.children ?? []).map((c) => c.id ?? c.file)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
