import { createHmac, randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeyCreated, ApiKeyPermissions } from '@larder/contract';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';
import { viewerOf } from '../accounts/accounts.service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { apiKeysRepo, type ApiKeyListRow } from './api-keys.repo.ts';
import {
  OAUTH_SIGNATURE_METHODS,
  oauthHeaderParams,
  oauthSignature,
  rfcBaseString,
  sameSecret,
  wooCommerceBaseString,
  type OAuthSignatureMethod,
} from './oauth-signature.ts';

/** WooCommerce's window for oauth_timestamp, and how long a nonce is remembered. */
export const OAUTH_WINDOW_MS = 15 * 60 * 1000;
/** last_access is written at most this often per key: reads stay free of writes. */
export const LAST_ACCESS_RESOLUTION_MS = 60 * 1000;

/** WooCommerce's wc_api_hash: the consumer key is looked up by this, never stored as issued. */
export const apiKeyHash = (consumerKey: string) =>
  createHmac('sha256', 'wc-api').update(consumerKey).digest('hex');

/** 40 hex characters after the prefix, as WooCommerce's wc_rand_hash gives. */
const newToken = (prefix: 'ck_' | 'cs_') => `${prefix}${randomBytes(20).toString('hex')}`;

/** What the key layer needs of a request, Fastify left out. */
export interface KeyRequest {
  method: string;
  /** https when the request came over TLS, a trusted proxy's X-Forwarded-Proto included. */
  protocol: 'http' | 'https';
  /** The Host the client addressed (with its port). */
  host: string;
  /** The request target as sent: `/path?query`. */
  url: string;
  authorization?: string;
}

const authError = (message: string, code = 'woocommerce_rest_authentication_error') =>
  new ApiError(401, code, message);

const notFound = () => new ApiError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');

const READ_METHODS = new Set(['GET', 'HEAD']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** WooCommerce's check_permissions: a read key only reads, a write key only writes. */
function checkPermissions(permissions: ApiKeyPermissions, method: string): void {
  if (READ_METHODS.has(method) && permissions === 'write')
    throw authError('The API key provided does not have read permissions.');
  if (WRITE_METHODS.has(method) && permissions === 'read')
    throw authError('The API key provided does not have write permissions.');
}

const OAUTH_REQUIRED = [
  'oauth_consumer_key',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
] as const;

export const toApiKey = (row: ApiKeyListRow): ApiKey => ({
  id: row.id,
  user_id: row.customerId,
  user_email: row.userEmail,
  description: row.description,
  permissions: row.permissions,
  truncated_key: row.truncatedKey,
  last_access: row.lastAccess ? row.lastAccess.toISOString().slice(0, 19) : null,
  date_created: row.createdAt.toISOString().slice(0, 19),
});

const describeKey = (row: { description: string; truncatedKey: string; permissions: string }) =>
  `${row.description || 'API key'} (…${row.truncatedKey}, ${row.permissions})`;

export interface ApiKeysServiceOptions {
  activity: ActivityService;
  /** The shop's PUBLIC_URL: the address WooCommerce signs OAuth requests against. */
  publicUrl: string;
  now?: () => Date;
}

/** REST API keys as WooCommerce issues and checks them (decision 0036). */
export function createApiKeysService(db: Database, options: ApiKeysServiceOptions) {
  const now = options.now ?? (() => new Date());
  const publicOrigin = new URL(options.publicUrl).origin;

  /** The key's account as the request's viewer, after the key's own permissions allow the method. */
  async function signIn(
    found: NonNullable<Awaited<ReturnType<typeof apiKeysRepo.findByKeyHash>>>,
    method: string,
  ): Promise<Viewer> {
    checkPermissions(found.key.permissions, method);
    const at = now();
    const last = found.key.lastAccess?.getTime() ?? 0;
    if (at.getTime() - last >= LAST_ACCESS_RESOLUTION_MS)
      await apiKeysRepo.touch(db, found.key.id, at);
    return { ...viewerOf(found.customer), apiKeyId: found.key.id };
  }

  async function basic(consumerKey: string, consumerSecret: string, request: KeyRequest) {
    if (request.protocol !== 'https') {
      // The secret has crossed the network in clear: say so rather than quietly ignore it.
      throw authError(
        'Send the consumer key and secret only over https; over http, sign the request with OAuth 1.0a.',
      );
    }
    const found = await apiKeysRepo.findByKeyHash(db, apiKeyHash(consumerKey));
    if (!found) throw authError('Consumer key is invalid.');
    if (!sameSecret(found.key.consumerSecret, consumerSecret))
      throw authError('Consumer secret is invalid.');
    return signIn(found, request.method);
  }

  async function oauth(params: Array<[string, string]>, request: KeyRequest) {
    const value = (name: string) => params.findLast(([key]) => key === name)?.[1] ?? '';
    const missing = OAUTH_REQUIRED.filter((name) => value(name) === '');
    if (missing.length > 0) {
      throw authError(
        `Missing OAuth parameter(s) ${missing.join(', ')}`,
        'woocommerce_rest_authentication_missing_parameter',
      );
    }
    const found = await apiKeysRepo.findByKeyHash(db, apiKeyHash(value('oauth_consumer_key')));
    if (!found) throw authError('Consumer key is invalid.');

    const signatureMethod = value('oauth_signature_method');
    if (!OAUTH_SIGNATURE_METHODS.includes(signatureMethod))
      throw authError('Invalid signature - signature method is invalid.');
    const path = request.url.split('?')[0] ?? '/';
    const signed = params.filter(([name]) => name !== 'oauth_signature');
    // WooCommerce signs against the shop's own address; a client may have used the one it dialled.
    const origins = new Set([publicOrigin, `${request.protocol}://${request.host}`]);
    const sent = value('oauth_signature');
    const matches = [...origins].some((origin) => {
      const input = { method: request.method, baseUrl: `${origin}${path}`, params: signed };
      return [rfcBaseString(input), wooCommerceBaseString(input)].some((base) =>
        sameSecret(
          oauthSignature(base, found.key.consumerSecret, signatureMethod as OAuthSignatureMethod),
          sent,
        ),
      );
    });
    if (!matches) throw authError('Invalid signature - provided signature does not match.');

    const at = now();
    const timestamp = Number(value('oauth_timestamp')) * 1000;
    if (!Number.isFinite(timestamp) || Math.abs(at.getTime() - timestamp) > OAUTH_WINDOW_MS)
      throw authError('Invalid timestamp.');
    const since = new Date(at.getTime() - OAUTH_WINDOW_MS);
    if (
      !(await apiKeysRepo.useNonce(db, found.key.id, value('oauth_nonce').slice(0, 128), at, since))
    )
      throw authError('Invalid nonce - nonce has already been used.');
    return signIn(found, request.method);
  }

  return {
    /**
     * The viewer a request's key makes, or undefined when it carries none. WooCommerce's order:
     * `consumer_key`/`consumer_secret` in the query, then Basic auth, then OAuth 1.0a.
     */
    async authenticate(request: KeyRequest): Promise<Viewer | undefined> {
      const query = request.url.includes('?')
        ? [...new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1))]
        : [];
      const queryValue = (name: string) => query.findLast(([key]) => key === name)?.[1];
      const queryKey = queryValue('consumer_key');
      const querySecret = queryValue('consumer_secret');
      if (queryKey && querySecret) return basic(queryKey, querySecret, request);

      const authorization = request.authorization?.trim() ?? '';
      if (/^Basic\s/i.test(authorization)) {
        const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon > 0) {
          const [key, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
          if (key.startsWith('ck_') && secret) return basic(key, secret, request);
        }
        return undefined;
      }

      const params: Array<[string, string]> = [...query, ...oauthHeaderParams(authorization)];
      if (!params.some(([name]) => (OAUTH_REQUIRED as readonly string[]).includes(name)))
        return undefined;
      return oauth(params, request);
    },

    async create(
      input: { customerId: number; description: string; permissions: ApiKeyPermissions },
      actor: Viewer,
    ): Promise<ApiKeyCreated> {
      const consumerKey = newToken('ck_');
      const consumerSecret = newToken('cs_');
      return db.transaction(async (tx) => {
        const row = await apiKeysRepo.insert(tx, {
          customerId: input.customerId,
          description: input.description,
          permissions: input.permissions,
          consumerKeyHash: apiKeyHash(consumerKey),
          consumerSecret,
          truncatedKey: consumerKey.slice(-7),
        });
        const listed = await apiKeysRepo.find(tx, row.id);
        await options.activity.record(
          actor,
          {
            action: 'api_key.created',
            subjectType: 'api_key',
            subjectId: row.id,
            summary: `API key created for ${listed!.userEmail}: ${describeKey(row)}`,
          },
          tx,
        );
        return {
          ...toApiKey(listed!),
          consumer_key: consumerKey,
          consumer_secret: consumerSecret,
        };
      });
    },

    list: async (): Promise<ApiKey[]> => (await apiKeysRepo.list(db)).map(toApiKey),

    async revoke(id: number, actor: Viewer): Promise<ApiKey> {
      return db.transaction(async (tx) => {
        const row = await apiKeysRepo.find(tx, id);
        if (!row || !(await apiKeysRepo.remove(tx, id))) throw notFound();
        await options.activity.record(
          actor,
          {
            action: 'api_key.revoked',
            subjectType: 'api_key',
            subjectId: id,
            summary: `API key revoked for ${row.userEmail}: ${describeKey(row)}`,
          },
          tx,
        );
        return toApiKey(row);
      });
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
