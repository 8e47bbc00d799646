import type { Route } from './+types/sign-up';
import { AccountPage, loadAccountPage } from '../features/account/account-page.tsx';
import { SignUpForm } from '../features/account/sign-up-form.tsx';
import { useCustomer } from '../features/account/use-customer.ts';
import { toCountryOptions } from '../components/forms/countries.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';
import { WholesaleApplication } from '../features/wholesale/wholesale-application.tsx';
import { createShopApi } from '../lib/api/index.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const [page, countries] = await Promise.all([
    loadAccountPage(context.apiFetch, 'sign-up'),
    createShopApi(context.apiFetch).listCountries(),
  ]);
  return { ...page, countries: toCountryOptions(countries) };
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args, { noindex: true });
}

/** Sign-up: a customer account; below it, the wholesale application (features/wholesale). */
export default function SignUp({ loaderData }: Route.ComponentProps) {
  const customer = useCustomer();
  return (
    <AccountPage
      page={loaderData.page}
      after={
        <div className="account-section">
          {/* Keyed by who applies: a signed-in customer applies without a password. */}
          <WholesaleApplication
            key={customer?.id ?? 'visitor'}
            countries={loaderData.countries}
            customer={customer}
          />
        </div>
      }
    >
      <SignUpForm />
    </AccountPage>
  );
}
