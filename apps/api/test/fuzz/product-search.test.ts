import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, apiPaths } from '@larder/contract';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { SCRIPT_PAYLOADS } from './hostile-values.ts';

/**
 * The product search reaches PostgreSQL's text-search parser (websearch_to_tsquery) and a LIKE
 * pattern: whatever a shopper types, the answer is a list (200) or a named refusal (400), never a
 * 5xx. FUZZ_RUNS searches: small in `npm test`, 10,000 in `npm run fuzz`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Words mixed with websearch and tsquery syntax, LIKE wildcards and escapes. */
const searchText = fc.oneof(
  fc.string({ maxLength: 220 }),
  fc.stringMatching(/^[a-zA-Z &|!:*()<>"'\-\\%_]{0,220}$/),
  fc
    .array(
      fc.constantFrom(
        'maple',
        'cocoa',
        'nut-free',
        'free',
        'or',
        '-',
        '"',
        '&',
        '|',
        '!',
        ':*',
        '<->',
        '(',
        ')',
        '\\',
        '%',
        '_',
        "'",
        ...SCRIPT_PAYLOADS,
      ),
      { maxLength: 40 },
    )
    .map((words) => words.join(' ')),
);

describe('GET /products?search= with hostile text', () => {
  it('answers 200 with a list, or 400 naming the parameter, never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        searchText,
        fc.constantFrom('relevance', 'menu_order', 'title'),
        async (search, orderby) => {
          const res = await t.app.inject({
            url: `${apiPaths.products}?search=${encodeURIComponent(search)}&orderby=${orderby}`,
          });
          if (res.statusCode === 200) {
            expect(Array.isArray(res.json())).toBe(true);
            return;
          }
          expect(res.statusCode, res.body).toBe(400);
          expect(Object.keys(ApiErrorSchema.parse(res.json()).data.params ?? {})).not.toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
