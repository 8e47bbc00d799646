import type { ImageRef, Page } from '@larder/contract';
import { useMatches } from 'react-router';
import { decodeEntities } from '../../lib/text.ts';

/** Spec §2 Hero area: the page-chrome state a route's data decides. */
export interface PageChrome {
  largeHeader: boolean;
  headerImage: ImageRef | null;
  hideHeader: boolean;
  headerTitle: string;
  isHome: boolean;
  hideFooter: boolean;
  /** Home only: the deck and button under the title. */
  deck: string;
  button: { title: string; url: string } | null;
  /** The back office: it draws its own frame instead of the shop's header and footer. */
  backOffice?: boolean;
}

/** Spec §2: large header defaults to true, title to empty. */
export const DEFAULT_CHROME: PageChrome = {
  largeHeader: true,
  headerImage: null,
  hideHeader: false,
  headerTitle: '',
  isHome: false,
  hideFooter: false,
  deck: '',
  button: null,
};

export function chromeFromPage(page: Page, overrides: Partial<PageChrome> = {}): PageChrome {
  const { acf } = page;
  return {
    ...DEFAULT_CHROME,
    largeHeader: acf.large_header,
    headerImage: acf.header_image,
    hideHeader: acf.hide_header,
    hideFooter: acf.hide_footer,
    headerTitle: decodeEntities(acf.header_title || page.title.rendered),
    deck: acf.header_deck,
    button: acf.header_button,
    ...overrides,
  };
}

export function simpleChrome(title: string, overrides: Partial<PageChrome> = {}): PageChrome {
  return { ...DEFAULT_CHROME, largeHeader: false, headerTitle: title, ...overrides };
}

function chromeOf(data: unknown): PageChrome | undefined {
  if (data && typeof data === 'object' && 'chrome' in data)
    return (data as { chrome: PageChrome }).chrome;
  return undefined;
}

/**
 * The chrome of the deepest matched route that has one, read from loader data rather than set from
 * effects, so server and client render the same header. `null` means the leaf route failed (its
 * error boundary draws its own hero).
 */
export function usePageChrome(): PageChrome | null {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  if (leaf && leaf.id !== 'root' && leaf.loaderData === undefined) return null;
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const chrome = chromeOf(matches[index]?.loaderData);
    if (chrome) return chrome;
  }
  return DEFAULT_CHROME;
}
