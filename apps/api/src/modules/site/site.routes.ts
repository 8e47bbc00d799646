import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, SiteIndexSchema, type SiteIndex } from '@larder/contract';
import { brand } from '../../../seed/data/brand.ts';

export interface SiteRoutesOptions {
  publicUrl: string;
}

/** WordPress's REST index. It never changes while the process runs, so it is built once. */
export const siteRoutes: FastifyPluginAsyncZod<SiteRoutesOptions> = async (app, { publicUrl }) => {
  const index: SiteIndex = {
    name: brand.name,
    description: brand.tagline,
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
