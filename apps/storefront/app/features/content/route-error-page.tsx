import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Hero } from '../layout/hero.tsx';
import { simpleChrome } from '../layout/page-chrome.ts';
import type { NotFoundData } from './not-found.ts';
import { Prose } from './prose.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';

function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === 'object' && value !== null && 'page' in value && 'heading' in value;
}

/** The friendly 404 page (seeded content) or a short apology, inside the layout. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const details = notFound && isNotFoundData(error.data) ? error.data : null;
  const page = details?.page ?? null;

  if (!notFound && import.meta.env.DEV) console.error(error);

  const title = notFound ? (details?.heading ?? 'Page not found') : 'Something went wrong';
  return (
    <>
      <Hero chrome={simpleChrome(title)} />
      <section className="section">
        <div
          className="container container--narrow"
          data-testid={notFound ? 'not-found' : 'route-error'}
        >
          {page ? (
            <Prose html={page.html} />
          ) : (
            <p className="lead">
              {notFound
                ? 'We could not find that page. It may have moved, or the address may be mistyped.'
                : 'We could not load this page just now. Please try again in a moment.'}
            </p>
          )}
          <p className="cluster">
            <ButtonLink to="/">Back to home</ButtonLink>
            <ButtonLink to="/shop" variant="secondary">
              Shop granola
            </ButtonLink>
          </p>
        </div>
      </section>
    </>
  );
}
