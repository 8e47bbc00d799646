import { SITE_NAME } from './text.ts';

/**
 * The brand's public facts, shown in the footer and given to search engines. They match the API's
 * seed (apps/api/seed/data/brand.ts), which the storefront may not import.
 */
export const BRAND = {
  name: SITE_NAME,
  logoPath: '/favicon.svg',
  address: {
    street: '318 Hunt Street',
    suite: 'Suite 104',
    city: 'Durham',
    state: 'NC',
    postcode: '27701',
    country: 'US',
  },
  phone: '(919) 555-0142',
  phoneHref: 'tel:+19195550142',
  email: 'hello@larderandoat.com',
  social: [
    { network: 'Facebook', href: 'https://www.facebook.com/' },
    { network: 'Instagram', href: 'https://www.instagram.com/' },
    { network: 'X', href: 'https://x.com/' },
    { network: 'LinkedIn', href: 'https://www.linkedin.com/' },
  ],
} as const;
