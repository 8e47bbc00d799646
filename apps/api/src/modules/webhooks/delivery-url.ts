import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a delivery may not reach: this machine, its networks, and what is not unicast. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  return family === 0 || PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or loopback address.`);
  }
}

/** The addresses a host name stands for ([] when it cannot be resolved now). */
export async function resolveHost(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  return new Promise((resolve) =>
    dnsLookup(bare, { all: true }, (error, addresses: LookupAddress[]) =>
      resolve(error ? [] : addresses.map((entry) => entry.address)),
    ),
  );
}

/**
 * The connection's own lookup refuses private addresses: the check and the connection use one
 * answer, so a name that resolves elsewhere at delivery time (DNS rebinding) is still refused.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new PrivateAddressError(hostname, refused.address), '', 0);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
};

export interface PostResult {
  /** null when no answer came (refused, unreachable, timed out). */
  status: number | null;
  /** The answer's first characters, or why there was none. */
  body: string;
  durationMs: number;
}

/** What is kept of a receiver's answer. */
export const RESPONSE_EXCERPT_CHARS = 1000;

/**
 * One POST, redirects not followed (a 301/302 counts as WooCommerce counts it), answered within
 * `timeoutMs` or taken as failed.
 */
export function postOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const started = performance.now();
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const bare = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(bare) && isPrivateAddress(bare)) {
      resolve({ status: null, body: new PrivateAddressError(bare, bare).message, durationMs: 0 });
      return;
    }
    const outgoing = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_EXCERPT_CHARS * 4) chunks.push(chunk);
          kept += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? null,
            body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS),
            durationMs: elapsed(),
          }),
        );
        response.on('error', (error) =>
          resolve({
            status: response.statusCode ?? null,
            body: error.message,
            durationMs: elapsed(),
          }),
        );
      },
    );
    outgoing.on('error', (error) =>
      resolve({
        status: null,
        body:
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? `No answer within ${options.timeoutMs / 1000} s.`
            : error.message,
        durationMs: elapsed(),
      }),
    );
    outgoing.end(body);
  });
}
