import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/ui/toast.tsx';
import { useCartStore } from '../cart/cart-store.ts';
import type { ProductDetailData } from './product-detail.ts';
import { ProductDetail } from './product-detail-view.tsx';

// The toast's code is loaded on the first add (decision 0047); under the whole suite that import
// has taken over Testing Library's default 1 s.
const LAZY_TOAST = { timeout: 10_000 };

const variation = (
  id: number,
  flavour: string,
  size: string,
  price: number,
  extra: Partial<ProductDetailData['variations'][number]> = {},
) => ({
  variation_id: id,
  attributes: { Flavour: flavour, Size: size },
  display_price: price,
  display_regular_price: price,
  is_in_stock: true,
  is_purchasable: true,
  stock_status: 'instock',
  stock_quantity: null,
  max_qty: null,
  image: null,
  ...extra,
});

const product: ProductDetailData = {
  id: 1,
  slug: 'granola-bites',
  name: 'Granola Bites',
  type: 'variable',
  images: [
    {
      id: 1,
      src: '/wp-content/uploads/bites.svg',
      alt: 'A jar of Granola Bites',
      width: 800,
      height: 800,
    },
    {
      id: 2,
      src: '/wp-content/uploads/bites-bowl.svg',
      alt: 'Granola Bites in a bowl',
      width: 800,
      height: 800,
    },
  ],
  price: { min: 11, max: 26 },
  simple: { price: 11, regularPrice: 11, inStock: true, stockQuantity: null },
  rating: { average: 4.8, count: 56 },
  shortDescription: '<p>Bite-size clusters.</p>',
  description: '<p>Baked low.</p>',
  summary: 'Bite-size clusters.',
  category: 'Snacks & Gifts',
  attributes: [
    { name: 'Flavour', options: ['Honey', 'Cocoa', 'Peanut Butter'] },
    { name: 'Size', options: ['2 lb', '12 oz'] },
  ],
  variations: [
    variation(11, 'Honey', '12 oz', 11),
    variation(13, 'Cocoa', '12 oz', 11.5),
    variation(15, 'Peanut Butter', '12 oz', 11.5, { max_qty: 3 }),
    variation(12, 'Honey', '2 lb', 25),
    variation(14, 'Cocoa', '2 lb', 26),
    variation(16, 'Peanut Butter', '2 lb', 26, { is_in_stock: false }),
  ],
  initialSelection: { Flavour: 'Honey', Size: '12 oz' },
  cartProduct: {
    id: 1,
    slug: 'granola-bites',
    name: 'Granola Bites',
    type: 'variable',
    images: [{ src: '/wp-content/uploads/bites.svg', alt: 'A jar of Granola Bites' }],
  },
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

async function renderProduct(data: ProductDetailData = product) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <ProductDetail product={data} />
          <AppToastContainer />
        </>
      ),
    },
    { path: '/cart', Component: () => <h1>Cart page</h1> },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByTestId('product-page');
}

const price = () => screen.getByTestId('product-price').textContent;

/**
 * Adds what is chosen and waits for its toast. A toast shown once the test has ended would land in
 * the next test's page: react-toastify keeps it for the next container that mounts.
 */
async function addToCart() {
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
  await screen.findByText('Item added to cart', undefined, LAZY_TOAST);
}

describe('ProductDetail', () => {
  afterEach(() => {
    act(() => useCartStore.getState().empty());
  });

  it('preselects the cheapest variation and shows its price, rating and dietary tags', async () => {
    await renderProduct();
    expect((screen.getByRole('radio', { name: 'Honey' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '12 oz' }) as HTMLInputElement).checked).toBe(true);
    expect(price()).toBe('$11.00');
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Dietary' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gluten-free', 'Non-GMO']);
  });

  it('lists options in the given order as radio groups and shows the chosen variation price', async () => {
    await renderProduct();
    const flavour = screen.getByRole('group', { name: /Flavour/ });
    expect(
      within(flavour)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['Honey', 'Cocoa', 'Peanut Butter']);
    fireEvent.click(screen.getByRole('radio', { name: 'Cocoa' }));
    fireEvent.click(screen.getByRole('radio', { name: '2 lb' }));
    expect(price()).toBe('$26.00');
  });

  it('disables a combination that is sold out, saying so', async () => {
    await renderProduct();
    fireEvent.click(screen.getByRole('radio', { name: 'Peanut Butter' }));
    const twoPounds = screen.getByRole('radio', { name: /2 lb/ }) as HTMLInputElement;
    expect(twoPounds.disabled).toBe(true);
    expect(twoPounds.closest('label')?.textContent).toBe('2 lbSold out');
  });

  it('keeps the quantity between 1 and the stock limit', async () => {
    await renderProduct();
    fireEvent.click(screen.getByRole('radio', { name: 'Peanut Butter' }));
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    expect(
      (screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    for (let i = 0; i < 5; i += 1)
      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('3');
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(screen.getByTestId('quantity-limit').textContent).toBe('We have 3 in stock.');
  });

  it('adds the chosen variation and quantity to the cart, and the toast leads to /cart', async () => {
    await renderProduct();
    fireEvent.click(screen.getByRole('radio', { name: 'Cocoa' }));
    fireEvent.click(screen.getByRole('radio', { name: '2 lb' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({
        id: 14,
        variation_id: 14,
        quantity: 2,
        price: 26,
        variation: { Flavour: 'Cocoa', Size: '2 lb' },
      }),
    ]);
    fireEvent.click(await screen.findByText('Item added to cart', undefined, LAZY_TOAST));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
  });

  it('names the item added in the toast, with a View cart link', async () => {
    await renderProduct();
    fireEvent.click(screen.getByRole('radio', { name: 'Cocoa' }));
    fireEvent.click(screen.getByRole('radio', { name: '2 lb' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Granola Bites | Cocoa, 2 lb', undefined, LAZY_TOAST),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'View cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
  });

  it('shows the wholesale price as the price to pay with the retail price struck through, and charges it', async () => {
    const wholesale = {
      ...product,
      variations: product.variations.map((entry) => ({
        ...entry,
        wholesale_price: Math.round(entry.display_price * 60) / 100,
      })),
    };
    await renderProduct(wholesale);
    expect(screen.getByTestId('price-to-pay').textContent).toBe('Wholesale price $6.60');
    expect(screen.getByTestId('product-price').querySelector('del')?.textContent).toBe(
      'Retail price $11.00',
    );
    await addToCart();
    expect(useCartStore.getState().items[0]?.price).toBe(6.6);
  });

  it('shows a simple product without selectors, at its own price', async () => {
    await renderProduct({
      ...product,
      type: 'simple',
      attributes: [],
      variations: [],
      simple: { price: 34, regularPrice: 34, inStock: true, stockQuantity: null },
    });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(price()).toBe('$34.00');
    await addToCart();
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({ id: 1, quantity: 1, price: 34 }),
    ]);
  });

  it("shows a wholesale buyer a simple product's wholesale price as the price to pay, and charges it", async () => {
    await renderProduct({
      ...product,
      type: 'simple',
      attributes: [],
      variations: [],
      simple: {
        price: 12.5,
        regularPrice: 12.5,
        wholesalePrice: 7.5,
        inStock: true,
        stockQuantity: null,
      },
    });
    expect(screen.getByTestId('price-to-pay').textContent).toBe('Wholesale price $7.50');
    expect(screen.getByTestId('product-price').querySelector('del')?.textContent).toBe(
      'Retail price $12.50',
    );
    await addToCart();
    expect(useCartStore.getState().items[0]?.price).toBe(7.5);
  });

  it('switches the main image from the thumbnails', async () => {
    await renderProduct();
    const gallery = screen.getByTestId('product-gallery');
    expect(gallery.querySelector('.product__media img')?.getAttribute('alt')).toBe(
      'A jar of Granola Bites',
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Show image 2 of 2: Granola Bites in a bowl' }),
    );
    expect(gallery.querySelector('.product__media img')?.getAttribute('alt')).toBe(
      'Granola Bites in a bowl',
    );
  });

  it("shows the chosen size's own picture, and the product's for a size without one", async () => {
    const bag = (id: number, size: string) => ({
      id,
      src: `/wp-content/uploads/bites-${size}.svg`,
      alt: `A ${size} bag of Granola Bites`,
      width: 800,
      height: 800,
    });
    await renderProduct({
      ...product,
      variations: product.variations.map((entry) =>
        entry.attributes.Flavour === 'Honey'
          ? { ...entry, image: bag(20 + entry.variation_id, entry.attributes.Size ?? '') }
          : entry,
      ),
    });
    const mainAlt = () =>
      screen
        .getByTestId('product-gallery')
        .querySelector('.product__media img')
        ?.getAttribute('alt');
    // Preselected: Honey, 12 oz.
    expect(mainAlt()).toBe('A 12 oz bag of Granola Bites');
    fireEvent.click(screen.getByRole('radio', { name: '2 lb' }));
    expect(mainAlt()).toBe('A 2 lb bag of Granola Bites');
    fireEvent.click(screen.getByRole('radio', { name: 'Cocoa' }));
    expect(mainAlt()).toBe('A jar of Granola Bites');
    fireEvent.click(screen.getByRole('radio', { name: 'Honey' }));
    expect(mainAlt()).toBe('A 2 lb bag of Granola Bites');
  });

  it('counts what the cart already holds against the stock, and says so', async () => {
    await renderProduct();
    fireEvent.click(screen.getByRole('radio', { name: 'Peanut Butter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await addToCart();
    // 2 of the 3 are in the cart: one more may be added, and asking for two is answered.
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    expect(input.value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('1');
    expect(screen.getByTestId('quantity-limit').textContent).toBe(
      'We have 3 in stock; your cart holds 2.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    // The same item again: its toast counts the repeat instead of stacking a second one.
    expect((await screen.findByTestId('toast-count')).textContent).toBe('×2');
    const add = screen.getByTestId('add-to-cart') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.textContent).toBe('All in your cart');
    expect(screen.getByTestId('quantity-limit').textContent).toBe(
      'We have 3 in stock; your cart holds 3.',
    );
  });

  it('keeps the allergens and opens the nutrition facts in a dialog', async () => {
    await renderProduct();
    expect(screen.getByText(/Almonds/).textContent).toContain('Contains:');
    expect(screen.getByText(/May contain traces of Peanuts/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nutrition facts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nutrition facts' });
    expect(
      within(dialog).getByRole('rowheader', { name: /Total Fat/ }).nextElementSibling?.textContent,
    ).toBe('10%');
  });
});
