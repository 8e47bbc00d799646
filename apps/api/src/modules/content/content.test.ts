import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiErrorSchema,
  LocationSchema,
  PageSchema,
  PostCategorySchema,
  PostSchema,
  TeamMemberSchema,
} from '@larder/contract';
import { pages, posts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
async function list<T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>[]> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(schema).parse(res.json());
}

const storefrontRoutes = [
  'home',
  'about',
  'wholesale',
  'where-to-buy',
  'contact',
  'privacy-policy',
  'terms-and-conditions',
  'shipping-policy',
  'minority-business-enterprise-certification',
  'shop',
  'cart',
  'checkout',
  'login',
  'sign-up',
  'forgot-password',
  'reset-password',
  'my-account',
  'order-history',
  'account-details',
  'blog',
  'order-received',
  'page-not-found',
];

describe('GET /wp-json/wp/v2/pages', () => {
  it('has a page with hero data for every storefront route', async () => {
    const all = await list('/wp-json/wp/v2/pages?per_page=100', PageSchema);
    const slugs = all.map((page) => page.slug);
    for (const slug of storefrontRoutes) expect(slugs).toContain(slug);
    for (const page of all) {
      expect(page.title.rendered.length).toBeGreaterThan(0);
      expect(page.content.rendered.length).toBeGreaterThan(40);
      expect(page.acf.header_image?.src).toMatch(/^\/wp-content\/uploads\/.+\.svg$/);
    }
  });

  it('gives the home page a large header with title, deck and button', async () => {
    const [home] = await list('/wp-json/wp/v2/pages?slug=home', PageSchema);
    expect(home?.acf).toMatchObject({
      large_header: true,
      header_title: expect.any(String),
      header_deck: expect.any(String),
      header_button: { title: expect.any(String), url: '/shop' },
    });
    expect(home?.link).toBe('http://shop.test/');
  });

  it('paginates with X-WP-Total, X-WP-TotalPages and Link', async () => {
    const res = await get('/wp-json/wp/v2/pages?per_page=10&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-wp-total']).toBe(String(storefrontRoutes.length));
    expect(res.headers['x-wp-totalpages']).toBe('3');
    expect(res.headers.link).toContain('rel="prev"');
    expect(res.headers.link).toContain('rel="next"');
  });

  it('answers a page past the end with 400 rest_post_invalid_page_number', async () => {
    const res = await get('/wp-json/wp/v2/pages?per_page=100&page=2');
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'rest_post_invalid_page_number',
    });
  });

  it('answers an unknown slug with 404 rest_post_invalid_slug and an unknown id with 404 rest_post_invalid_id', async () => {
    const slug = await get('/wp-json/wp/v2/pages?slug=no-such-page');
    expect(slug.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(slug.json())).toMatchObject({
      code: 'rest_post_invalid_slug',
      data: { status: 404 },
    });
    const id = await get('/wp-json/wp/v2/pages/9999');
    expect(id.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(id.json())).toMatchObject({
      code: 'rest_post_invalid_id',
      data: { status: 404 },
    });
  });

  it('returns one page by id', async () => {
    const res = await get('/wp-json/wp/v2/pages/1?_embed');
    expect(res.statusCode).toBe(200);
    const page = PageSchema.parse(res.json());
    expect(page._embedded?.author?.[0]?.name).toBe('Maya Okafor');
  });
});

describe('GET /wp-json/wp/v2/posts', () => {
  it('lists at least six posts, newest first, with author and featured image', async () => {
    const all = await list('/wp-json/wp/v2/posts?per_page=100', PostSchema);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const dates = all.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of all) {
      expect(post.author_info.name.length).toBeGreaterThan(0);
      expect(post.featured_image?.src).toMatch(/^\/wp-content\/uploads\//);
      expect(post.categories.length).toBeGreaterThan(0);
      expect(post._embedded).toBeUndefined();
    }
  });

  it('embeds author and featured media as arrays with _embed', async () => {
    const [post] = await list('/wp-json/wp/v2/posts?per_page=1&_embed', PostSchema);
    expect(post?._embedded?.author).toHaveLength(1);
    expect(post?._embedded?.['wp:featuredmedia']?.[0]).toMatchObject({
      id: post?.featured_media,
      media_type: 'image',
      mime_type: 'image/svg+xml',
    });
    const onlyAuthor = await list('/wp-json/wp/v2/posts?per_page=1&_embed=author', PostSchema);
    expect(onlyAuthor[0]?._embedded?.['wp:featuredmedia']).toBeUndefined();
  });

  it('ends every recipe post with links to the products it uses, each a published product', async () => {
    const categories = await list('/wp-json/wp/v2/categories?slug=recipes', PostCategorySchema);
    const recipes = await list(`/wp-json/wp/v2/posts?categories=${categories[0]?.id}`, PostSchema);
    expect(recipes.length).toBeGreaterThan(0);
    for (const post of recipes) {
      expect(post.content.rendered).toContain('<h2>Shop the recipe</h2>');
      const slugs = [...post.content.rendered.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map(
        (match) => match[1],
      );
      expect(slugs.length, post.slug).toBeGreaterThan(0);
      for (const slug of slugs) {
        const response = await get(`/wp-json/wc/v3/products?slug=${slug}&status=publish`);
        expect(response.json(), `${post.slug} links to ${slug}`).toHaveLength(1);
      }
    }
  });

  it('filters by category and finds a post by slug', async () => {
    const categories = await list('/wp-json/wp/v2/categories?slug=recipes', PostCategorySchema);
    const recipes = await list(`/wp-json/wp/v2/posts?categories=${categories[0]?.id}`, PostSchema);
    expect(recipes.length).toBe(categories[0]?.count);
    const [post] = await list('/wp-json/wp/v2/posts?slug=how-we-bake-big-clusters', PostSchema);
    expect(post?.link).toBe('http://shop.test/blog/how-we-bake-big-clusters');
    const missing = await get('/wp-json/wp/v2/posts/4242');
    expect(missing.statusCode).toBe(404);
  });

  it('sanitises hostile HTML before serving it', async () => {
    await t.database.db.insert(posts).values({
      slug: 'hostile',
      title: 'Hostile <script>alert(1)</script>post',
      content:
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">link</a></p><script>alert(2)</script><style>body{}</style>' +
        '<img src="/x.png" alt="ok" width="10" height="10" onerror="alert(3)"><iframe src="https://evil.test"></iframe>',
      excerpt: '<p>fine</p><script>alert(4)</script>',
      authorId: 1,
    });
    await t.database.db.insert(pages).values({
      slug: 'hostile-page',
      title: 'Hostile page',
      content:
        '<div><img src=x onerror=alert(5)><a href="https://ok.test" target="_blank">ok</a></div>',
      hero: {
        header_title: '',
        header_deck: '',
        header_button: null,
        large_header: false,
        hide_header: false,
        hide_footer: false,
      },
    });
    const [post] = await list('/wp-json/wp/v2/posts?slug=hostile', PostSchema);
    const html = `${post?.title.rendered} ${post?.content.rendered} ${post?.excerpt.rendered}`;
    for (const bad of [
      '<script',
      'alert(',
      'onclick',
      'onerror',
      'javascript:',
      '<style',
      '<iframe',
    ]) {
      expect(html).not.toContain(bad);
    }
    expect(post?.content.rendered).toContain(
      '<img src="/x.png" alt="ok" width="10" height="10" />',
    );
    const [page] = await list('/wp-json/wp/v2/pages?slug=hostile-page', PageSchema);
    expect(page?.content.rendered).not.toContain('onerror');
    expect(page?.content.rendered).toContain('rel="noopener noreferrer"');
  });
});

describe('GET /wp-json/wp/v2/team', () => {
  it('lists four team members by menu_order ascending with embedded photos', async () => {
    const team = await list(
      '/wp-json/wp/v2/team?_embed&orderby=menu_order&order=asc',
      TeamMemberSchema,
    );
    expect(team).toHaveLength(4);
    expect(team.map((member) => member.menu_order)).toEqual([1, 2, 3, 4]);
    for (const member of team) {
      expect(member.acf.role.length).toBeGreaterThan(0);
      expect(member.acf.short_bio.length).toBeGreaterThan(0);
      expect(member._embedded?.['wp:featuredmedia']?.[0]?.source_url).toMatch(
        /^\/wp-content\/uploads\/team-/,
      );
    }
    const one = await get(`/wp-json/wp/v2/team/${team[0]?.id}`);
    expect(TeamMemberSchema.parse(one.json()).id).toBe(team[0]?.id);
    expect((await get('/wp-json/wp/v2/team/999')).statusCode).toBe(404);
  });
});

describe('GET /wp-json/wp/v2/locations', () => {
  it('lists at least eight store locations with coordinates', async () => {
    const locations = await list('/wp-json/wp/v2/locations?_embed&per_page=100', LocationSchema);
    expect(locations.length).toBeGreaterThanOrEqual(8);
    for (const location of locations) {
      expect(location.acf.latitude).toBeGreaterThan(24);
      expect(location.acf.longitude).toBeLessThan(-66);
      expect(location.acf.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    }
    const one = await get(`/wp-json/wp/v2/locations/${locations[0]?.id}`);
    expect(LocationSchema.parse(one.json()).slug).toBe(locations[0]?.slug);
    expect((await get('/wp-json/wp/v2/locations/999')).statusCode).toBe(404);
  });
});

describe('GET /wp-json/wp/v2/categories', () => {
  it('lists post categories with counts', async () => {
    const categories = await list('/wp-json/wp/v2/categories', PostCategorySchema);
    expect(categories.map((category) => category.slug).sort()).toEqual([
      'behind-the-bake',
      'news',
      'recipes',
    ]);
    const one = await get(`/wp-json/wp/v2/categories/${categories[0]?.id}`);
    expect(PostCategorySchema.parse(one.json()).id).toBe(categories[0]?.id);
    const missing = await get('/wp-json/wp/v2/categories/999');
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(missing.json()).data.status).toBe(404);
  });
});
