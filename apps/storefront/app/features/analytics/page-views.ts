/** Which provider receives page views; from the server's configuration, public by nature. */
export type AnalyticsSettings =
  | { provider: 'plausible'; domain: string; apiHost: string }
  | { provider: 'ga4'; measurementId: string };

export interface PageView {
  /** The page's absolute URL; reported without its #fragment and with reportable parameters only. */
  url: string;
  referrer: string | null;
  title: string;
}

export type SendPageView = (view: PageView) => void;

/**
 * Query parameters a page view keeps: the shop's and the stockist finder's filters, and campaign
 * tags. Anything else (the `key` of an order-received or reset-password link) never leaves the
 * browser.
 */
const REPORTED_PARAMS = new Set([
  'category',
  'q',
  'sort',
  'state',
  'city',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
]);

/** `href` as it may be reported: origin, path and the reported parameters only. */
export function reportableUrl(href: string): string {
  const url = new URL(href);
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (REPORTED_PARAMS.has(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

const reportableReferrer = (referrer: string | null) => {
  if (!referrer) return null;
  // A full load from a secret link's page names that page, key and all, as its referrer.
  return URL.canParse(referrer) ? reportableUrl(referrer) : null;
};

/**
 * Spec §7: one page view per completed navigation. A navigation counts when its path or query
 * differs from the last one reported; a #fragment change, a revalidation or a navigation to the
 * URL already shown is not a new page view.
 */
export function createPageViewReporter(send: SendPageView) {
  let lastReported: string | null = null;
  return (view: PageView) => {
    const url = reportableUrl(view.url);
    if (url === lastReported) return;
    lastReported = url;
    send({ ...view, url, referrer: reportableReferrer(view.referrer) });
  };
}

type Beacon = (url: string, body: Blob) => boolean;

/** Plausible's Events API, the same request its own script makes (text/plain: no CORS preflight). */
export function plausibleSender(
  settings: { domain: string; apiHost: string },
  beacon: Beacon = (url, body) => navigator.sendBeacon(url, body),
): SendPageView {
  const endpoint = `${settings.apiHost}/api/event`;
  return (view) => {
    const body = JSON.stringify({
      name: 'pageview',
      url: view.url,
      domain: settings.domain,
      referrer: view.referrer,
    });
    if (beacon(endpoint, new Blob([body], { type: 'text/plain' }))) return;
    // A beacon is refused when the browser's queue is full: send it as a plain request instead.
    void fetch(endpoint, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'text/plain' },
      keepalive: true,
    }).catch(() => undefined);
  };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** GA4 through gtag.js (browsers cannot use the Measurement Protocol without a secret). */
export function ga4Sender(settings: { measurementId: string }, nonce: string): SendPageView {
  let loaded = false;
  const dataLayer = (window.dataLayer ??= []);
  function gtag(..._args: unknown[]) {
    // gtag.js reads Arguments objects from the data layer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  return (view) => {
    if (!loaded) {
      loaded = true;
      const script = document.createElement('script');
      script.async = true;
      script.nonce = nonce;
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(settings.measurementId)}`;
      document.head.append(script);
      gtag('js', new Date());
      // Page views are sent below, once per navigation, rather than by gtag's own history hooks.
      gtag('config', settings.measurementId, { send_page_view: false });
    }
    // Set for every later event too: gtag's own events (engagement, scroll) would otherwise carry
    // document.location, secret `?key=` and all.
    gtag('set', {
      page_location: view.url,
      page_referrer: view.referrer ?? undefined,
      page_title: view.title,
    });
    gtag('event', 'page_view');
  };
}

export function senderFor(settings: AnalyticsSettings, nonce: string): SendPageView {
  return settings.provider === 'plausible' ? plausibleSender(settings) : ga4Sender(settings, nonce);
}
