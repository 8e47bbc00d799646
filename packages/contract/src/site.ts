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

/**
 * The shop's public identity (the API's SHOP_* settings): given to the storefront's root loader for
 * the footer, the logo's label, page titles and search data, and used in the shop's e-mails.
 */
export interface ShopIdentity {
  name: string;
  tagline: string;
  /** The address customers write to (shown on pages); MAIL_FROM is the sender of e-mail. */
  email: string;
  phone: string;
  address: {
    street: string;
    suite: string;
    city: string;
    state: string;
    postcode: string;
    /** ISO 3166-1 alpha-2, e.g. US. */
    country: string;
  };
}
