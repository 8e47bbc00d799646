import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request had arrived whole. */
  at: number;
}

/** A webhook receiver on loopback, as an owner's integration runs one: answers 200 to each POST. */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const waiting: { match: (hook: ReceivedHook) => boolean; resolve(hook: ReceivedHook): void }[] =
    [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.end('ok');
      const hook = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      received.push(hook);
      for (const waiter of waiting.filter((entry) => entry.match(hook))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(hook);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/larder-orders`,
    /** The first delivery of `topic` that `match` accepts, received already or later. */
    waitFor(topic: string, match: (body: Record<string, unknown>) => boolean = () => true) {
      const accepts = (hook: ReceivedHook) =>
        hook.headers['x-wc-webhook-topic'] === topic &&
        match(JSON.parse(hook.body) as Record<string, unknown>);
      const already = received.find(accepts);
      if (already) return Promise.resolve(already);
      return new Promise<ReceivedHook>((resolve) => waiting.push({ match: accepts, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
