import type { Route } from './+types/reset-password';
import { AccountPage, loadAccountPage } from '../features/account/account-page.tsx';
import { ResetPasswordForm } from '../features/account/reset-password-form.tsx';
import { pageSeoMeta } from '../features/seo/seo.ts';
import { ButtonLink } from '../components/ui/button.tsx';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/** The emailed link's `key` and `id`; null when either is missing or malformed. */
function resetLink(url: URL) {
  const key = url.searchParams.get('key') ?? '';
  const id = Number(url.searchParams.get('id'));
  return key && key.length <= 128 && Number.isInteger(id) && id > 0 ? { key, userId: id } : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadAccountPage(context.apiFetch, 'reset-password');
  return { ...page, link: resetLink(new URL(request.url)) };
}

export function meta(args: Route.MetaArgs) {
  // The address carries a secret key: keep it out of search results and other sites' referrers.
  return [...pageSeoMeta(args, { noindex: true }), { name: 'referrer', content: 'no-referrer' }];
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { link } = loaderData;
  return (
    // The seeded introduction names an older length rule; the form states the current one.
    <AccountPage page={loaderData.page} intro={false}>
      {link ? (
        <ResetPasswordForm resetKey={link.key} userId={link.userId} />
      ) : (
        <div className="account-form">
          <h2 className="account-card__title">This reset link is incomplete</h2>
          <p>Open the link from the email again, or ask for a new one.</p>
          <p>
            <ButtonLink to="/forgot-password">Ask for a new reset link</ButtonLink>
          </p>
        </div>
      )}
    </AccountPage>
  );
}
