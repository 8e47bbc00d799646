import type { FastifyPluginAsync } from 'fastify';
import { imageType, type Uploads } from './uploads.ts';

/**
 * `GET /wp-content/uploads/<file>`, streamed from wherever it is kept, to anyone: every file has
 * a content-hashed or shipped name, so it is cached for a year (a CDN in front keeps it too).
 */
export const uploadsRoutes: FastifyPluginAsync<{ uploads: Uploads }> = async (app, { uploads }) => {
  app.get('/wp-content/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    const type = imageType(file);
    const opened = type ? await uploads.open(file) : undefined;
    if (!opened) return reply.callNotFound();
    return reply
      .header('content-type', type)
      .header('content-length', String(opened.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(opened.body);
  });
};
