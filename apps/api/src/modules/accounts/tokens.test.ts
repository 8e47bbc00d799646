import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.ts';

describe('session tokens', () => {
  const secret = randomBytes(32);
  const claims = { customerId: 7, sessionId: 'session-7' };

  it('are issued and checked on the shop’s clock, not the machine’s', async () => {
    // A clock a year behind the machine's: a token good for an hour on it is good on it.
    let clock = new Date(Date.now() - 365 * 24 * 60 * 60_000);
    const signer = createTokenSigner(secret, 'https://shop.test', () => clock);
    const token = await signer.sign(claims, new Date(clock.getTime() + 60 * 60_000));
    expect(await signer.verify(token)).toEqual(claims);
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuse another issuer and a token signed with another secret', async () => {
    const expires = new Date(Date.now() + 60_000);
    const token = await createTokenSigner(secret, 'https://shop.test').sign(claims, expires);
    expect(await createTokenSigner(secret, 'https://other.test').verify(token)).toBeNull();
    expect(await createTokenSigner(randomBytes(32), 'https://shop.test').verify(token)).toBeNull();
  });
});
