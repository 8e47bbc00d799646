import { Link } from 'react-router';
import type { Route } from './+types/login';
import { AccountPage, loadAccountPage } from '../features/account/account-page.tsx';
import { LoginForm } from '../features/account/login-form.tsx';
import { safeRedirect } from '../features/account/safe-redirect.ts';
import { useCustomer } from '../features/account/use-customer.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirect'));
  return { ...(await loadAccountPage(context.apiFetch, 'login')), redirectTo };
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args, { noindex: true });
}

/** Spec §2/§4 /login. */
export default function Login({ loaderData }: Route.ComponentProps) {
  const customer = useCustomer();
  return (
    <AccountPage page={loaderData.page}>
      {customer ? (
        // Signed in already: say so, and still offer the form to switch accounts.
        <p className="form-banner form-banner--success" data-testid="signed-in-note">
          You’re signed in as {customer.email}. <Link to="/my-account">Go to your account</Link>
        </p>
      ) : null}
      <LoginForm redirectTo={loaderData.redirectTo} />
    </AccountPage>
  );
}
