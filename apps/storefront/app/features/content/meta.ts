import type { MetaDescriptor } from 'react-router';
import { pageTitle } from '../../lib/text.ts';

/** Title and description for a route's `meta`; `undefined` data means the loader threw (a 404). */
export function pageMeta(title: string | undefined, description?: string): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: pageTitle(title ?? 'Page not found') }];
  if (description) tags.push({ name: 'description', content: description });
  if (title === undefined) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
