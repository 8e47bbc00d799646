import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeRedirect('/my-account/order-history?page=2')).toBe(
      '/my-account/order-history?page=2',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
  ])('refuses %s and goes to the account', (target) => {
    expect(safeRedirect(target)).toBe('/my-account');
  });

  it('goes to the account when nothing is given', () => {
    expect(safeRedirect(null)).toBe('/my-account');
  });
});

describe('loginPathFor', () => {
  it('puts the page to come back to in ?redirect=', () => {
    expect(loginPathFor('/my-account/account-details')).toBe(
      '/login?redirect=%2Fmy-account%2Faccount-details',
    );
  });
});
