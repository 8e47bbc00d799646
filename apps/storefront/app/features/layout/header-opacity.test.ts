import { describe, expect, it } from 'vitest';
import { isHeaderSticky, nextHeaderOpacity } from './header-opacity.ts';

describe('header opacity (spec §9)', () => {
  it('is scroll offset × 0.3 / 100', () => {
    expect(nextHeaderOpacity(0, 0)).toBe(0);
    expect(nextHeaderOpacity(100, 0)).toBeCloseTo(0.3);
    expect(nextHeaderOpacity(200, 0.3)).toBeCloseTo(0.6);
  });

  it('is capped at 0.85 while increasing', () => {
    expect(nextHeaderOpacity(1000, 0.6)).toBe(0.85);
    expect(nextHeaderOpacity(5000, 0.85)).toBe(0.85);
  });

  it('follows the scroll back down below the cap', () => {
    expect(nextHeaderOpacity(100, 0.85)).toBeCloseTo(0.3);
    expect(nextHeaderOpacity(0, 0.85)).toBe(0);
  });

  it('turns the header sticky only above 0.5', () => {
    expect(isHeaderSticky(0.5)).toBe(false);
    expect(isHeaderSticky(0.51)).toBe(true);
    expect(isHeaderSticky(nextHeaderOpacity(150, 0))).toBe(false);
    expect(isHeaderSticky(nextHeaderOpacity(170, 0))).toBe(true);
  });
});
