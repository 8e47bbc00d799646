export interface NavItem {
  to: string;
  label: string;
  /** Spec §2: Home, Shop, About and Contact highlight on exact match; the rest on prefix match. */
  end: boolean;
}

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/shop', label: 'Shop', end: true },
  { to: '/about', label: 'About', end: true },
  { to: '/where-to-buy', label: 'Locations', end: false },
  { to: '/wholesale', label: 'Wholesale', end: false },
  { to: '/blog', label: 'Blog', end: false },
  { to: '/contact', label: 'Contact', end: true },
];

/** Spec §2 Footer: the internal links, in two columns. */
export const FOOTER_COLUMNS: readonly {
  heading: string;
  links: readonly { to: string; label: string }[];
}[] = [
  {
    heading: 'Shop',
    links: [
      { to: '/', label: 'Home' },
      { to: '/shop', label: 'Shop' },
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/wholesale', label: 'Wholesale' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-and-conditions', label: 'Terms Of Service' },
      { to: '/shipping-policy', label: 'Shipping Policy' },
    ],
  },
];

export const CERTIFICATION_PATH = '/minority-business-enterprise-certification';
/** Spec §2: the header and footer links reach the certification page through its old blog address. */
export const CERTIFICATION_LINK = '/blog/minority-business-enterprise-certification';
