import type { Params } from 'react-router';

/**
 * Which seeded page a content-page route shows, from its matched pattern: `/wholesale` → wholesale,
 * `/my-account/order-history` → order-history, `/order-received/:id` → order-received, `/:slug` → the
 * slug. The `*` fallback has none: nested unknown paths are always a 404 (spec §2).
 */
export function contentSlugFor(pattern: string, params: Params): string | null {
  if (pattern.endsWith('*')) return null;
  const segments = pattern.split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  if (last === ':slug') return params.slug ?? null;
  const lastStatic = segments.filter((segment) => !segment.startsWith(':')).pop();
  return lastStatic ?? null;
}
