import type { Route } from './+types/forgot-password';
import { AccountPage, loadAccountPage } from '../features/account/account-page.tsx';
import { ForgotPasswordForm } from '../features/account/forgot-password-form.tsx';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  return loadAccountPage(context.apiFetch, 'forgot-password');
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args, { noindex: true });
}

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  return (
    <AccountPage page={loaderData.page}>
      <ForgotPasswordForm />
    </AccountPage>
  );
}
