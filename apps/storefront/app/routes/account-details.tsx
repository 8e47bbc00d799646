import type { Route } from './+types/account-details';
import { loadAccountPage } from '../features/account/account-page.tsx';
import { requireCustomer } from '../features/account/require-customer.server.ts';
import { AccountDetailsForm } from '../features/account-details/account-details-form.tsx';
import { subscriptionsOf } from '../features/account-details/account-form.ts';
import { ChangePasswordForm } from '../features/account-details/change-password-form.tsx';
import { Subscriptions } from '../features/account-details/subscriptions.tsx';
import { toCountryOptions } from '../components/forms/countries.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';
import { createShopApi } from '../lib/api/index.ts';
import '../components/forms/form-grid.css';
import '../features/account-details/account-details.css';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/** Issue 5: the signed-in customer's names, email and addresses, their password and subscriptions. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context.apiFetch);
  const api = createShopApi(context.apiFetch);
  const [page, countries] = await Promise.all([
    loadAccountPage(context.apiFetch, 'account-details'),
    api.listCountries(),
  ]);
  return { ...page, customer, countries: toCountryOptions(countries) };
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args, { noindex: true });
}

export default function AccountDetails({ loaderData }: Route.ComponentProps) {
  const { customer, countries, page } = loaderData;
  const subscriptions = subscriptionsOf(customer);
  return (
    <section className="section">
      <div
        className="container container--narrow account-details"
        data-testid="content-page"
        data-slug={page.slug}
      >
        {/* Not keyed by the record's version: a save resets the form to the server's copy itself,
            and a remount would take its "saved" message away at once. */}
        <AccountDetailsForm customer={customer} countries={countries} />
        <ChangePasswordForm email={customer.email} />
        {subscriptions.length > 0 ? <Subscriptions ids={subscriptions} /> : null}
      </div>
    </section>
  );
}
