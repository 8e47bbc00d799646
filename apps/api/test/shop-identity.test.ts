import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteIndexSchema } from '@larder/contract';
import { ConfigError, DEMO_SHOP, loadConfig } from '../src/config.ts';
import { runAdmin } from '../src/admin/cli.ts';
import { createAdminContext } from '../src/admin/context.ts';
import { mailTo } from './outbox.ts';
import { aBuyer, placeOrder, productIdOf } from './place-order.ts';
import { payOrder } from './sessions.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { eventually } from './eventually.ts';

describe('shop identity settings', () => {
  it('default to the demo brand', () => {
    expect(loadConfig({}).shop).toEqual(DEMO_SHOP);
  });

  it('read SHOP_NAME, SHOP_TAGLINE, SHOP_EMAIL, SHOP_PHONE and SHOP_ADDRESS_*, an address part left out being empty', () => {
    const config = loadConfig({
      SHOP_NAME: ' Fennel & Rye ',
      SHOP_TAGLINE: 'Rye crackers from Leeds.',
      SHOP_EMAIL: 'hi@fennel.example',
      SHOP_PHONE: '+44 113 496 0000',
      SHOP_ADDRESS_STREET: '1 Mill Lane',
      SHOP_ADDRESS_CITY: 'Leeds',
      SHOP_ADDRESS_STATE: 'West Yorkshire',
      SHOP_ADDRESS_POSTCODE: 'LS1 4AP',
      SHOP_ADDRESS_COUNTRY: 'GB',
    });
    expect(config.shop).toEqual({
      name: 'Fennel & Rye',
      tagline: 'Rye crackers from Leeds.',
      email: 'hi@fennel.example',
      phone: '+44 113 496 0000',
      address: {
        street: '1 Mill Lane',
        suite: '',
        city: 'Leeds',
        state: 'West Yorkshire',
        postcode: 'LS1 4AP',
        country: 'GB',
      },
    });
  });

  it('refuses an invalid SHOP_EMAIL and a country that is not a two-letter code', () => {
    expect(() => loadConfig({ SHOP_EMAIL: 'not an address' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHOP_ADDRESS_COUNTRY: 'USA' })).toThrow(ConfigError);
  });
});

describe('a shop with its own SHOP_NAME', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { shop: { ...DEMO_SHOP, name: 'Fennel & Rye', tagline: 'Rye crackers.' } },
    });
  });
  afterAll(() => t.close());

  it('GET /wp-json/ names the configured shop', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wp-json/' });
    const index = SiteIndexSchema.parse(res.json());
    expect(index.name).toBe('Fennel & Rye');
    expect(index.description).toBe('Rye crackers.');
  });

  it('its e-mails name the configured shop, never the demo brand', async () => {
    const email = `named-${Date.now().toString(36)}@example.com`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/customers',
      payload: {
        email,
        password: 'oats and honey at dawn',
        first_name: 'Robin',
        last_name: 'Oats',
      },
    });
    expect(signUp.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/forgot-password',
      payload: { email },
    });
    // The welcome, then the reset link.
    await eventually(() => expect(mailTo(t.config.dataDir, email)).toHaveLength(2));
    const [welcome, mail] = mailTo(t.config.dataDir, email);
    expect(welcome!.headers.subject).toBe('Welcome to Fennel & Rye');
    expect(mail!.headers.subject).toBe('Reset your Fennel & Rye password');
    expect(mail!.text).toContain('your Fennel & Rye account');
    for (const part of [welcome!.text, welcome!.html, mail!.text, mail!.html]) {
      expect(part).toContain('Fennel');
      expect(part).not.toContain('Larder');
    }
  });

  it('the command line, built from the same services, names the configured shop too', async () => {
    const product = await productIdOf(t.database.db, 'peanut-butter-banana');
    const order = await placeOrder(t.app, [{ product_id: product, quantity: 1 }]);
    await payOrder(t.app, null, order);
    const context = createAdminContext(t.config, t.database.db);
    const code = await runAdmin(['orders', 'set-status', String(order.id), 'completed'], {
      io: { out: () => undefined, err: () => undefined },
      open: async () => ({ context, close: async () => undefined }),
    });
    expect(code).toBe(0);
    const subjects = mailTo(t.config.dataDir, aBuyer.email).map((mail) => mail.headers.subject);
    expect(subjects).toContain(`Your Fennel & Rye order #${order.number} is confirmed`);
    expect(subjects).toContain(`Your Fennel & Rye order #${order.number} is complete`);
  });
});
