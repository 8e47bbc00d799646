import type { ShopIdentity } from '@larder/contract';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, NavLink, useRouteLoaderData } from 'react-router';
import { MobileAccountLinks } from '../account/mobile-account-links.tsx';
import { FOOTER_COLUMNS, MAIN_NAV } from './nav-links.ts';
import { NewsletterInvite, ShopAddress, SocialLinks } from './shop-details.tsx';
import { CloseIcon } from '../../components/layout/icons.tsx';
import { SiteLogo } from '../../components/layout/site-logo.tsx';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Focus returns here when the menu closes by keyboard. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/** What the root loader gives every page: the server's SHOP_* settings and the newsletter page. */
interface RootSiteData {
  siteConfig: { shop: ShopIdentity; newsletterSignupUrl: string };
}

/** The footer's links the main navigation does not hold: the policy pages. */
const POLICY_LINKS = FOOTER_COLUMNS.flatMap((column) => column.links).filter(
  (link) => !MAIN_NAV.some((item) => item.to === link.to),
);

/** What a keyboard can reach inside the open panel. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea';

/** Keeps Tab inside the panel: past its last control lies the page behind the overlay. */
function wrapFocus(event: KeyboardEvent, panel: HTMLElement | null) {
  if (!panel) return;
  // Controls shown only on some widths (the footer's details under 1200 px) have no boxes when hidden.
  const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Slide-in menu under 1400 px (spec §2/§9): overlay click, Escape or a link click closes it. Under
 * 1200 px, where the footer is hidden, it also carries the footer's policy links, contact details,
 * newsletter sign-up and social links (issue 14).
 */
export default function MobileMenu({ id, open, onClose, toggleRef }: MobileMenuProps) {
  // Read here, in the menu's own chunk, so the header on every page's first load stays as it was.
  const site = useRouteLoaderData<RootSiteData>('root')?.siteConfig;
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    document.documentElement.classList.add('is-scroll-locked');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') wrapFocus(event, panelRef.current);
      if (event.key !== 'Escape') return;
      onClose();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.documentElement.classList.remove('is-scroll-locked');
    };
  }, [open, onClose, toggleRef]);

  return (
    <>
      <div
        className="mobile-menu__overlay"
        data-open={open}
        data-testid="mobile-menu-overlay"
        onClick={onClose}
        aria-hidden="true"
      />
      {/* A landmark, so the logo and account buttons belong to one (axe: region). */}
      <aside
        id={id}
        ref={panelRef}
        aria-label="Site menu"
        className="mobile-menu"
        data-open={open}
        data-testid="mobile-menu"
        inert={!open}
        aria-hidden={!open}
      >
        <div className="mobile-menu__head">
          <SiteLogo tone="dark" />
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label="Close navigation"
          >
            <CloseIcon />
          </button>
        </div>
        {/* Named like the desktop nav: only one of the two is ever visible (1400 px breakpoint). */}
        <nav aria-label="Main">
          <ul className="mobile-menu__list">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className="mobile-menu__link"
                  onClick={onClose}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <MobileAccountLinks onNavigate={onClose} />
        {site ? (
          <MenuFooterDetails
            id={id}
            onClose={onClose}
            shop={site.shop}
            newsletterSignupUrl={site.newsletterSignupUrl}
          />
        ) : null}
      </aside>
    </>
  );
}

/** Under 1200 px (CSS), where the footer is hidden: its policy links and details (issue 14). */
function MenuFooterDetails({
  id,
  onClose,
  shop,
  newsletterSignupUrl,
}: {
  id: string;
  onClose: () => void;
  shop: ShopIdentity;
  newsletterSignupUrl: string;
}) {
  return (
    <div className="mobile-menu__more" data-testid="mobile-menu-more">
      <nav aria-label="Policies" className="mobile-menu__section">
        <h2 className="mobile-menu__heading">Policies</h2>
        <ul className="mobile-menu__plain-list">
          {POLICY_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={onClose}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby={`${id}-contact`} className="mobile-menu__section">
        <h2 id={`${id}-contact`} className="mobile-menu__heading">
          Visit the bakery
        </h2>
        <ShopAddress shop={shop} withEmail className="mobile-menu__address" />
      </section>
      <section
        aria-labelledby={`${id}-newsletter`}
        className="mobile-menu__section mobile-menu__newsletter"
      >
        <h2 id={`${id}-newsletter`} className="mobile-menu__heading">
          Sign Up to Our Newsletter
        </h2>
        <NewsletterInvite newsletterSignupUrl={newsletterSignupUrl} />
        <SocialLinks />
      </section>
    </div>
  );
}
