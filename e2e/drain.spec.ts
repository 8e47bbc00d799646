import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startBuiltServer, type StartedServer } from '../scripts/lib.mjs';
import { freePort } from './support/built-server';

// A balancer stops sending a process requests once its /readyz fails; until it has noticed, the
// process must still answer (decision 0013). The built server, signalled as a deployment would.
const DRAIN_MS = 4000;

let shop: StartedServer;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'larder-e2e-drain-'));
  shop = await startBuiltServer({
    port: await freePort(),
    // Its own embedded database, whatever the run uses.
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'false',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    },
  });
});
test.afterAll(async () => {
  if (shop?.process.exitCode === null) await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A POST whose body is sent in two parts, so the request is still in flight between them. */
function slowPost(url: string) {
  const body = JSON.stringify({ email: 'drain@example.com' });
  const request = httpRequest(`${url}/wp-json/wp/v2/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return {
    finish() {
      request.end(body.slice(10));
      return answer;
    },
  };
}

test('on SIGTERM the shop fails /readyz at once, answers in-flight and new requests a while, then exits', async () => {
  expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
  const inFlight = slowPost(shop.url);
  // The request has reached the shop before the signal does.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const exited = new Promise<number | null>((resolve) => shop.process.once('exit', resolve));
  shop.process.kill('SIGTERM');

  await expect
    .poll(async () => (await fetch(`${shop.url}/readyz`)).status, { timeout: DRAIN_MS })
    .toBe(503);
  const notReady = await fetch(`${shop.url}/readyz`);
  expect(await notReady.json()).toMatchObject({
    code: 'shutting_down',
    data: { status: 503 },
  });

  // Still serving while the balancer notices: the request in flight, and a new one.
  expect(await inFlight.finish()).toMatchObject({ status: 201, connection: 'close' });
  const fresh = await fetch(`${shop.url}/wp-json/`);
  expect(fresh.status).toBe(200);
  expect(fresh.headers.get('connection')).toBe('close');

  expect(await exited).toBe(0);
  await expect(fetch(`${shop.url}/healthz`)).rejects.toThrow();
});
