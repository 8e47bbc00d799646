import type { CheckoutBillingAddress, PaymentClient, PaymentGateway } from '@larder/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { loadStripe } from '@stripe/stripe-js/pure';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_CART, makeCartItem, useCartStore } from '../cart/cart-store.ts';
import { anOrder } from '../orders/test-data.ts';
import { jsonResponse } from '../reviews/test-data.ts';
import { OrderPaymentDialog } from './order-payment-dialog.tsx';
import { STRIPE_LOAD_ERROR } from './stripe-card-fields.tsx';

// jsdom cannot run Stripe's CDN script; here it fails to load, as it does when the CDN is unreachable.
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: vi.fn(async () => {
    throw new Error('Failed to load Stripe.js');
  }),
}));

const order = anOrder();
const billing: CheckoutBillingAddress = {
  first_name: 'Ada',
  last_name: 'Baker',
  company: '',
  email: 'ada@example.com',
  phone: '919-555-0100',
  address_1: '12 Oak Street',
  address_2: '',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
  country: 'US',
};

function gateway(id: PaymentGateway['id'], client: PaymentClient): PaymentGateway {
  return {
    id,
    title: id === 'stripe' ? 'Credit Card' : 'PayPal',
    description: '',
    order: id === 'stripe' ? 1 : 2,
    enabled: true,
    method_title: id,
    method_description: '',
    method_supports: ['products'],
    client,
  };
}

const TEST_GATEWAYS = [
  gateway('stripe', { provider: 'test' }),
  gateway('paypal', { provider: 'test' }),
];

const paid = (body: Record<string, unknown> = {}) =>
  jsonResponse({
    code: 200,
    message: 'Payment received.',
    order_id: order.id,
    status: 'processing',
    transaction_id: 'txn_1',
    ...body,
  });
const declined = () =>
  jsonResponse(
    { code: 'card_declined', message: 'Your card was declined', data: { status: 402 } },
    402,
  );

/** Answers by path; `payments` are the answers to the payment posts, in order. */
function stubApi(gateways: PaymentGateway[], payments: Response[] = []) {
  const calls: { path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/wp-json/wc/v3/payment_gateways') return jsonResponse(gateways);
    if (path === '/wp-json/wc/v3/paypal-order') return jsonResponse({ id: 'PAYPAL-ORDER-9' });
    const answer = payments.shift();
    if (!answer) throw new Error(`Unexpected call to ${path}`);
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function Received() {
  const location = useLocation();
  return <p data-testid="received">{`${location.pathname}${location.search}`}</p>;
}

function renderDialog() {
  const onPaid = vi.fn();
  const Stub = createRoutesStub([
    {
      path: '/checkout',
      Component: () => (
        <OrderPaymentDialog
          order={order}
          billing={billing}
          open
          onPaid={onPaid}
          onClose={() => {}}
        />
      ),
    },
    { path: '/order-received/:id', Component: Received },
  ]);
  render(<Stub initialEntries={['/checkout']} />);
  return { onPaid, user: userEvent.setup() };
}

async function findDialog() {
  return within(await screen.findByRole('dialog', { name: 'Order Payment' }));
}

async function typeCard(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  number: string,
) {
  const field = await dialog.findByLabelText('Card number');
  await user.clear(field);
  await user.type(field, number);
  await user.clear(dialog.getByLabelText('Expiry (MM/YY)'));
  await user.type(dialog.getByLabelText('Expiry (MM/YY)'), '1240');
  await user.clear(dialog.getByLabelText('CVC'));
  await user.type(dialog.getByLabelText('CVC'), '123');
}

beforeEach(() => {
  useCartStore.setState({
    ...INITIAL_CART,
    items: [
      makeCartItem({ id: 7, slug: 'maple', name: 'Maple', type: 'simple', images: [] }, 2, {
        price: 12,
      }),
    ],
    pendingOrder: { id: order.id, order_key: order.order_key, linesKey: '7:0x2' },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(loadStripe).mockClear();
  localStorage.clear();
});

describe('OrderPaymentDialog (spec §2, §4)', () => {
  it('shows the order number and total and keeps Submit Payment disabled until the card is complete', async () => {
    stubApi(TEST_GATEWAYS);
    const { user } = renderDialog();
    const dialog = await findDialog();
    expect(dialog.getByTestId('payment-order-number').textContent).toBe('#1042');
    expect(dialog.getByTestId('payment-order-total').textContent).toBe('$32.50');
    // The button comes with the payment methods, which the dialog fetches once it is open.
    const submit = await dialog.findByRole('button', { name: 'Submit Payment' });
    await waitFor(() => expect(dialog.getByTestId('card-widget').dataset.status).toBe('ready'));
    expect(submit).toHaveProperty('disabled', true);

    await user.type(dialog.getByLabelText('Card number'), '4242424242424241');
    await user.tab();
    expect(dialog.getByText('Enter a valid card number.')).toBeTruthy();
    expect(dialog.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');

    await typeCard(user, dialog, '4242424242424242');
    expect(dialog.getByLabelText('Card number')).toHaveProperty('value', '4242 4242 4242 4242');
    expect(dialog.getByLabelText('Expiry (MM/YY)')).toHaveProperty('value', '12 / 40');
    // The form kit's resolver checks the card asynchronously, so the button enables a tick later.
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
  });

  it("shows the server's decline, keeps the card, and pays on retry: cart emptied, receipt shown", async () => {
    const calls = stubApi(TEST_GATEWAYS, [declined(), paid()]);
    const { user, onPaid } = renderDialog();
    const dialog = await findDialog();
    await typeCard(user, dialog, '4000000000000002');
    await user.click(dialog.getByRole('button', { name: 'Submit Payment' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Your card was declined');
    expect(dialog.getByLabelText('Card number')).toHaveProperty('value', '4000 0000 0000 0002');
    expect(useCartStore.getState().items).toHaveLength(1);
    const first = calls.find((call) => call.path === '/wp-json/wc/v3/stripe-payment');
    expect(first?.body).toMatchObject({
      order_id: 1042,
      order_key: 'wc_order_abc123',
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      create_account: false,
    });
    // The card number itself never goes to the shop: only the test token (outcome, last four).
    expect(JSON.stringify(calls)).not.toMatch(/4000\s*0000/);

    await typeCard(user, dialog, '4242424242424242');
    await user.click(dialog.getByRole('button', { name: 'Submit Payment' }));
    expect((await screen.findByTestId('received')).textContent).toBe(
      '/order-received/1042?key=wc_order_abc123',
    );
    expect(useCartStore.getState().items).toEqual([]);
    expect(useCartStore.getState().pendingOrder).toBeNull();
    expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ code: 200, order_id: 1042 }));
    const tokens = calls
      .filter((call) => call.path === '/wp-json/wc/v3/stripe-payment')
      .map((call) => (call.body as { payment_token: string }).payment_token);
    expect(tokens).toEqual(['pm_test_declined_0002', 'pm_test_success_4242']);
  });

  it('pays through the PayPal stand-in with the same two calls the real buttons make', async () => {
    const calls = stubApi(TEST_GATEWAYS, [paid()]);
    const { user } = renderDialog();
    const dialog = await findDialog();
    await user.click(await dialog.findByRole('button', { name: 'Pay with PayPal (test)' }));

    await screen.findByTestId('received');
    const posts = calls.filter((call) => call.body !== undefined);
    expect(posts.map((call) => call.path)).toEqual([
      '/wp-json/wc/v3/paypal-order',
      '/wp-json/wc/v3/paypal-payment',
    ]);
    expect(posts[0]!.body).toEqual({ order_id: 1042, order_key: 'wc_order_abc123' });
    expect(posts[1]!.body).toMatchObject({
      order_id: 1042,
      order_key: 'wc_order_abc123',
      ppec_token: 'PAYPAL-ORDER-9',
    });
    expect(useCartStore.getState().items).toEqual([]);
  });

  it("shows the widget's error state when Stripe's script cannot load, with Try again and PayPal instead", async () => {
    stubApi([
      gateway('stripe', { provider: 'stripe', publishable_key: 'pk_test_123' }),
      gateway('paypal', { provider: 'test' }),
    ]);
    const { user } = renderDialog();
    const dialog = await findDialog();
    expect((await dialog.findByRole('alert')).textContent).toBe(STRIPE_LOAD_ERROR);
    expect(dialog.getByTestId('card-widget').dataset.status).toBe('error');
    expect(dialog.getByRole('button', { name: 'Submit Payment' })).toHaveProperty('disabled', true);

    await user.click(dialog.getByRole('button', { name: 'Pay with PayPal instead' }));
    expect(document.activeElement).toBe(
      dialog.getByRole('button', { name: 'Pay with PayPal (test)' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    // Tried again (Stripe's script asked for once more), failed again: the error state, not a dead end.
    await waitFor(() => expect(loadStripe).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(dialog.getByTestId('card-widget').dataset.status).toBe('error'));
    expect(dialog.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says so when the payment options cannot be loaded, and tries again', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(TEST_GATEWAYS));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderDialog();
    const dialog = await findDialog();
    expect((await dialog.findByRole('alert')).textContent).toMatch(/could not reach the shop/);
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByLabelText('Card number')).toBeTruthy();
  });
});
