import type { Route } from './+types/back-in-stock-cancel';
import { ButtonLink } from '../components/ui/button.tsx';
import { cancelStockRequestFromLink } from '../features/catalog/back-in-stock-cancel.server.ts';
import { simpleChrome } from '../features/layout/page-chrome.ts';
import { seoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

const TITLE = 'Back-in-Stock Email';

/** The link in the confirmation email: opening it cancels the request and says how it went. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    chrome: simpleChrome(TITLE),
    outcome: await cancelStockRequestFromLink(context.apiFetch, new URL(request.url)),
  };
}

// The request is cancelled once, when the link is opened; nothing on the page asks again.
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

export default function BackInStockCancel({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  return (
    <section className="section">
      <div className="container container--narrow">
        <div
          className="account-card"
          data-testid={`back-in-stock-cancel-${outcome.ok ? 'done' : 'failed'}`}
        >
          <h2 className="account-card__title">
            {outcome.ok ? "We won't email you" : 'Nothing was canceled'}
          </h2>
          <div
            role={outcome.ok ? 'status' : 'alert'}
            className={`form-banner form-banner--${outcome.ok ? 'success' : 'error'}`}
          >
            <p>{outcome.message}</p>
          </div>
          <ButtonLink to="/shop">Back to the shop</ButtonLink>
        </div>
      </div>
    </section>
  );
}
