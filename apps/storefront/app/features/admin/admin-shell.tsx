import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { SiteLogo } from '../../components/layout/site-logo.tsx';
import { ADMIN_SCREENS } from './admin-screens.ts';
import './admin.css';

function AdminNavLinks({ withShopLink = false }: { withShopLink?: boolean }) {
  return (
    <ul className="admin-nav__list">
      {ADMIN_SCREENS.map((screen) => (
        <li key={screen.to}>
          <NavLink to={screen.to} end={screen.end} className="admin-nav__link">
            {screen.label}
          </NavLink>
        </li>
      ))}
      {/* On a phone the bar has no room for it: the shop is the menu's last entry. */}
      {withShopLink ? (
        <li>
          <Link to="/" reloadDocument className="admin-nav__link">
            View shop
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The back office's frame: a sidebar on wide screens, a disclosure menu on narrow ones (a native
 * `<details>`, so it opens before hydration and with the keyboard).
 */
export function AdminShell({
  ownerName,
  shopName,
  children,
}: {
  ownerName: string;
  shopName: string;
  children: ReactNode;
}) {
  // The phone's menu lies over the page: once a screen is chosen it closes, or it would hide it.
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <div className="admin">
      <a href="#admin-main" className="skip-link">
        Skip to main content
      </a>
      <header className="admin-bar">
        <Link to="/admin" className="admin-bar__brand" aria-label={`${shopName} back office`}>
          <SiteLogo tone="light" />
          <span className="admin-bar__tag">Back office</span>
        </Link>
        <details className="admin-menu" ref={menu}>
          <summary className="admin-menu__toggle">Menu</summary>
          <nav aria-label="Back office" className="admin-nav admin-nav--compact">
            <AdminNavLinks withShopLink />
          </nav>
        </details>
        <div className="admin-bar__who">
          <span className="admin-bar__owner">{ownerName}</span>
          <Link to="/" className="admin-bar__shop" reloadDocument>
            View shop
          </Link>
        </div>
      </header>
      <div className="admin-body">
        <nav aria-label="Back office" className="admin-nav admin-nav--sidebar">
          <AdminNavLinks />
        </nav>
        <main id="admin-main" tabIndex={-1} className="admin-main">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The page's heading row: title, an optional line under it, and actions on the right. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="admin-page-header">
      <div>
        <h1 className="admin-page-header__title">{title}</h1>
        {description ? <p className="admin-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="admin-page-header__actions">{actions}</div> : null}
    </div>
  );
}
