import type { ShopIdentity } from '@larder/contract';
import type { AnalyticsSettings } from './features/analytics/page-views.ts';

/** What the Fastify glue (apps/api/src/web) hands to every loader; fixed by the glue contract. */
export interface SiteConfig {
  /** External mailing-list page opened by the footer's Subscribe button (spec §2 Footer). */
  newsletterSignupUrl: string;
  /** Public origin of the site, e.g. https://larder.example, for canonical and social links. */
  publicUrl: string;
  /** Where page views go (spec §7); null: analytics is off and nothing is sent. */
  analytics: AnalyticsSettings | null;
  shop: ShopIdentity;
}

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

declare module 'react-router' {
  interface AppLoadContext {
    /** Per-request CSP nonce: every script tag must carry it. */
    cspNonce: string;
    /** Calls the shop API in-process; only app/lib/api uses it. */
    apiFetch: ApiFetch;
    siteConfig: SiteConfig;
  }
}

export {};
