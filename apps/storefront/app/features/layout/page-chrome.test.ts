import type { Page } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { chromeFromPage, DEFAULT_CHROME } from './page-chrome.ts';

const page = (acf: Partial<Page['acf']>, title = 'Our Story') =>
  ({
    title: { rendered: title },
    acf: {
      header_title: '',
      header_deck: '',
      header_button: null,
      header_image: null,
      large_header: false,
      hide_header: false,
      hide_footer: false,
      ...acf,
    },
  }) as Page;

describe('page chrome (spec §2 Hero area)', () => {
  it('defaults to a large header with an empty title', () => {
    expect(DEFAULT_CHROME.largeHeader).toBe(true);
    expect(DEFAULT_CHROME.headerTitle).toBe('');
  });

  it('takes the hero title from the header data, else the page title, decoded', () => {
    expect(chromeFromPage(page({ header_title: 'Granola worth getting up for' })).headerTitle).toBe(
      'Granola worth getting up for',
    );
    expect(chromeFromPage(page({}, 'Terms &amp; Conditions')).headerTitle).toBe(
      'Terms & Conditions',
    );
  });

  it('carries the flags the layout reads', () => {
    const chrome = chromeFromPage(
      page({ large_header: true, hide_footer: true, hide_header: true }),
    );
    expect(chrome).toMatchObject({
      largeHeader: true,
      hideFooter: true,
      hideHeader: true,
      isHome: false,
    });
  });
});
