import { useLocation } from 'react-router';
import type { Route } from './+types/sign-up';
import { loadAccountPage } from '../features/account/account-page.tsx';
import { AccountChoice, accountKindOf } from '../features/account/account-choice.tsx';
import { SignUpForm } from '../features/account/sign-up-form.tsx';
import { useCustomer } from '../features/account/use-customer.ts';
import { toCountryOptions } from '../components/forms/countries.ts';
import { Prose } from '../features/content/prose.tsx';
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

// The page's words and the countries are fixed; switching forms changes only `?account=`.
export function shouldRevalidate() {
  return false;
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args, { noindex: true });
}

/**
 * Sign-up (decision 48): a choice between a shopper and a wholesale account, then the chosen form,
 * each in its own card. The choice is in the address (`?account=wholesale`), so it renders on the
 * server, survives a reload and can be linked to.
 */
export default function SignUp({ loaderData }: Route.ComponentProps) {
  const customer = useCustomer();
  // Not `useSearchParams`: it would add ~330 B to the framework chunk every page loads.
  const kind = accountKindOf(new URLSearchParams(useLocation().search));
  return (
    <section className="section">
      <div
        className="container sign-up"
        data-testid="content-page"
        data-slug={loaderData.page.slug}
      >
        <Prose className="sign-up__intro" html={loaderData.page.html} />
        <AccountChoice kind={kind} />
        {kind === 'wholesale' ? (
          <div className="account-card sign-up__card sign-up__card--wholesale">
            {/* Keyed by who applies: a signed-in customer applies without a password. */}
            <WholesaleApplication
              key={customer?.id ?? 'visitor'}
              countries={loaderData.countries}
              customer={customer}
            />
          </div>
        ) : (
          <div className="account-card sign-up__card sign-up__card--shopper">
            <ul className="sign-up__perks">
              <li>Check out faster with your addresses saved.</li>
              <li>See every order you’ve placed, and reorder one in a click.</li>
              <li>Stay signed in on your own devices.</li>
            </ul>
            <SignUpForm />
          </div>
        )}
      </div>
    </section>
  );
}
