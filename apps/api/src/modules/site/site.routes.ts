import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, SiteIndexSchema, type SiteIndex } from '@larder/contract';

export interface SiteRoutesOptions {
  publicUrl: string;
  /** The shop's name and tagline, as WordPress's `name` and `description`. */
  shop: { name: string; tagline: string };
}

/** WordPress's REST index. It never changes while the process runs, so it is built once. */
export const siteRoutes: FastifyPluginAsyncZod<SiteRoutesOptions> = async (
  app,
  { publicUrl, shop },
) => {
  const index: SiteIndex = {
    name: shop.name,
    description: shop.tagline,
    url: publicUrl,
    home: publicUrl,
    namespaces: ['wp/v2', 'wc/v3'],
  };
  app.get(
    apiPaths.index,
    {
      schema: {
        tags: ['site'],
        summary: 'The REST index: site name and namespaces',
        response: { 200: SiteIndexSchema },
      },
    },
    async () => index,
  );
};
