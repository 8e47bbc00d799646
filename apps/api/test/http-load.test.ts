import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnections, send } from '../../../scripts/http-load.mjs';

/** The bench's client against a real HTTP server that answers in the ways the client must read. */
describe("the bench's HTTP client (scripts/http-load.mjs)", () => {
  const seen: { method: string; url: string; body: string; socket: unknown }[] = [];
  const large = 'x'.repeat(700_000);
  const server = http.createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    seen.push({ method: request.method!, url: request.url!, body, socket: request.socket });
    if (request.url === '/large') return response.end(large);
    if (request.url?.startsWith('/held')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return response.end('held');
    }
    if (request.url === '/missing') {
      response.statusCode = 404;
      return response.end('{"code":"rest_no_route"}');
    }
    if (request.url === '/streamed') {
      // No length given: node:http sends it chunked.
      response.write('part one');
      return response.end('part two');
    }
    if (request.url === '/slow-head') {
      // The status line and headers arrive in pieces, then the body.
      const socket = response.socket!;
      socket.write('HTTP/1.1 200 OK\r\nconte');
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.write('nt-length: 5\r\n\r');
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.write('\nhello');
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ method: request.method, url: request.url, body }));
  });
  let base = '';

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    closeConnections();
    server.close();
  });

  it('sends the method, path, query, headers and body, and returns the text when asked', async () => {
    const text = await send(`${base}/orders?page=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"quantity":2}',
      answer: true,
    });
    expect(JSON.parse(text)).toEqual({
      method: 'POST',
      url: '/orders?page=2',
      body: '{"quantity":2}',
    });
    // Without `answer`, only that all of it arrived.
    expect(await send(`${base}/ping`)).toBe('');
  });

  it('reads an answer larger than its read buffer to the end, on a connection it keeps', async () => {
    expect(await send(`${base}/large`, { answer: true })).toBe(large);
    const before = seen.length;
    await send(`${base}/a`);
    await send(`${base}/b`);
    // One after the other: the second goes over the connection the first left idle.
    expect(seen[before]!.socket).toBe(seen[before + 1]!.socket);
  });

  it('keeps many requests in flight at once, each on its own connection', async () => {
    const texts = await Promise.all(
      Array.from({ length: 20 }, (_, index) => send(`${base}/n${index}`, { answer: true })),
    );
    expect(texts.map((text) => JSON.parse(text).url)).toEqual(
      Array.from({ length: 20 }, (_, index) => `/n${index}`),
    );
  });

  it('opens at most 512 connections: further requests wait for one to be free', async () => {
    const before = seen.length;
    const texts = await Promise.all(
      Array.from({ length: 600 }, (_, index) => send(`${base}/held${index}`, { answer: true })),
    );
    expect(texts.every((text) => text === 'held')).toBe(true);
    const sockets = new Set(seen.slice(before).map((request) => request.socket));
    expect(sockets.size).toBe(512);
  });

  it('reads headers that arrive in pieces', async () => {
    expect(await send(`${base}/slow-head`, { answer: true })).toBe('hello');
  });

  it("rejects an error status with the shop's message", async () => {
    await expect(send(`${base}/missing`)).rejects.toThrow(
      `GET ${base}/missing: 404 {"code":"rest_no_route"}`,
    );
  });

  it('rejects an answer without Content-Length instead of guessing where it ends', async () => {
    await expect(send(`${base}/streamed`)).rejects.toThrow(
      'an answer without Content-Length: HTTP/1.1 200 OK',
    );
    // The connection it gave up is not used again.
    expect(await send(`${base}/after`, { answer: true })).toContain('/after');
  });
});
