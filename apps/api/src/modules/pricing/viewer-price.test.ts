import { describe, expect, it } from 'vitest';
import { guestViewer } from '../../http/viewer.ts';
import { retailCents, viewerPrice } from './viewer-price.ts';

const wholesaleBuyer = { canSeeWholesale: true };

describe('viewerPrice', () => {
  it('gives everyone the regular price when there is no sale', () => {
    const item = { regularPriceCents: 1250, salePriceCents: null, wholesalePriceCents: null };
    expect(viewerPrice(item, guestViewer)).toEqual({
      retailCents: 1250,
      wholesaleCents: null,
      payCents: 1250,
    });
  });

  it('makes the sale price the retail price while there is one', () => {
    const item = { regularPriceCents: 1250, salePriceCents: 1050, wholesalePriceCents: 750 };
    expect(viewerPrice(item, guestViewer)).toEqual({
      retailCents: 1050,
      wholesaleCents: null,
      payCents: 1050,
    });
  });

  it('charges a buyer allowed to see wholesale prices the wholesale price where one is set', () => {
    const item = { regularPriceCents: 1250, salePriceCents: 1050, wholesalePriceCents: 750 };
    expect(viewerPrice(item, wholesaleBuyer)).toEqual({
      retailCents: 1050,
      wholesaleCents: 750,
      payCents: 750,
    });
  });

  it('charges a wholesale buyer retail for an item without a wholesale price', () => {
    const item = { regularPriceCents: 900, salePriceCents: null, wholesalePriceCents: null };
    expect(viewerPrice(item, wholesaleBuyer)).toEqual({
      retailCents: 900,
      wholesaleCents: null,
      payCents: 900,
    });
  });

  it('gives an item without a price no price at all, even with a wholesale price stored', () => {
    const item = { regularPriceCents: null, salePriceCents: null, wholesalePriceCents: 750 };
    expect(viewerPrice(item, wholesaleBuyer)).toBeNull();
    expect(viewerPrice(item, guestViewer)).toBeNull();
  });

  it('sells an item that has only a sale price at that price', () => {
    const item = { regularPriceCents: null, salePriceCents: 800, wholesalePriceCents: null };
    expect(viewerPrice(item, guestViewer)?.payCents).toBe(800);
  });
});

describe('retailCents', () => {
  it('is the sale price, else the regular price, else null', () => {
    expect(retailCents({ regularPriceCents: 1250, salePriceCents: 1050 })).toBe(1050);
    expect(retailCents({ regularPriceCents: 1250, salePriceCents: null })).toBe(1250);
    expect(retailCents({ regularPriceCents: null, salePriceCents: null })).toBeNull();
  });
});
