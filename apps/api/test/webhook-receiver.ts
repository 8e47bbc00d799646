import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback: records each POST and answers with the next queued status
 * (200 once the queue is empty). `waitFor` resolves when a matching request has arrived.
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const statuses: number[] = [];
  const waiting: Array<{
    match: (hook: ReceivedHook) => boolean;
    resolve(hook: ReceivedHook): void;
  }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hook = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(hook);
      response.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/plain' });
      response.end('thanks');
      for (const waiter of waiting.filter((entry) => entry.match(hook))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(hook);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Statuses for the next answers, in order. */
    answer(...codes: number[]) {
      statuses.push(...codes);
    },
    waitFor(match: (hook: ReceivedHook) => boolean): Promise<ReceivedHook> {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** Deliveries of one topic to this receiver. */
export const topicIs = (topic: string) => (hook: ReceivedHook) =>
  hook.headers['x-wc-webhook-topic'] === topic;
