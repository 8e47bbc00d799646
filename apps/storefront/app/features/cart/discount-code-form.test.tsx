import type { ShippingRate } from '@larder/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartTotals } from './cart-totals.tsx';
import { DiscountCodeForm } from './discount-code-form.tsx';
import { useDiscountCodes, type CartDiscountState } from './discount-codes.ts';

const standard: ShippingRate = {
  rate_id: 'flat_rate:1',
  label: 'Standard shipping',
  cost: 6.95,
  method_id: 'flat_rate',
  instance_id: 1,
  tax: { cart_tax: 0, shipping_tax: 0, total_tax: 0, exempt_reason: null },
};

const quoted = (overrides: Partial<NonNullable<CartDiscountState['discounts']>> = {}) =>
  ({
    status: 'ready',
    error: null,
    discounts: {
      subtotal: '23.00',
      discount_total: '2.30',
      free_shipping: false,
      coupon_lines: [
        { id: 1, code: 'WELCOME10', discount: '2.30', discount_tax: '0.00', free_shipping: false },
      ],
      line_items: [],
      ...overrides,
    },
  }) satisfies CartDiscountState;

afterEach(() => useDiscountCodes.getState().clear());

describe('CartTotals with discount codes', () => {
  it('takes the discount off the total and shows it as its own row', () => {
    render(
      <CartTotals
        subtotalCents={2300}
        rate={standard}
        estimateCents={695}
        pendingShipping=""
        discount={{ cents: 230, freeShipping: false }}
      />,
    );
    expect(screen.getByTestId('totals-discount').textContent).toContain('−$2.30');
    expect(screen.getByTestId('totals-grand').textContent).toContain('$27.65');
  });

  it('a free-shipping code makes the chosen rate free in the total', () => {
    render(
      <CartTotals
        subtotalCents={4000}
        rate={standard}
        estimateCents={695}
        pendingShipping=""
        discount={{ cents: 0, freeShipping: true }}
      />,
    );
    expect(screen.queryByTestId('totals-discount')).toBe(null);
    expect(screen.getByTestId('totals-shipping').textContent).toContain('Free');
    expect(screen.getByTestId('totals-grand').textContent).toContain('$40.00');
  });

  it('adds the tax the server quoted on the discounted cart: subtotal − discount + shipping + tax', () => {
    const taxed = { ...standard, tax: { ...standard.tax, cart_tax: 1.55, total_tax: 1.55 } };
    render(
      <CartTotals
        subtotalCents={2300}
        rate={taxed}
        estimateCents={695}
        pendingShipping=""
        discount={{ cents: 230, freeShipping: false }}
      />,
    );
    expect(screen.getByTestId('totals-tax').textContent).toContain('$1.55');
    expect(screen.getByTestId('totals-grand').textContent).toContain('$29.20');
  });
});

describe('DiscountCodeForm', () => {
  it('a refused code: the server’s message on the field and in the live region, focus kept', async () => {
    const apply = vi.fn().mockResolvedValue({
      ok: false,
      message: 'The code OLD expired on September 1, 2026.',
    });
    render(<DiscountCodeForm idPrefix="cart" codes={[]} state={quoted()} apply={apply} />);
    const field = screen.getByRole('textbox', { name: /Discount code/ });
    await userEvent.type(field, 'old{Enter}');
    expect(apply).toHaveBeenCalledWith('old');
    expect(screen.getByRole('status').textContent).toContain(
      'The code OLD expired on September 1, 2026.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
  });

  it('lists each code with what it took off, and Remove forgets it and returns focus to the field', async () => {
    useDiscountCodes.getState().add('WELCOME10');
    render(
      <DiscountCodeForm idPrefix="cart" codes={['WELCOME10']} state={quoted()} apply={vi.fn()} />,
    );
    expect(screen.getByRole('list', { name: 'Discount codes applied' }).textContent).toContain(
      'WELCOME10−$2.30',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove discount code WELCOME10' }));
    expect(useDiscountCodes.getState().codes).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Discount code/ }));
    expect(screen.getByRole('status').textContent).toContain('Discount code WELCOME10 removed.');
  });

  it('a free-shipping code with no amount says so', () => {
    render(
      <DiscountCodeForm
        idPrefix="cart"
        codes={['FREESHIP']}
        state={quoted({
          discount_total: '0.00',
          free_shipping: true,
          coupon_lines: [
            {
              id: 1,
              code: 'FREESHIP',
              discount: '0.00',
              discount_tax: '0.00',
              free_shipping: true,
            },
          ],
        })}
        apply={vi.fn()}
      />,
    );
    expect(screen.getByRole('list', { name: 'Discount codes applied' }).textContent).toContain(
      'Free shipping',
    );
  });
});
