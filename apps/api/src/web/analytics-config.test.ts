import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { withAnalyticsSources } from './analytics-csp.ts';

const base = { 'default-src': ["'self'"], 'script-src': ["'self'"] };

describe('analytics configuration', () => {
  it('is off by default and adds nothing to the CSP', () => {
    const config = loadConfig({});
    expect(config.analytics).toBeUndefined();
    expect(withAnalyticsSources(base, config.analytics)).toEqual(base);
  });

  it('reads Plausible with its cloud host by default, and allows only that origin to be called', () => {
    const cloud = loadConfig({ PLAUSIBLE_DOMAIN: 'larder.example' });
    expect(cloud.analytics).toEqual({
      provider: 'plausible',
      domain: 'larder.example',
      apiHost: 'https://plausible.io',
    });
    const selfHosted = loadConfig({
      PLAUSIBLE_DOMAIN: 'larder.example',
      PLAUSIBLE_API_HOST: 'https://stats.larder.example/',
    });
    expect(withAnalyticsSources(base, selfHosted.analytics)).toEqual({
      ...base,
      'connect-src': ["'self'", 'https://stats.larder.example'],
    });
  });

  it("reads a GA4 id and allows Google's tag script", () => {
    const config = loadConfig({ GA4_MEASUREMENT_ID: 'G-ABC123' });
    expect(config.analytics).toEqual({ provider: 'ga4', measurementId: 'G-ABC123' });
    expect(withAnalyticsSources(base, config.analytics)['script-src']).toEqual([
      "'self'",
      'https://*.googletagmanager.com',
    ]);
  });

  it('refuses a malformed GA4 id and both providers at once', () => {
    expect(() => loadConfig({ GA4_MEASUREMENT_ID: 'UA-1234' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ PLAUSIBLE_DOMAIN: 'larder.example', GA4_MEASUREMENT_ID: 'G-ABC123' }),
    ).toThrow(/not both/);
  });
});
