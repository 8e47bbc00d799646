import { useEffect, useRef, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { MobileAccountLinks } from '../account/mobile-account-links.tsx';
import { MAIN_NAV } from './nav-links.ts';
import { CloseIcon } from '../../components/layout/icons.tsx';
import { SiteLogo } from '../../components/layout/site-logo.tsx';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Focus returns here when the menu closes by keyboard. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/** Slide-in menu under 1400 px (spec §2/§9): overlay click, Escape or a link click closes it. */
export function MobileMenu({ id, open, onClose, toggleRef }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    document.documentElement.classList.add('is-scroll-locked');
    const onKeyDown = (event: KeyboardEvent) => {
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
      <div
        id={id}
        ref={panelRef}
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
      </div>
    </>
  );
}
