import { describe, expect, it } from 'vitest';
import { testPaymentToken } from '@larder/contract';
import { createTestProvider } from './test-provider.ts';

const charge = (overrides: { paymentToken: string; idempotencyKey?: string }) => ({
  orderId: 7,
  amountCents: 2450,
  currency: 'USD' as const,
  description: 'Larder & Oat order 7',
  idempotencyKey: 'order_7_attempt_1',
  ...overrides,
});

describe('test provider: cards', () => {
  it('charges the 4242 test card and declines 4000 0000 0000 0002', async () => {
    const provider = createTestProvider();
    const good = await provider.charge(
      charge({ paymentToken: testPaymentToken('4242 4242 4242 4242'), idempotencyKey: 'a' }),
    );
    expect(good).toEqual({
      status: 'succeeded',
      transactionId: expect.stringMatching(/^test_ch_/),
    });
    const bad = await provider.charge(
      charge({ paymentToken: testPaymentToken('4000 0000 0000 0002'), idempotencyKey: 'b' }),
    );
    expect(bad).toMatchObject({ status: 'declined', message: 'Your card was declined' });
  });

  it('declines a token that is not a test card token', async () => {
    const result = await createTestProvider().charge(charge({ paymentToken: 'pm_1Nreal' }));
    expect(result.status).toBe('declined');
  });

  it('answers a repeated idempotency key with the first charge', async () => {
    const provider = createTestProvider();
    const first = await provider.charge(charge({ paymentToken: 'pm_test_success_4242' }));
    const again = await provider.charge(charge({ paymentToken: 'pm_test_success_4242' }));
    expect(again).toEqual(first);
  });
});

describe('test provider: PayPal stand-in', () => {
  it('creates TEST- orders and captures each once for the amount it was created with', async () => {
    const provider = createTestProvider();
    const created = await provider.createOrder({
      orderId: 7,
      amountCents: 2450,
      currency: 'USD',
      requestId: 'create-1',
      description: 'Larder & Oat order 7',
    });
    expect(created).toEqual({ id: expect.stringMatching(/^TEST-[0-9A-F]{16}$/) });
    const id = (created as { id: string }).id;
    const captured = await provider.capture(id, 'capture-1');
    expect(captured).toMatchObject({ status: 'succeeded', amountCents: 2450, shopOrderId: '7' });
    expect(await provider.capture(id, 'capture-1')).toEqual(captured);
    expect(await provider.capture(id, 'capture-2')).toMatchObject({ status: 'declined' });
    expect(await provider.capture('TEST-UNKNOWN', 'capture-3')).toMatchObject({
      status: 'declined',
    });
  });
});
