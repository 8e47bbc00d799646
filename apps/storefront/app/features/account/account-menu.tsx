import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useCustomer } from './use-customer.ts';

// Only a signed-in customer needs the dropdown (and sign-out): visitors never download it.
const AccountDropdown = lazy(() => import('./account-dropdown.tsx'));

/**
 * Spec §2 top bar: My Account with a dropdown (Order History, Account Details, Log Out) for a
 * signed-in customer; Login and Sign Up for a visitor.
 */
export function AccountMenu() {
  const customer = useCustomer();
  if (!customer) {
    return (
      <nav aria-label="Account" className="top-bar__account" data-testid="account-nav">
        <Link to="/login">Sign in</Link>
        <Link to="/sign-up">Sign up</Link>
      </nav>
    );
  }
  return (
    <Suspense
      fallback={
        <nav aria-label="Account" className="top-bar__account" data-testid="account-nav">
          <Link to="/my-account" className="account-menu__link">
            My account
          </Link>
        </nav>
      }
    >
      <AccountDropdown />
    </Suspense>
  );
}
