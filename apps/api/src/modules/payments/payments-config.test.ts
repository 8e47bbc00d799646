import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createPaymentSetup } from './payment-gateways.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('payment configuration', () => {
  it('leaves both providers unset by default, so the test provider serves', () => {
    const config = loadConfig({});
    expect(config.stripe).toBeUndefined();
    expect(config.paypal).toBeUndefined();
    expect(config.rateLimits.payment).toEqual({ max: 20, windowMs: 600_000 });
  });

  it('reads Stripe and PayPal keys, with the PayPal sandbox as the default API', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      PAYPAL_CLIENT_ID: 'client-id',
      PAYPAL_CLIENT_SECRET: 'client-secret',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      apiBase: 'http://127.0.0.1:12111',
    });
    expect(config.paypal).toEqual({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      apiBase: 'https://api-m.sandbox.paypal.com',
    });
  });

  it('refuses one key of a pair without the other', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY: must be set together with STRIPE_SECRET_KEY (set both or neither) (got "")',
    ]);
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'client-id' })).toEqual([
      'PAYPAL_CLIENT_SECRET: must be set together with PAYPAL_CLIENT_ID (set both or neither) (got (hidden))',
    ]);
  });

  it('refuses a secret key in the publishable slot without printing either key', () => {
    const problems = problemsOf({
      STRIPE_SECRET_KEY: 'pk_live_swapped',
      STRIPE_PUBLISHABLE_KEY: 'sk_live_swapped',
    });
    expect(problems).toEqual([
      'STRIPE_SECRET_KEY: must be a Stripe secret key (sk_… or rk_…) (got (hidden))',
      'STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key (pk_…) (got (hidden))',
    ]);
  });
});

describe('payment providers in use', () => {
  it('offers only the configured provider once any keys are set: no fake PayPal beside real Stripe', () => {
    const setup = createPaymentSetup(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }),
    );
    expect(setup.testMode).toBe(false);
    expect(setup.card?.id).toBe('stripe');
    expect(setup.paypal).toBeNull();
    expect(setup.gateways.map((gateway) => gateway.id)).toEqual(['stripe']);
    expect(JSON.stringify(setup.gateways)).not.toContain('sk_live_abc');
  });

  it('uses the test provider for both gateways when no keys are set', () => {
    const setup = createPaymentSetup(loadConfig({}));
    expect(setup.testMode).toBe(true);
    expect([setup.card?.id, setup.paypal?.id]).toEqual(['test', 'test']);
  });
});
