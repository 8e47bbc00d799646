import { describe, expect, it } from 'vitest';
import { replyHref } from './message-labels.ts';

describe('replyHref', () => {
  it('addresses the writer with the shop named in the subject', () => {
    const href = new URL(replyHref('ola.writer@example.com', 'Larder & Oat'));
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('ola.writer@example.com');
    expect(href.searchParams.get('subject')).toBe('Re: your message to Larder & Oat');
  });

  it('keeps an address with ? or & from adding fields of its own to the link', () => {
    const href = new URL(replyHref('odd?cc=spy@example.com', 'Larder & Oat'));
    expect(href.searchParams.get('cc')).toBeNull();
    expect(decodeURIComponent(href.pathname)).toBe('odd?cc=spy@example.com');
  });
});
