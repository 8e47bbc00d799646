import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { AnalyticsSettings, PageView } from './page-views.ts';

/**
 * Reports a page view after hydration and after every client-side navigation (spec §7).
 * With analytics unconfigured it does nothing at all: no request, no third-party script, and the
 * reporter's code is never loaded. Pages shown before the reporter's code arrives are queued, so a
 * shopper who moves on quickly still counts the page they landed on.
 */
export function usePageViews(settings: AnalyticsSettings | null, nonce: string) {
  const location = useLocation();
  const report = useRef<((view: PageView) => void) | null>(null);
  const waiting = useRef<PageView[]>([]);
  useEffect(() => {
    if (!settings) return;
    let current = true;
    void import('./page-views.ts').then(({ createPageViewReporter, senderFor }) => {
      if (!current) return;
      report.current = createPageViewReporter(senderFor(settings, nonce));
      waiting.current.splice(0).forEach(report.current);
    });
    return () => {
      current = false;
      report.current = null;
    };
    // The settings are fixed for the document (root never revalidates).
  }, [settings, nonce]);
  useEffect(() => {
    if (!settings) return;
    // A navigation's effects run after its new page (and title) are committed.
    const view = {
      url: window.location.href,
      referrer: document.referrer || null,
      title: document.title,
    };
    if (report.current) report.current(view);
    else waiting.current.push(view);
  }, [settings, location.pathname, location.search]);
}
