import frauncesLatin from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import sourceSansLatin from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url';
import { useEffect, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { Hero } from './features/layout/hero.tsx';
import { LoadingView } from './components/layout/loading-view.tsx';
import { SiteFooter } from './features/layout/site-footer.tsx';
import { SiteHeader } from './features/layout/site-header.tsx';
import { SiteLogo } from './components/layout/site-logo.tsx';
import { AppToastContainer } from './components/ui/toast.tsx';
import { serverCustomer } from './features/account/server-session.server.ts';
import { SessionSync } from './features/account/session-sync.tsx';
import { usePageViews } from './features/analytics/use-page-views.ts';
import { simpleChrome, usePageChrome } from './features/layout/page-chrome.ts';
import { useLoadingView } from './features/layout/use-loading-view.ts';
import { useServiceWorker } from './features/pwa/use-service-worker.ts';
import { pageTitle } from './lib/text.ts';
import appStylesheet from './styles/app.css?url';
import { ButtonLink } from './components/ui/button.tsx';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    cspNonce: context.cspNonce,
    siteConfig: context.siteConfig,
    // The header is right on the first paint for a signed-in visitor; entry.server marks it private.
    customer: await serverCustomer(request, context.apiFetch),
  };
}

// The nonce and site config are fixed for the document; client navigations need not refetch them.
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  // A precedence lets React write the stylesheet before the module preloads (see app.css).
  { rel: 'stylesheet', href: appStylesheet, precedence: 'default' },
  // The first paint sets the hero title in Fraunces and the text in Source Sans 3 (decision 0043):
  // fetch their upright Latin files with the CSS rather than after it.
  { rel: 'preload', href: frauncesLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  {
    rel: 'preload',
    href: sourceSansLatin,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous',
  },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function meta({ data }: Route.MetaArgs) {
  return [{ title: pageTitle(undefined, data?.siteConfig.shop.name ?? '') }];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>('root')?.cspNonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a2e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* Spec §2: scroll position is restored on navigation. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const chrome = usePageChrome();
  const loading = useLoadingView();
  usePageViews(loaderData.siteConfig.analytics, loaderData.cspNonce);
  useServiceWorker();
  useEffect(() => {
    // A sign for browser tests that React has taken over: clicks before hydration do nothing.
    document.documentElement.dataset.hydrated = '';
  }, []);
  const showHero = chrome !== null && !chrome.hideHeader;
  // The back office (routes/admin.tsx) draws its own frame, without the shop's header and footer.
  if (chrome?.backOffice) return <Outlet />;
  return (
    <div className="site">
      {/* Over the site rather than instead of it: the cart, session and toasts keep their state. */}
      {loading ? <LoadingView /> : null}
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <SessionSync serverCustomer={loaderData.customer} />
      <SiteHeader overlay={showHero} shopName={loaderData.siteConfig.shop.name} />
      {showHero ? <Hero chrome={chrome} /> : null}
      <main id="main-content" tabIndex={-1} className="site-main">
        {/* Inside the main landmark: a page without the hero still opens with its heading. */}
        {chrome?.hideHeader ? <h1 className="visually-hidden">{chrome.headerTitle}</h1> : null}
        <Outlet />
      </main>
      {chrome?.hideFooter ? null : (
        <SiteFooter
          newsletterSignupUrl={loaderData.siteConfig.newsletterSignupUrl}
          shop={loaderData.siteConfig.shop}
        />
      )}
      <AppToastContainer />
    </div>
  );
}

/** Last resort when the root itself fails; route errors are drawn inside the layout by each route. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="site site--bare">
      <header className="site-header site-header--solid">
        <div className="container main-bar">
          {/* The root's loader failed: the shop's name is not known here. */}
          <a href="/" className="brand-link" aria-label="Home">
            <SiteLogo />
          </a>
        </div>
      </header>
      <main id="main-content" className="site-main">
        <Hero chrome={simpleChrome(status === 404 ? 'Page not found' : 'Something went wrong')} />
        <section className="section">
          <div className="container container--narrow">
            <p className="lead">Please try again in a moment, or head back to the shop.</p>
            <p>
              {/* A whole new page load: whatever broke the app may be in memory. */}
              <ButtonLink to="/" reloadDocument>
                Back to home
              </ButtonLink>
            </p>
          </div>
        </section>
      </main>
    </div>
  );
}
