import type { Order } from '@larder/contract';
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub, type AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderLine } from '../features/orders/test-data.ts';
import OrderReceived, { ErrorBoundary, loader } from './order-received.tsx';
import { demoShop } from '../test/shop.ts';

const apiError = (status: number, code: string) =>
  Response.json({ code, message: 'No.', data: { status } }, { status });

/** The API as the loader sees it: pages by slug, and one order readable with its key. */
function contextFor(order: Order, seen: string[] = []) {
  return {
    cspNonce: 'n',
    siteConfig: {
      newsletterSignupUrl: 'https://example.com',
      publicUrl: 'http://shop.test',
      analytics: null,
      shop: demoShop,
    },
    async apiFetch(path: string) {
      seen.push(path);
      const url = new URL(path, 'http://shop.test');
      if (url.pathname === '/wp-json/wp/v2/pages') return Response.json([]);
      if (url.pathname !== `/wp-json/wc/v3/orders/${order.id}`)
        return apiError(404, 'woocommerce_rest_shop_order_invalid_id');
      // As the API answers: a guest without the right key 401, a signed-in stranger 403.
      const key = url.searchParams.get('key');
      if (key === 'signed-in-stranger') return apiError(403, 'woocommerce_rest_cannot_view');
      if (key !== order.order_key) return apiError(401, 'woocommerce_rest_cannot_view');
      return Response.json(order);
    },
  } satisfies AppLoadContext;
}

type Args = Parameters<typeof loader>[0];
const run = (order: Order, path: string, seen?: string[]) =>
  loader({
    context: contextFor(order, seen),
    params: { id: path.split('/')[2]!.split('?')[0]! },
    request: new Request(`http://shop.test${path}`),
  } as unknown as Args);

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { init: { status: number } }).init.status;
  }
  throw new Error('expected the loader to throw');
}

function renderPage(order: Order) {
  const Stub = createRoutesStub([
    {
      path: '/order-received/:id',
      Component: OrderReceived as never,
      loader: () => ({ chrome: {}, page: null, order }),
    },
  ]);
  render(<Stub initialEntries={[`/order-received/${order.id}`]} />);
}

describe('order-received loader', () => {
  it('reads the order with the key from the address', async () => {
    const order = anOrder();
    const seen: string[] = [];
    const data = await run(order, `/order-received/1042?key=${order.order_key}`, seen);
    expect(data.order.id).toBe(1042);
    expect(seen).toContain(`/wp-json/wc/v3/orders/1042?key=${order.order_key}`);
  });

  it("answers the API's 401 and 403 with the same status, and 404 for an unknown order", async () => {
    const order = anOrder();
    expect(await statusOf(run(order, '/order-received/1042'))).toBe(401);
    expect(await statusOf(run(order, '/order-received/1042?key=wc_order_nope'))).toBe(401);
    expect(await statusOf(run(order, '/order-received/1042?key=signed-in-stranger'))).toBe(403);
    expect(await statusOf(run(order, '/order-received/9999?key=wc_order_abc123'))).toBe(404);
    expect(await statusOf(run(order, '/order-received/abc?key=wc_order_abc123'))).toBe(404);
  });
});

describe('order-received page', () => {
  it('for an order on account: no payment asked for, the amount, due date and PO number shown', async () => {
    renderPage(
      anOrder({
        status: 'on-hold',
        total: '42.49',
        payment_method: 'invoice',
        payment_method_title: 'Pay by invoice (Net 30)',
        invoice: {
          terms: 'net30',
          purchase_order_number: 'PO-2041',
          date_due: '2026-12-26T09:00:00',
          date_due_gmt: '2026-12-26T14:00:00',
          overdue: false,
          payment_reference: '',
        },
      }),
    );
    const note = await screen.findByTestId('order-invoice-note');
    expect(note.textContent).toContain('We will invoice you for $42.49');
    expect(note.textContent).toContain('due by December 26, 2026 (Net 30)');
    expect(screen.getByTestId('order-due-date').textContent).toBe(
      note.querySelector('time')!.textContent,
    );
    expect(screen.getByTestId('order-po-number').textContent).toBe('PO-2041');
    expect(screen.queryByText(/We have not received payment/)).toBeNull();
  });

  it('shows the receipt: lines with attributes, subtotal, shipping, total, addresses, payment and status', async () => {
    const order = anOrder({
      status: 'processing',
      line_items: [
        anOrderLine(),
        anOrderLine({
          id: 2,
          name: 'Cocoa Crunch',
          parent_name: null,
          variation_id: 0,
          quantity: 1,
          price: 9.99,
          subtotal: '9.99',
          total: '9.99',
          meta_data: [],
          image: { id: 0, src: '' },
        }),
      ],
      shipping_total: '8.50',
      total: '42.49',
      customer_note: 'Happy birthday, Sam!',
    });
    renderPage(order);

    const lines = await screen.findAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Maple Pecan Granola')).toBeTruthy();
    expect(within(lines[0]!).getByText('Size: 12 oz')).toBeTruthy();
    expect(within(lines[0]!).getByTestId('order-line-total').textContent).toBe('$24.00');
    expect(within(lines[1]!).getByText('Cocoa Crunch')).toBeTruthy();
    expect(screen.getByTestId('order-subtotal').textContent).toBe('$33.99');
    expect(screen.getByTestId('order-shipping').textContent).toBe('$8.50');
    expect(screen.getByText('Flat rate')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('$42.49');
    expect(screen.getByTestId('order-number').textContent).toBe('1042');
    expect(screen.getByText('November 20, 2026')).toBeTruthy();
    expect(screen.getByText('Credit Card (Stripe)')).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Processing');
    expect(screen.getByTestId('order-email-note').textContent).toContain('ada@example.com');
    expect(screen.getByText('Happy birthday, Sam!')).toBeTruthy();

    const billing = screen.getByRole('region', { name: 'Billing address' });
    expect(within(billing).getByText('Durham, NC 27701')).toBeTruthy();
    expect(within(billing).getByText('United States')).toBeTruthy();
    expect(within(billing).getByText('919-555-0100')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Shipping address' }).textContent).toContain(
      '12 Oak Street',
    );
  });

  it('says an unpaid order is still waiting for payment instead of thanking for it', async () => {
    renderPage(anOrder({ status: 'pending' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/not received payment/);
    expect(screen.queryByTestId('order-email-note')).toBeNull();
    expect(screen.getByTestId('order-status').textContent).toBe('Pending payment');
  });

  it("explains that the order can't be shown when the loader refuses it", async () => {
    const order = anOrder();
    const Stub = createRoutesStub([
      {
        path: '/order-received/:id',
        Component: OrderReceived as never,
        ErrorBoundary,
        loader: ({ request, params }) =>
          loader({ request, params, context: contextFor(order) } as unknown as Args),
      },
    ]);
    render(<Stub initialEntries={['/order-received/1042?key=wc_order_wrong']} />);
    expect(await screen.findByTestId('order-unavailable')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We can't show this order");
    expect(screen.getByText(/only with the link from its confirmation email/)).toBeTruthy();
  });
});
