import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeysService } from './api-keys.service.ts';

/**
 * REST API keys as WooCommerce takes them, after the session sign-in: a request that already has a
 * session keeps it, as WordPress's cookie sign-in comes before WooCommerce's keys. Over https the key
 * and secret come as Basic auth or `consumer_key`/`consumer_secret`; over http, an OAuth 1.0a
 * signature. `request.protocol` believes X-Forwarded-Proto only from the proxies TRUST_PROXY names.
 */
export function registerApiKeySignIn(app: FastifyInstance, apiKeys: ApiKeysService): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.viewer || !request.url.startsWith('/wp-json/')) return;
    const viewer = await apiKeys.authenticate({
      method: request.method,
      protocol: request.protocol === 'https' ? 'https' : 'http',
      host: request.host,
      url: request.url,
      authorization: request.headers.authorization,
    });
    if (viewer) request.viewer = viewer;
  });
}
