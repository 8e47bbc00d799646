import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.ts';

describe('parseQueryString', () => {
  it('takes the last value of a repeated parameter, as WordPress does', () => {
    expect(parseQueryString('per_page=2&page=1&per_page=5')).toEqual({ per_page: '5', page: '1' });
  });

  it('joins a name[] list with commas', () => {
    expect(parseQueryString('include[]=3&include[]=1')).toEqual({ include: '3,1' });
    expect(parseQueryString('include=9&include%5B%5D=4')).toEqual({ include: '4' });
  });

  it('decodes values and keeps an empty one', () => {
    expect(parseQueryString('search=oat+milk%21&_embed')).toEqual({
      search: 'oat milk!',
      _embed: '',
    });
  });

  it('keeps a name called __proto__ as an ordinary key', () => {
    const query = parseQueryString('__proto__=x&page=2');
    expect(query.page).toBe('2');
    expect(Object.getPrototypeOf(query)).toBeNull();
  });
});
