import type { Config } from '../../config.ts';

type Directives = Record<string, string[]>;

/** Where each provider's browser script loads, frames its fields, calls home and draws logos. */
const PROVIDER_SOURCES = {
  // Stripe's documented CSP for Stripe.js and Elements.
  stripe: {
    'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
    'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    'connect-src': ['https://api.stripe.com'],
    'img-src': [],
  },
  // PayPal's documented CSP for the JavaScript SDK (live and sandbox are both *.paypal.com).
  paypal: {
    'script-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    'frame-src': ['https://*.paypal.com'],
    'connect-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    'img-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
  },
} satisfies Record<'stripe' | 'paypal', Directives>;

/**
 * The Content-Security-Policy with the origins of the configured payment providers added, and
 * nothing added while the offline test provider serves (it loads no third-party code).
 */
export function withPaymentSources(
  directives: Directives,
  config: Pick<Config, 'stripe' | 'paypal'>,
): Directives {
  const result: Directives = { ...directives };
  for (const provider of ['stripe', 'paypal'] as const) {
    if (!config[provider]) continue;
    for (const [name, sources] of Object.entries(PROVIDER_SOURCES[provider])) {
      if (sources.length === 0) continue;
      result[name] = [...new Set([...(result[name] ?? ["'self'"]), ...sources])];
    }
  }
  return result;
}
