import type { Customer } from '@larder/contract';
import { Link } from 'react-router';
import type { ContentPage } from '../content/content-data.ts';
import { Prose } from '../content/prose.tsx';
import { useSignOut } from './use-sign-out.ts';
import { Button } from '../../components/ui/button.tsx';

/** The /my-account dashboard: a greeting and the ways on to orders and details. */
export function AccountDashboard({ customer, page }: { customer: Customer; page: ContentPage }) {
  const { signOut, signingOut } = useSignOut();
  const name = customer.first_name || customer.username;
  return (
    <section className="section">
      <div
        className="container container--narrow account-dashboard"
        data-testid="content-page"
        data-slug={page.slug}
      >
        <h2 data-testid="account-greeting">Hello, {name}</h2>
        <Prose html={page.html} />
        <ul className="account-dashboard__cards">
          <li>
            <Link to="/my-account/order-history" className="account-dashboard__card">
              <strong>Order history</strong>
              <span>Your orders, newest first, with their details and a quick reorder.</span>
            </Link>
          </li>
          <li>
            <Link to="/my-account/account-details" className="account-dashboard__card">
              <strong>Account details</strong>
              <span>Your name, email, addresses and password.</span>
            </Link>
          </li>
        </ul>
        <p className="account-dashboard__actions">
          <span>
            Signed in as <strong>{customer.email}</strong>.
          </span>
          <Button variant="secondary" disabled={signingOut} onClick={() => void signOut()}>
            {signingOut ? 'Signing out…' : 'Sign out'}
          </Button>
        </p>
      </div>
    </section>
  );
}
