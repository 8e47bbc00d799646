import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 3986 percent-encoding, as OAuth 1.0a (RFC 5849 §3.6) and PHP's rawurlencode do it. */
export const encodeRfc3986 = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export type OAuthSignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256';
export const OAUTH_SIGNATURE_METHODS: readonly string[] = ['HMAC-SHA1', 'HMAC-SHA256'];

export interface SignedRequest {
  method: string;
  /** `scheme://host[:port]/path` as the client addressed it, path still percent-encoded. */
  baseUrl: string;
  /** Every parameter sent (query and OAuth header), decoded, in order, oauth_signature left out. */
  params: ReadonlyArray<readonly [string, string]>;
}

/** RFC 5849 §3.4.1: what the official client (oauth-1.0a) signs. */
export function rfcBaseString({ method, baseUrl, params }: SignedRequest): string {
  const encoded = params.map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)]);
  encoded.sort(([a = '', x = ''], [b = '', y = '']) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
  const normalized = encoded.map(([name, value]) => `${name}=${value}`).join('&');
  return [method.toUpperCase(), encodeRfc3986(baseUrl), encodeRfc3986(normalized)].join('&');
}

/**
 * What WooCommerce's server signs (WC_REST_Authentication::check_oauth_signature): PHP's reading of
 * the query (a repeated name's last value), sorted by name, each name and value encoded once and
 * joined with an encoded `=` and `&`. It differs from RFC 5849 only for values with reserved
 * characters; clients written against WooCommerce sign this way.
 */
export function wooCommerceBaseString({ method, baseUrl, params }: SignedRequest): string {
  const lastValues = new Map<string, string>();
  for (const [name, value] of params) lastValues.set(name, value);
  const names = [...lastValues.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const normalized = names
    .map((name) => `${encodeRfc3986(name)}%3D${encodeRfc3986(lastValues.get(name) ?? '')}`)
    .join('%26');
  return `${method.toUpperCase()}&${encodeRfc3986(baseUrl)}&${normalized}`;
}

export function oauthSignature(
  baseString: string,
  consumerSecret: string,
  method: OAuthSignatureMethod,
): string {
  // One-legged OAuth: no token, so the signing key is the encoded secret and an empty token secret.
  const algorithm = method === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  return createHmac(algorithm, `${encodeRfc3986(consumerSecret)}&`)
    .update(baseString)
    .digest('base64');
}

/** Compares without telling by its timing how much of a guess was right. */
export function sameSecret(a: string, b: string): boolean {
  const left = createHmac('sha256', 'compare').update(a).digest();
  const right = createHmac('sha256', 'compare').update(b).digest();
  return timingSafeEqual(left, right);
}

/** `Authorization: OAuth oauth_consumer_key="…", …` as name/value pairs, decoded; realm left out. */
export function oauthHeaderParams(header: string): Array<[string, string]> {
  if (!/^OAuth\s/i.test(header)) return [];
  const params: Array<[string, string]> = [];
  for (const match of header.matchAll(/(oauth_[a-z_-]*)=(?:"([^"]*)"|([^,\s]*))/gi)) {
    const raw = match[2] ?? match[3] ?? '';
    try {
      params.push([match[1]!, decodeURIComponent(raw)]);
    } catch {
      params.push([match[1]!, raw]);
    }
  }
  return params;
}
