import type { Page } from '@larder/contract';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loader } from './content-page.tsx';
import { demoShop } from '../test/shop.ts';

const seeded = (slug: string, title: string): Page =>
  ({
    slug,
    title: { rendered: title },
    content: { rendered: `<h1>${title}</h1><p>Body of ${slug}</p>`, protected: false },
    excerpt: { rendered: '', protected: false },
    acf: {
      header_title: '',
      header_deck: '',
      header_button: null,
      header_image: null,
      large_header: false,
      hide_header: false,
      hide_footer: false,
    },
  }) as unknown as Page;

const pages = [
  seeded('wholesale', 'Wholesale'),
  seeded('order-received', 'Thank You'),
  seeded('page-not-found', 'Page Not Found'),
];

const context = {
  cspNonce: 'n',
  siteConfig: {
    newsletterSignupUrl: 'https://example.com',
    publicUrl: 'http://shop.test',
    analytics: null,
    shop: demoShop,
  },
  async apiFetch(path: string) {
    const slug = new URL(path, 'http://shop.test').searchParams.get('slug');
    return Response.json(pages.filter((page) => page.slug === slug));
  },
} satisfies AppLoadContext;

type Args = Parameters<typeof loader>[0];
const run = (pattern: string, params: Record<string, string> = {}) =>
  loader({
    context,
    params,
    pattern,
    request: new Request(`http://shop.test${pattern}`),
    url: new URL(`http://shop.test${pattern}`),
  } as unknown as Args);

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as {
      data: { heading: string; page: { html: string } | null };
      init: { status: number };
    };
  }
  throw new Error('expected the loader to throw');
}

describe('content page loader', () => {
  it('loads the page named by the route and demotes body h1s (one h1 per page)', async () => {
    const data = await run('/wholesale');
    expect(data.page.slug).toBe('wholesale');
    expect(data.chrome.headerTitle).toBe('Wholesale');
    expect(data.page.html).toBe('<h2>Wholesale</h2><p>Body of wholesale</p>');
  });

  it('uses the static part of a route with an id', async () => {
    expect((await run('/order-received/:id', { id: '1001' })).page.slug).toBe('order-received');
  });

  it('answers 404 with the page-not-found content for an unknown slug', async () => {
    const error = await thrown(run('/:slug', { slug: 'no-such-page' }));
    expect(error.init.status).toBe(404);
    expect(error.data.heading).toBe('Page Not Found');
    expect(error.data.page?.html).toContain('Body of page-not-found');
  });

  it('answers 404 for any nested unknown path', async () => {
    expect((await thrown(run('/*', { '*': 'no/such/place' }))).init.status).toBe(404);
  });
});
