import type { ShopIdentity } from '@larder/contract';
import { BRAND, telHref } from '../../lib/brand.ts';
import { NewsletterForm } from '../newsletter/newsletter-form.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';

/**
 * What the footer holds, as the mobile menu repeats it under 1200 px, where the footer is hidden
 * (spec §2/§9). Both read the same SHOP_* settings, BRAND and newsletter form. The footer keeps its
 * own markup: drawing it with these components grew every page's first-load JavaScript (the
 * product page is at its 120 KB limit), and this module loads with the menu only.
 */

/** The contact block: street, suite, city/state/zip and phone; the menu adds the email address. */
export function ShopAddress({
  shop,
  withEmail = false,
  className,
}: {
  shop: ShopIdentity;
  withEmail?: boolean;
  className: string;
}) {
  const { address } = shop;
  return (
    <address className={className}>
      <span>{address.street}</span>
      {address.suite ? <span>{address.suite}</span> : null}
      <span>
        {address.city}, {address.state} {address.postcode}
      </span>
      {shop.phone ? <a href={telHref(shop.phone)}>{shop.phone}</a> : null}
      {withEmail && shop.email ? <a href={`mailto:${shop.email}`}>{shop.email}</a> : null}
    </address>
  );
}

/** The newsletter invitation: the external Subscribe page and the shop's own email sign-up. */
export function NewsletterInvite({ newsletterSignupUrl }: { newsletterSignupUrl: string }) {
  return (
    <>
      <p>Subscribe to receive monthly recipes, deals, and the latest from the brand!</p>
      <ButtonLink to={newsletterSignupUrl} target="_blank" rel="noopener noreferrer">
        Subscribe<span className="visually-hidden"> (opens in a new tab)</span>
      </ButtonLink>
      <NewsletterForm />
    </>
  );
}

export function SocialLinks() {
  return (
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
            {/* Drawn by CSS from /icons/social-*.svg: no icon markup for every page to hydrate. */}
            <span
              className={`social-links__icon social-links__icon--${network.toLowerCase()}`}
              aria-hidden="true"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
