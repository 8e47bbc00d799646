import { Link } from 'react-router';
import type { ShopIdentity } from '@larder/contract';
import { BRAND, telHref } from '../../lib/brand.ts';
import { CERTIFICATION_LINK, FOOTER_COLUMNS } from './nav-links.ts';
import { NewsletterForm } from '../newsletter/newsletter-form.tsx';
import { SiteLogo } from '../../components/layout/site-logo.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';

/** Spec §2 Footer. Hidden under 1200 px by CSS (spec §9) and by the page's hide_footer flag (in root). */
export function SiteFooter({
  newsletterSignupUrl,
  shop,
}: {
  newsletterSignupUrl: string;
  /** The server's SHOP_* settings, from the root loader. */
  shop: ShopIdentity;
}) {
  const { address } = shop;
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
          <address className="site-footer__address">
            <span>{address.street}</span>
            {address.suite ? <span>{address.suite}</span> : null}
            <span>
              {address.city}, {address.state} {address.postcode}
            </span>
            {shop.phone ? <a href={telHref(shop.phone)}>{shop.phone}</a> : null}
          </address>
        </div>

        <div className="site-footer__newsletter">
          <h2 className="site-footer__heading">Sign Up to Our Newsletter</h2>
          <p>Subscribe to receive monthly recipes, deals, and the latest from the brand!</p>
          <ButtonLink
            to={newsletterSignupUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="newsletter-subscribe"
          >
            Subscribe<span className="visually-hidden"> (opens in a new tab)</span>
          </ButtonLink>
          <NewsletterForm />
          <ul className="social-links" aria-label="Social media">
            {BRAND.social.map(({ network, href }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={network}
                  className="social-links__link"
                >
                  {/* Drawn by CSS from /icons/social-*.svg: the footer shows on wide screens only. */}
                  <span
                    className={`social-links__icon social-links__icon--${network.toLowerCase()}`}
                    aria-hidden="true"
                  />
                </a>
              </li>
            ))}
          </ul>
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
