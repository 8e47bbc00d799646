import { Link } from 'react-router';
import { ACCOUNT_LINKS } from './account-links.ts';
import { useCustomer } from './use-customer.ts';
import { useSignOut } from './use-sign-out.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';

/** The mobile menu's account block: the dropdown's pages and Sign out, or Sign in and Sign up. */
export function MobileAccountLinks({ onNavigate }: { onNavigate: () => void }) {
  const customer = useCustomer();
  const { signOut, signingOut } = useSignOut();
  if (!customer) {
    return (
      <div className="mobile-menu__account">
        <ButtonLink to="/login" onClick={onNavigate} variant="secondary">
          Sign in
        </ButtonLink>
        <ButtonLink to="/sign-up" onClick={onNavigate}>
          Sign up
        </ButtonLink>
      </div>
    );
  }
  return (
    <nav aria-label="Your account" className="mobile-menu__account mobile-menu__account--signed-in">
      <ul className="mobile-menu__list">
        <li>
          <Link to="/my-account" onClick={onNavigate} className="mobile-menu__link">
            My account
          </Link>
        </li>
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate} className="mobile-menu__link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        disabled={signingOut}
        onClick={() => {
          onNavigate();
          void signOut();
        }}
      >
        {signingOut ? 'Signing out…' : 'Sign out'}
      </Button>
    </nav>
  );
}
