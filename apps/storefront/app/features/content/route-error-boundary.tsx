import { lazy, Suspense } from 'react';

/**
 * Loaded only when a route fails: out of every page's first load (the budget, decision 0015). A
 * server-rendered error page keeps its HTML while the chunk loads, then hydrates.
 */
const RouteErrorPage = lazy(() => import('./route-error-page.tsx'));

/** Every route's error boundary: the friendly 404 page (seeded content) or a short apology. */
export function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  );
}
