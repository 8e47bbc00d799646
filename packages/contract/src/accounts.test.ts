import { describe, expect, it } from 'vitest';
import {
  CustomerUpdateSchema,
  LoginRequestSchema,
  PasswordSchema,
  WholesaleApplicationSchema,
} from './accounts.ts';

describe('accounts contract', () => {
  it('asks for length, not composition, in a password', () => {
    expect(PasswordSchema.safeParse('short pass').success).toBe(true);
    expect(PasswordSchema.safeParse('123456789').error?.issues[0]?.message).toBe(
      'Use at least 10 characters.',
    );
  });

  it('drops role and password from a profile update, so neither can be changed there', () => {
    const parsed = CustomerUpdateSchema.parse({
      first_name: 'Robin',
      role: 'wholesale_customer',
      password: 'new password here',
    });
    expect(parsed).toEqual({ first_name: 'Robin' });
  });

  it('signs in for the browser session unless remember me is chosen', () => {
    expect(LoginRequestSchema.parse({ username: ' robin ', password: 'x' })).toEqual({
      username: 'robin',
      password: 'x',
      remember: false,
    });
  });

  it('names each missing part of a wholesale application', () => {
    const result = WholesaleApplicationSchema.safeParse({ email: 'buyer@example.com' });
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(
      expect.arrayContaining([
        'business_name',
        'contact_name',
        'phone',
        'address',
        'tax_id',
        'sales_channels',
        'monthly_volume',
      ]),
    );
    expect(fields).not.toContain('password');
  });
});
