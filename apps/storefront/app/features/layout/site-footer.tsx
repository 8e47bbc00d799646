import { Link } from 'react-router';
import type { ShopIdentity } from '@larder/contract';
import { CERTIFICATION_LINK, FOOTER_COLUMNS } from './nav-links.ts';
import { NewsletterInvite, ShopAddress, SocialLinks } from './shop-details.tsx';
import { SiteLogo } from '../../components/layout/site-logo.tsx';

/**
 * Spec §2 Footer. Hidden under 1200 px by CSS (spec §9), where the mobile menu carries its policy
 * links and details instead, and by the page's hide_footer flag (in root).
 */
export function SiteFooter({
  newsletterSignupUrl,
  shop,
}: {
  newsletterSignupUrl: string;
  /** The server's SHOP_* settings, from the root loader. */
  shop: ShopIdentity;
}) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" aria-label={`${shop.name}, home`} className="brand-link">
            <SiteLogo />
          </Link>
          <p className="site-footer__tagline">
            Slow-toasted granola from our kitchen to your breakfast table.
          </p>
          <Link
            to={CERTIFICATION_LINK}
            className="site-footer__badge"
            aria-label="Certified minority business enterprise"
          >
            {/* A minority-supplier seal (spec §2 Footer): an image file, not markup every page hydrates. */}
            <img
              src="/icons/mbe-badge.svg"
              alt=""
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
            />
          </Link>
        </div>

        {FOOTER_COLUMNS.map((column) => (
          <nav
            key={column.heading}
            aria-label={`Footer ${column.heading}`}
            className="site-footer__column"
          >
            <h2 className="site-footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div className="site-footer__column">
          <h2 className="site-footer__heading">Visit the bakery</h2>
          <ShopAddress shop={shop} className="site-footer__address" />
        </div>

        <div className="site-footer__newsletter">
          <h2 className="site-footer__heading">Sign Up to Our Newsletter</h2>
          <NewsletterInvite
            newsletterSignupUrl={newsletterSignupUrl}
            subscribeTestId="newsletter-subscribe"
          />
          <SocialLinks />
        </div>
      </div>
      <div className="site-footer__legal">
        <div className="container site-footer__legal-inner">
          <p>
            © {year} {shop.name}. All rights reserved.
          </p>
          <p>
            Website by <span className="site-footer__credit">Hearth &amp; Field Design Studio</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
