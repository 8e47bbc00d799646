import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { createPageViewReporter, senderFor, type AnalyticsSettings } from './page-views.ts';

/**
 * Reports a page view after hydration and after every client-side navigation (spec §7).
 * With analytics unconfigured it does nothing at all: no request, no third-party script.
 */
export function usePageViews(settings: AnalyticsSettings | null, nonce: string) {
  const location = useLocation();
  // Created in the browser only; the settings are fixed for the document (root never revalidates).
  const [report] = useState(() =>
    settings && typeof window !== 'undefined'
      ? createPageViewReporter(senderFor(settings, nonce))
      : null,
  );
  useEffect(() => {
    // A navigation's effects run after its new page (and title) are committed.
    report?.({
      url: window.location.href,
      referrer: document.referrer || null,
      title: document.title,
    });
  }, [report, location.pathname, location.search]);
}
