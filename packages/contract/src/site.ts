import { z } from 'zod';

/** `GET /wp-json/`: what WordPress's REST index tells a client about the site. */
export const SiteIndexSchema = z.object({
  name: z.string(),
  description: z.string(),
  url: z.string(),
  home: z.string(),
  namespaces: z.array(z.string()),
});
export type SiteIndex = z.infer<typeof SiteIndexSchema>;
