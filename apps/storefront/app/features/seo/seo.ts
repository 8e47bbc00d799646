import type { MetaDescriptor } from 'react-router';
import type { ShopIdentity } from '@larder/contract';
import { pageTitle, truncateAtWord } from '../../lib/text.ts';

/** The parts of React Router's `MetaArgs` the helper reads; every route's `meta` args fit it. */
export interface SeoArgs {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

export interface SeoInput {
  /** The page's own title; `undefined` means the loader threw (a 404 page). */
  title: string | undefined;
  description?: string | undefined;
  /** Image for social cards; relative URLs are made absolute with the public origin. */
  image?: string | null | undefined;
  type?: 'website' | 'article' | 'product';
  /** Query parameters that change what the page shows (the shop's filters); all others are dropped from the canonical URL. */
  canonicalParams?: readonly string[];
  /** Structured data, one `<script type="application/ld+json">` each. */
  jsonLd?: object | readonly object[] | null;
  /** Pages that are not for search engines (cart, account). */
  noindex?: boolean;
}

/** Search engines cut meta descriptions near 160 characters. */
const DESCRIPTION_LIMIT = 160;

const rootSiteConfig = (matches: SeoArgs['matches']) =>
  (
    matches.find((match) => match?.id === 'root')?.data as
      { siteConfig?: { publicUrl?: string; shop?: ShopIdentity } } | undefined
  )?.siteConfig;

/** The shop's identity from the root loader (`siteConfig.shop`, the server's SHOP_* settings). */
export function siteShop(matches: SeoArgs['matches']): ShopIdentity | undefined {
  return rootSiteConfig(matches)?.shop;
}

/** Public origin from the root loader (`siteConfig.publicUrl`), without a trailing slash. */
export function siteOrigin(matches: SeoArgs['matches']): string {
  return (rootSiteConfig(matches)?.publicUrl ?? '').replace(/\/+$/, '');
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Canonical URL: origin + path, keeping only the listed parameters, in a stable order. */
export function canonicalUrl(
  origin: string,
  pathname: string,
  search = '',
  keep: readonly string[] = [],
): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/';
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...keep].sort()) {
    const value = given.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return `${origin}${path}${query ? `?${query}` : ''}`;
}

/** One helper for every route's `meta`: title, description, canonical, Open Graph, Twitter card and JSON-LD. */
export function seoMeta(args: SeoArgs, input: SeoInput): MetaDescriptor[] {
  const origin = siteOrigin(args.matches);
  const shopName = siteShop(args.matches)?.name ?? '';
  const fullTitle = pageTitle(input.title ?? 'Page not found', shopName);
  const tags: MetaDescriptor[] = [{ title: fullTitle }];
  const description = input.description ? truncateAtWord(input.description, DESCRIPTION_LIMIT) : '';
  if (description) tags.push({ name: 'description', content: description });

  // A 404 has no canonical address and is not indexed.
  if (input.title === undefined || input.noindex) {
    tags.push({ name: 'robots', content: 'noindex' });
    if (input.title === undefined) return tags;
  }

  const url = canonicalUrl(
    origin,
    args.location.pathname,
    args.location.search,
    input.canonicalParams,
  );
  const image = input.image ? absoluteUrl(origin, input.image) : null;
  tags.push(
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: shopName },
    { property: 'og:title', content: input.title },
    {
      property: 'og:type',
      content:
        input.type === 'article' ? 'article' : input.type === 'product' ? 'product' : 'website',
    },
    { property: 'og:url', content: url },
  );
  if (description) tags.push({ property: 'og:description', content: description });
  if (image) tags.push({ property: 'og:image', content: image });
  tags.push({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' });
  tags.push({ name: 'twitter:title', content: input.title });
  if (description) tags.push({ name: 'twitter:description', content: description });
  if (image) tags.push({ name: 'twitter:image', content: image });

  const blocks = input.jsonLd ? (Array.isArray(input.jsonLd) ? input.jsonLd : [input.jsonLd]) : [];
  for (const block of blocks as object[]) tags.push({ 'script:ld+json': block });
  return tags;
}

/** What every page built on a WordPress page loads: its chrome (hero) and its content summary. */
interface PageLoaderData {
  chrome: { headerTitle: string; headerImage: { src: string } | null };
  page: { summary: string };
}

/**
 * `meta` for a route whose loader returns a page's chrome and content: the hero title, the
 * summary and the header image, plus whatever the route adds (JSON-LD, noindex, canonical params).
 */
export function pageSeoMeta(
  args: SeoArgs & { loaderData?: PageLoaderData | undefined },
  extra: Omit<SeoInput, 'title'> = {},
): MetaDescriptor[] {
  const data = args.loaderData;
  return seoMeta(args, {
    title: data?.chrome.headerTitle,
    description: data?.page.summary,
    image: data?.chrome.headerImage?.src,
    ...extra,
  });
}
