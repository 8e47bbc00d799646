import type { Route } from './+types/confirm-email';
import {
  confirmEmailFromLink,
  EmailConfirmationResult,
} from '../features/account-details/confirm-email.tsx';
import { simpleChrome } from '../features/layout/page-chrome.ts';
import { seoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

const TITLE = 'Confirm Your Email Address';

/** The link emailed to a new address: opening it makes the change and shows how it went. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    chrome: simpleChrome(TITLE),
    outcome: await confirmEmailFromLink(context.apiFetch, new URL(request.url)),
  };
}

// The change is made once, when the link is opened; nothing on the page asks for it again.
export function shouldRevalidate() {
  return false;
}

export function meta(args: Route.MetaArgs) {
  // The address carries a secret key: keep it out of search results and other sites' referrers.
  return [
    ...seoMeta(args, { title: TITLE, noindex: true }),
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <section className="section">
      <div className="container container--narrow">
        <div className="account-card">
          <EmailConfirmationResult outcome={loaderData.outcome} />
        </div>
      </div>
    </section>
  );
}
