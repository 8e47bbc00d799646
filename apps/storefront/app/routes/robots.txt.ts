import type { Route } from './+types/robots.txt';
import { robotsTxt } from '../features/seo/sitemap.ts';

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.siteConfig.publicUrl.replace(/\/+$/, '')), {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    },
  });
}
