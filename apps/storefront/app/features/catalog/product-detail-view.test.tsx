import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductDetailData } from './product-detail.ts';
import { ProductDetail } from './product-detail-view.tsx';

const product: ProductDetailData = {
  id: 1,
  slug: 'honey-oat-classic',
  name: 'Honey Oat Classic',
  images: [{ id: 1, src: '/wp-content/uploads/honey.svg', alt: 'A bag of Honey Oat Classic', width: 800, height: 800 }],
  price: { min: 12, max: 58 },
  shortDescription: '<p>Our first recipe.</p>',
  description: '<p>Baked low.</p>',
  summary: 'Our first recipe.',
  category: 'Classic Granola',
  sizes: [
    { id: 11, label: '12 oz', price: 12, inStock: true },
    { id: 12, label: '5 lb bulk', price: 58, inStock: false },
  ],
  food: {
    ingredients: 'Rolled oats, wildflower honey, sea salt.',
    allergens: ['Almonds'],
    may_contain: ['Peanuts'],
    dietary_tags: ['gluten-free', 'non-gmo'],
    nutrition: {
      serving_size: '1/2 cup (50 g)',
      servings_per_container: 'about 7',
      calories: 220,
      total_fat_g: 8,
      saturated_fat_g: 2.5,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 75,
      total_carbohydrate_g: 28,
      dietary_fiber_g: 4,
      total_sugars_g: 10,
      added_sugars_g: 9,
      protein_g: 5,
    },
  },
};

async function renderProduct() {
  const Stub = createRoutesStub([{ path: '/', Component: () => <ProductDetail product={product} /> }]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByTestId('product-page');
}

describe('ProductDetail', () => {
  it('shows the price range, dietary tags, sizes and allergens', async () => {
    await renderProduct();
    expect(screen.getByTestId('product-price').textContent).toBe('$12.00 – $58.00');
    expect(within(screen.getByRole('list', { name: 'Dietary' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Gluten-free',
      'Non-GMO',
    ]);
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.getByText(/Almonds/).textContent).toContain('Contains:');
    expect(screen.getByText(/May contain traces of Peanuts/)).toBeTruthy();
  });

  it('opens the nutrition facts in a dialog', async () => {
    await renderProduct();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nutrition facts' }));
    const dialog = screen.getByRole('dialog', { name: 'Nutrition facts' });
    expect(within(dialog).getByText('Calories').parentElement?.textContent).toContain('220');
    expect(within(dialog).getByRole('rowheader', { name: /Total Fat/ }).nextElementSibling?.textContent).toBe('10%');
  });
});
