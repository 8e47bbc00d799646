import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { AccountMenu } from '../account/account-menu.tsx';
import { CartButton } from '../cart/cart-button.tsx';
import { isHeaderSticky } from './header-opacity.ts';
import { HeaderSearch } from './header-search.tsx';
import { CERTIFICATION_LINK, MAIN_NAV } from './nav-links.ts';
import { useHeaderOpacity } from './use-header-opacity.ts';
import { useBrowserLayoutEffect } from '../../lib/use-browser-layout-effect.ts';
import { MenuIcon } from '../../components/layout/icons.tsx';
import { SiteLogo } from '../../components/layout/site-logo.tsx';

const MOBILE_MENU_ID = 'mobile-menu';
// Loaded when the pointer or focus reaches the toggle (mounted closed, so it slides in on the click),
// or at the first open: a visitor who never opens the menu never downloads it.
const MobileMenu = lazy(() => import('./mobile-menu.tsx'));

/** Spec §2 Header. `overlay` lays it over the hero; without a hero it is a solid bar. */
export function SiteHeader({ overlay, shopName }: { overlay: boolean; shopName: string }) {
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const wantMenu = useCallback(() => setMenuWanted(true), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const opacity = useHeaderOpacity();
  const sticky = isHeaderSticky(opacity);

  useBrowserLayoutEffect(() => {
    // A CSSOM write rather than a style attribute, so a strict CSP (no 'unsafe-inline' styles) allows it.
    headerRef.current?.style.setProperty('--header-opacity', String(opacity));
  }, [opacity]);

  const className = [
    'site-header',
    overlay ? 'site-header--overlay' : 'site-header--solid',
    sticky ? 'site-header--sticky' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <header ref={headerRef} className={className} data-testid="site-header" data-sticky={sticky}>
        <div className="top-bar">
          <div className="container top-bar__inner">
            <p className="top-bar__note">Small-batch granola, baked weekly</p>
            <Link to={CERTIFICATION_LINK} className="top-bar__badge">
              Certified minority-owned<span className="top-bar__badge-end"> business</span>
            </Link>
            <AccountMenu />
          </div>
        </div>
        <div className="container main-bar">
          <button
            ref={toggleRef}
            type="button"
            className="icon-button menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuWanted ? MOBILE_MENU_ID : undefined}
            aria-label="Menu"
            data-testid="mobile-menu-toggle"
            onPointerEnter={wantMenu}
            onFocus={wantMenu}
            onClick={() => {
              wantMenu();
              setMenuOpen((open) => !open);
            }}
          >
            <MenuIcon />
          </button>
          <Link to="/" className="brand-link" aria-label={`${shopName}, home`}>
            <SiteLogo />
          </Link>
          <nav aria-label="Main" className="main-nav" data-testid="main-nav">
            <ul>
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className="main-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <HeaderSearch />
          <CartButton />
        </div>
      </header>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={menuOpen}
            onClose={closeMenu}
            toggleRef={toggleRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
