import type { APIRequestContext } from '@playwright/test';
import type { Page as ContentPage, Post, Product } from '@larder/contract';
import { apiPaths } from '@larder/contract';

/** Reads the seeded shop through its public API, so tests follow the data instead of copying it. */
export function shopApi(request: APIRequestContext) {
  async function json<T>(url: string): Promise<T> {
    const response = await request.get(url);
    if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}`);
    return (await response.json()) as T;
  }
  return {
    async page(slug: string) {
      const [page] = await json<ContentPage[]>(`${apiPaths.pages}?slug=${slug}`);
      if (!page) throw new Error(`No page ${slug}`);
      return page;
    },
    products: () =>
      json<Product[]>(
        `${apiPaths.products}?per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock`,
      ),
    posts: () => json<Post[]>(`${apiPaths.posts}?per_page=100`),
  };
}

/** The heading a content page shows: its hero title, else its own title. */
export function pageHeading(page: ContentPage) {
  return decodeEntities(page.acf.header_title || page.title.rendered);
}

export function decodeEntities(html: string) {
  return html
    .replace(/&#8217;|&rsquo;/g, '’')
    .replace(/&#8216;|&lsquo;/g, '‘')
    .replace(/&#8220;|&ldquo;/g, '“')
    .replace(/&#8221;|&rdquo;/g, '”')
    .replace(/&#8211;|&ndash;/g, '–')
    .replace(/&#8212;|&mdash;/g, '—')
    .replace(/&amp;/g, '&')
    .replace(/&#039;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}
