import type { Route } from './+types/sitemap.xml';
import { createShopApi } from '../lib/api/index.ts';
import { sitemapEntries, sitemapXml } from '../features/seo/sitemap.ts';

/** Every public page, product and post, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [pages, products, posts] = await Promise.all([
    api.listPages(),
    api.listProducts(),
    api.listPosts(),
  ]);
  const origin = context.siteConfig.publicUrl.replace(/\/+$/, '');
  return new Response(sitemapXml(origin, sitemapEntries({ pages, products, posts })), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
