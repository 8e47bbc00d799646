import { describe, expect, it } from 'vitest';
import { ILL_FORMED_MESSAGE, NUL_MESSAGE, unstorableText } from './nul-guard.ts';

describe('unstorableText', () => {
  it('names the top-level parameter holding a lone surrogate in a query or path value', () => {
    expect(unstorableText({ search: 'oat\ud800s', page: '1' })).toEqual({
      param: 'search',
      message: ILL_FORMED_MESSAGE,
    });
    expect(unstorableText({ id: '\udfff' })).toEqual({ param: 'id', message: ILL_FORMED_MESSAGE });
    expect(unstorableText({ 'tag[]': ['bread', 'x\ud83d'] })).toEqual({
      param: 'tag[]',
      message: ILL_FORMED_MESSAGE,
    });
  });

  it('finds one in a nested value or a key, and a NUL as before', () => {
    expect(unstorableText({ billing: { address: { city: '\ud800' } } })).toMatchObject({
      param: 'billing',
    });
    expect(unstorableText({ ['k\udc00']: 1 })).toEqual({
      param: 'k\udc00',
      message: ILL_FORMED_MESSAGE,
    });
    expect(unstorableText({ name: 'a\u0000b' })).toEqual({ param: 'name', message: NUL_MESSAGE });
  });

  it('lets well-formed text through, emoji and all', () => {
    expect(unstorableText({ name: 'Oat 🥣 שלום', rating: 5, tags: ['a', null] })).toBeUndefined();
  });
});
