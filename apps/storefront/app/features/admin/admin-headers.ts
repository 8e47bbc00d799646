import type { HeadersFunction, MetaDescriptor } from 'react-router';

/** Owner pages carry customers' names and addresses: kept by no cache and no browser history. */
export const adminHeaders: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** Every back-office page's title, and never in search results. */
export function adminMeta(title: string, shopName = ''): MetaDescriptor[] {
  return [
    { title: [title, 'Back office', shopName].filter(Boolean).join(' · ') },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The root route's shop name, for titles (the root loader reads it from the server's settings). */
export function shopNameOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === 'root')?.data as
    { siteConfig?: { shop?: { name?: string } } } | undefined;
  return root?.siteConfig?.shop?.name ?? '';
}
