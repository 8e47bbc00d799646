import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteIndexSchema } from '@larder/contract';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

describe('GET /wp-json/', () => {
  it('names the shop and the namespaces it serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wp-json/' });
    expect(res.statusCode).toBe(200);
    const index = SiteIndexSchema.parse(res.json());
    expect(index.url).toBe('http://shop.test');
    expect(index.namespaces).toEqual(['wp/v2', 'wc/v3']);
  });
});
