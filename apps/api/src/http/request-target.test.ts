import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@larder/contract';
import { signedInCustomer, type Session } from '../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { originFormTarget } from './request-target.ts';

let t: TestApp;
let port: number;
let customer: Session;
beforeAll(async () => {
  t = await buildTestApp();
  customer = await signedInCustomer(t.app, t.database.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request written byte for byte, as curl's --request-target sends it; no client rewrites it. */
function rawGet(target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const lines = [
    `GET ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: parsed,
        body: rest.join('\r\n\r\n'),
      });
    });
  });
}

describe('originFormTarget', () => {
  it('keeps the path and query of an absolute-form target and drops its scheme and host', () => {
    expect(originFormTarget('http://evil.example/wp-json/?a=1')).toBe('/wp-json/?a=1');
    expect(originFormTarget('https://evil.example?a=1')).toBe('/?a=1');
    expect(originFormTarget('http://evil.example')).toBe('/');
    expect(originFormTarget('/shop?q=http://x')).toBe('/shop?q=http://x');
  });
});

describe('requests in absolute form (GET http://host/path)', () => {
  const reviews = `${apiPaths.productReviews}?per_page=5`;

  it('build the Link header from PUBLIC_URL, and the cached copy keeps it', async () => {
    const response = await rawGet(`http://evil.example${reviews}`);
    expect(response.status).toBe(200);
    expect(response.headers.link).toBe(`<${t.config.publicUrl}${reviews}&page=2>; rel="next"`);

    const next = await t.app.inject({ method: 'GET', url: reviews });
    expect(next.headers.link).toBe(`<${t.config.publicUrl}${reviews}&page=2>; rel="next"`);
  });

  it('answer a NUL in the query with 400, as in origin form', async () => {
    const response = await rawGet(`http://evil.example${apiPaths.products}?search=a%00b`);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'rest_invalid_param' });
  });

  it('are signed in by the session cookie', async () => {
    const response = await rawGet(`http://evil.example${apiPaths.customers}/${customer.id}`, {
      Cookie: customer.browser().cookie!,
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ id: customer.id, email: customer.email });
  });
});
