import type { Product } from '@larder/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from './price.tsx';
import { priceRange } from './product-summary.ts';

const variation = (display_price: number, wholesale_price?: number) =>
  ({
    display_price,
    ...(wholesale_price === undefined ? {} : { wholesale_price }),
  }) as Product['variations'][number];

describe('priceRange (spec §6)', () => {
  it('is the retail range for everyone the API sends no wholesale price', () => {
    expect(priceRange({ price: '9.00', variations: [variation(9), variation(24)] })).toEqual({
      min: 9,
      max: 24,
    });
  });

  it("is a simple product's wholesale price for a buyer the API sent one, else its price", () => {
    expect(priceRange({ price: '12.50', wholesale_price: '7.50', variations: [] })).toEqual({
      min: 7.5,
      max: 7.5,
      wholesale: true,
    });
    expect(priceRange({ price: '12.50', variations: [] })).toEqual({ min: 12.5, max: 12.5 });
  });

  it("is a wholesale buyer's wholesale prices, where the API gave them", () => {
    expect(
      priceRange({ price: '9.00', variations: [variation(9, 6.5), variation(24, 17)] }),
    ).toEqual({ min: 6.5, max: 17, wholesale: true });
  });
});

describe('Price', () => {
  it('marks a wholesale range for sight and for screen readers', () => {
    render(<Price range={{ min: 6.5, max: 17, wholesale: true }} />);
    expect(screen.getByText('Wholesale price')).toBeTruthy();
    expect(screen.getByText('Wholesale')).toBeTruthy();
    expect(document.querySelector('.price--wholesale')?.textContent).toContain('$6.50');
  });
});
