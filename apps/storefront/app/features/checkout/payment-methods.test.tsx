import type { PaymentGateway } from '@larder/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentMethods } from './payment-methods.tsx';

const gateway = (id: 'stripe' | 'paypal', title: string, description: string) =>
  ({ id, title, description }) as PaymentGateway;

const registration = {
  name: 'payment_method' as const,
  onChange: async () => {},
  onBlur: async () => {},
  ref: () => {},
};

describe('PaymentMethods', () => {
  it("offers each enabled gateway by its title, with its description read as the radio's description", () => {
    render(
      <PaymentMethods
        gateways={[
          gateway('stripe', 'Credit Card (Stripe)', 'Pay by card.'),
          gateway('paypal', 'PayPal', 'Pay with your PayPal account.'),
        ]}
        registration={registration}
      />,
    );
    expect(screen.getByRole('group', { name: 'Payment method' })).toBeTruthy();
    expect(
      screen.getByRole('radio', { name: 'PayPal', description: 'Pay with your PayPal account.' }),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Credit Card (Stripe)' })).toBeTruthy();
  });

  it('says payments are down when no gateway is enabled, and shows a choice error', () => {
    render(<PaymentMethods gateways={[]} registration={registration} error="Choose how to pay." />);
    expect(screen.getByRole('alert').textContent).toMatch(/Payments are not available/);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(
      screen.getByRole('group', { name: 'Payment method', description: 'Choose how to pay.' }),
    ).toBeTruthy();
  });

  it('offers Pay by invoice to a buyer with terms, and shows why beside it when it is off', () => {
    const { rerender } = render(
      <PaymentMethods
        gateways={[gateway('stripe', 'Credit Card (Stripe)', 'Pay by card.')]}
        registration={registration}
        invoice={{ title: 'Pay by invoice (Net 30)', refusal: null }}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Pay by invoice (Net 30)' })).toHaveProperty(
      'disabled',
      false,
    );
    rerender(
      <PaymentMethods
        gateways={[gateway('stripe', 'Credit Card (Stripe)', 'Pay by card.')]}
        registration={registration}
        invoice={{
          title: 'Pay by invoice (Net 30)',
          refusal: 'Over the limit. Pay by card instead.',
        }}
      />,
    );
    const radio = screen.getByRole('radio', {
      name: 'Pay by invoice (Net 30)',
      description: 'Over the limit. Pay by card instead.',
    });
    expect(radio).toHaveProperty('disabled', true);
  });
});
