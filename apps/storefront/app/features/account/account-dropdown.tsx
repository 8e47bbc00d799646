import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_LINKS } from './account-links.ts';
import { useSignOut } from './use-sign-out.ts';

/**
 * The signed-in customer's My Account dropdown (spec §2). It opens on hover, and from its button for
 * keyboard and touch; Escape closes it and returns focus to the button.
 */
export default function AccountDropdown() {
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const close = useCallback(() => {
    openedByHover.current = false;
    setOpen(false);
  }, []);
  const { signOut, signingOut } = useSignOut();
  const location = useLocation();

  // Following a link closes it.
  useEffect(() => close(), [close, location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      buttonRef.current?.focus();
    };
    // A tap or click anywhere else closes it (touch has no mouseleave).
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  // Tabbing out of the menu closes it, so it never hides the page behind a focus the user left.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <nav aria-label="Account" className="top-bar__account" data-testid="account-nav">
      <div
        ref={wrapperRef}
        className="account-menu"
        data-open={open}
        // Hover is for a mouse only (a tap would open it here and toggle it shut on click); a menu
        // opened by hover closes when the mouse leaves, one opened by a click stays until dismissed.
        onPointerEnter={(event) => {
          if (event.pointerType !== 'mouse' || open) return;
          openedByHover.current = true;
          setOpen(true);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse' && openedByHover.current) close();
        }}
        onBlur={onBlur}
      >
        <Link to="/my-account" className="account-menu__link">
          My account
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="account-menu__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label="Account menu"
          data-testid="account-menu-toggle"
          onClick={() => {
            // The click that follows a hover keeps the menu open rather than shutting it.
            if (openedByHover.current) openedByHover.current = false;
            else setOpen((value) => !value);
          }}
        >
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
        <ul id={menuId} className="account-menu__list" hidden={!open} data-testid="account-menu">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="account-menu__item">
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="account-menu__item"
              disabled={signingOut}
              onClick={() => void signOut()}
            >
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
