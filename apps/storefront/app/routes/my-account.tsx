import { NavLink, useOutlet } from 'react-router';
import type { Route } from './+types/my-account';
import { AccountDashboard } from '../features/account/account-dashboard.tsx';
import { loadAccountPage } from '../features/account/account-page.tsx';
import { requireCustomer } from '../features/account/require-customer.server.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';
import {
  loadWholesaleAccount,
  requestListingAction,
} from '../features/account/wholesale-account.server.ts';
import { WholesaleAccountPanel } from '../features/wholesale/wholesale-account-panel.tsx';
import '../components/forms/form-grid.css';
import '../features/wholesale/wholesale-account.css';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/** The guard for the whole account area: its loader runs for every /my-account/... page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context.apiFetch);
  const [page, wholesale] = await Promise.all([
    loadAccountPage(context.apiFetch, 'my-account'),
    loadWholesaleAccount(context.apiFetch),
  ]);
  return { ...page, customer, wholesale };
}

/** The dashboard's one form: a wholesale buyer asking to be listed on the store locator. */
export const action = ({ request, context }: Route.ActionArgs) =>
  requestListingAction(request, context.apiFetch);

// Every move inside the account area asks the server again, so a session that ended (signed out
// in another tab, expired) leads to /login rather than to a page the API will refuse.
export function shouldRevalidate() {
  return true;
}

export function meta(args: Route.MetaArgs) {
  // The account area is the shopper's own, not for search results.
  return pageSeoMeta(args, { noindex: true });
}

/** Spec §2: the account area with its sub-pages (order history, account details). */
export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const outlet = useOutlet();
  return (
    <div className="account">
      <div className="container">
        <nav aria-label="Account pages" className="account__nav">
          <NavLink to="/my-account" end>
            Dashboard
          </NavLink>
          <NavLink to="/my-account/order-history">Order history</NavLink>
          <NavLink to="/my-account/account-details">Account details</NavLink>
        </nav>
      </div>
      {outlet ?? (
        <>
          <AccountDashboard customer={loaderData.customer} page={loaderData.page} />
          <WholesaleAccountPanel
            account={loaderData.wholesale.account}
            listings={loaderData.wholesale.listings}
            listingResult={actionData}
          />
        </>
      )}
    </div>
  );
}
