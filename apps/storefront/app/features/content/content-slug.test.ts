import { describe, expect, it } from 'vitest';
import { contentSlugFor } from './content-slug.ts';

describe('contentSlugFor', () => {
  it('uses the last static segment of the matched route', () => {
    expect(contentSlugFor('/wholesale', {})).toBe('wholesale');
    expect(contentSlugFor('/my-account/order-history', {})).toBe('order-history');
    expect(contentSlugFor('/order-received/:id', { id: '42' })).toBe('order-received');
  });

  it('uses the slug parameter for the generic route', () => {
    expect(contentSlugFor('/:slug', { slug: 'privacy-policy' })).toBe('privacy-policy');
  });

  it('has no page for the catch-all route', () => {
    expect(contentSlugFor('/*', { '*': 'a/b' })).toBeNull();
  });
});
