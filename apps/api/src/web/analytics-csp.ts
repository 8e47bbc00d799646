import type { AnalyticsConfig } from '../config.ts';

type Directives = Record<string, string[]>;

/** Google's documented CSP for gtag.js with GA4. */
const GA4_SOURCES: Directives = {
  'script-src': ['https://*.googletagmanager.com'],
  'connect-src': [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/**
 * The Content-Security-Policy with the analytics provider's origins added, and nothing added when
 * analytics is off (spec §7: no third party is contacted unless configured).
 */
export function withAnalyticsSources(
  directives: Directives,
  analytics: AnalyticsConfig | undefined,
): Directives {
  if (!analytics) return directives;
  // Plausible takes page views by a POST to its API host; no script is loaded from it.
  const sources =
    analytics.provider === 'plausible'
      ? { 'connect-src': [new URL(analytics.apiHost).origin] }
      : GA4_SOURCES;
  const result: Directives = { ...directives };
  for (const [name, added] of Object.entries(sources)) {
    result[name] = [...new Set([...(result[name] ?? ["'self'"]), ...added])];
  }
  return result;
}
