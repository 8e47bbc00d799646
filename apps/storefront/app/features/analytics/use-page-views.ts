import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { AnalyticsSettings, SendPageView } from './page-views.ts';

/**
 * Reports a page view after hydration and after every client-side navigation (spec §7).
 * With analytics unconfigured it does nothing at all: no request, no third-party script, and the
 * reporter's code is never loaded.
 */
export function usePageViews(settings: AnalyticsSettings | null, nonce: string) {
  const location = useLocation();
  const [report, setReport] = useState<SendPageView | null>(null);
  useEffect(() => {
    if (!settings) return;
    let current = true;
    void import('./page-views.ts').then(({ createPageViewReporter, senderFor }) => {
      if (current) setReport(() => createPageViewReporter(senderFor(settings, nonce)));
    });
    return () => {
      current = false;
    };
    // The settings are fixed for the document (root never revalidates).
  }, [settings, nonce]);
  useEffect(() => {
    // A navigation's effects run after its new page (and title) are committed.
    report?.({
      url: window.location.href,
      referrer: document.referrer || null,
      title: document.title,
    });
  }, [report, location.pathname, location.search]);
}
