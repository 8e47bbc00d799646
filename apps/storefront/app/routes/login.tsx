import type { Route } from './+types/login';
import { AccountPage, loadAccountPage } from '../features/account/account-page.tsx';
import { LoginForm } from '../features/account/login-form.tsx';
import { safeRedirect } from '../features/account/safe-redirect.ts';
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
  return (
    <AccountPage page={loaderData.page}>
      <LoginForm redirectTo={loaderData.redirectTo} />
    </AccountPage>
  );
}
