/**
 * The logo file and social links, the same for every page. Who the shop is (name, address, phone,
 * e-mail) comes from the server's SHOP_* settings through the root loader (`siteConfig.shop`).
 */
export const BRAND = {
  logoPath: '/favicon.svg',
  social: [
    { network: 'Facebook', href: 'https://www.facebook.com/' },
    { network: 'Instagram', href: 'https://www.instagram.com/' },
    { network: 'X', href: 'https://x.com/' },
    { network: 'LinkedIn', href: 'https://www.linkedin.com/' },
  ],
} as const;

/** A phone number as a tel: link: its digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
