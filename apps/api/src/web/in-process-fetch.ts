import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

/** Request headers that carry the visitor's identity to the API; nothing else is forwarded. */
const forwardedHeaders = ['cookie', 'authorization', 'accept-language'] as const;

/** The body as inject takes it: text, or the bytes of an upload (the back office's images). */
function payloadOf(body: RequestInit['body']): string | Buffer | undefined {
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return undefined;
}

/**
 * A fetch-shaped function that answers from the shop API in this process (Fastify inject):
 * SSR loaders get real HTTP semantics without a network round trip.
 */
export function createInProcessFetch(
  app: FastifyInstance,
  incoming: IncomingHttpHeaders,
  clientIp: string,
) {
  const identity: Record<string, string> = {
    // The API sees the visitor's address, not the server's, so per-client limits hold.
    'x-forwarded-for': clientIp,
    // A page is kept under the version read before it was rendered: no answer already out of
    // date (the read cache's stale one, decision 0053) may go into it.
    'cache-control': 'no-cache',
  };
  for (const name of forwardedHeaders) {
    const value = incoming[name];
    if (typeof value === 'string') identity[name] = value;
  }
  // A form posted without JavaScript reaches the API through an SSR action, which React Router
  // runs only for same-origin posts; so the action may echo the XSRF cookie as a script would.
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(identity.cookie ?? '')?.[1];
  if (xsrf) identity['x-xsrf-token'] = decodeURIComponent(xsrf);

  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = { ...identity, ...Object.fromEntries(new Headers(init.headers)) };
    const result = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: payloadOf(init.body),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value])
        responseHeaders.append(name, String(item));
    }
    const hasBody = result.statusCode !== 204 && result.statusCode !== 304;
    return new Response(hasBody ? result.rawPayload : null, {
      status: result.statusCode,
      headers: responseHeaders,
    });
  };
}
