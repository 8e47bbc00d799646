import { randomBytes } from 'node:crypto';
import { startFakeServer, type FakeServer } from './fake-server.ts';

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  customId: string;
  /** The buyer's funding source is refused at capture (INSTRUMENT_DECLINED). */
  declineOnCapture: boolean;
}

export interface FakePayPal extends FakeServer {
  /** Captures that took money (replays of a PayPal-Request-Id excluded). */
  captures: { orderId: string; requestId: string; captureId: string; value: string }[];
  /** Refunds of captures (replays of a PayPal-Request-Id excluded). */
  refunds: { captureId: string; requestId: string; id: string; value: string }[];
  /** While true, every new refund is refused (as PayPal refuses one for a disputed capture). */
  refuseRefunds: boolean;
  /** The buyer approves the order in PayPal's window. */
  approve(id: string, options?: { declineOnCapture?: boolean }): void;
  /** An order made outside the shop (the buttons need only the public client id). */
  addOrder(amount: string, customId: string): string;
}

const paypalError = (status: number, name: string, issue: string) => ({
  status,
  body: { name, message: name, details: [{ issue, description: issue }] },
});

const orderBody = (order: FakeOrder, captureId?: string) => ({
  id: order.id,
  status: order.status,
  purchase_units: [
    {
      reference_id: 'default',
      custom_id: order.customId,
      amount: order.amount,
      ...(captureId
        ? {
            payments: {
              captures: [
                {
                  id: captureId,
                  status: 'COMPLETED',
                  amount: order.amount,
                  custom_id: order.customId,
                },
              ],
            },
          }
        : {}),
    },
  ],
});

/**
 * A stand-in for PayPal's Orders v2 API: client-credentials token, create (intent CAPTURE), look
 * up and capture, strict about credentials and idempotency (PayPal-Request-Id) like PayPal.
 */
export async function startFakePayPal(clientId: string, clientSecret: string): Promise<FakePayPal> {
  const token = `A21AA${randomBytes(12).toString('hex')}`;
  const orders = new Map<string, FakeOrder>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const captures: FakePayPal['captures'] = [];
  const refunds: FakePayPal['refunds'] = [];
  const state = { refuseRefunds: false };
  const cents = (value: string) => Math.round(Number(value) * 100);
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  const newOrder = (amount: FakeOrder['amount'], customId: string) => {
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    orders.set(id, { id, status: 'CREATED', amount, customId, declineOnCapture: false });
    return id;
  };

  const server = await startFakeServer((request) => {
    if (request.path === '/v1/oauth2/token') {
      if (
        request.headers.authorization !== basic ||
        request.body !== 'grant_type=client_credentials'
      ) {
        return { status: 401, body: { error: 'invalid_client' } };
      }
      return {
        status: 200,
        body: { access_token: token, token_type: 'Bearer', expires_in: 32400 },
      };
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      return paypalError(401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');
    }
    const requestId = request.headers['paypal-request-id'];
    if (request.method === 'POST' && typeof requestId !== 'string') {
      return paypalError(400, 'INVALID_REQUEST', 'PAYPAL_REQUEST_ID_REQUIRED');
    }
    const replay = typeof requestId === 'string' ? replies.get(requestId) : undefined;
    if (replay) return replay;
    const remember = (answer: { status: number; body: unknown }) => {
      if (typeof requestId === 'string') replies.set(requestId, answer);
      return answer;
    };

    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const body = JSON.parse(request.body) as {
        intent?: string;
        purchase_units?: { custom_id?: string; amount?: FakeOrder['amount'] }[];
      };
      const unit = body.purchase_units?.[0];
      if (
        body.intent !== 'CAPTURE' ||
        unit?.amount?.currency_code !== 'USD' ||
        !/^\d+\.\d{2}$/.test(unit.amount.value)
      ) {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE');
      }
      const id = newOrder(unit.amount, unit.custom_id ?? '');
      return remember({ status: 201, body: orderBody(orders.get(id)!) });
    }

    const refundOf = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
    if (request.method === 'POST' && refundOf) {
      const capture = captures.find(
        (entry) => entry.captureId === decodeURIComponent(refundOf[1]!),
      );
      if (!capture) return remember(paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
      const body = JSON.parse(request.body) as {
        amount?: { currency_code?: string; value?: string };
      };
      const value = body.amount?.value ?? '';
      const refunded = refunds
        .filter((entry) => entry.captureId === capture.captureId)
        .reduce((sum, entry) => sum + cents(entry.value), 0);
      if (
        body.amount?.currency_code !== 'USD' ||
        !/^\d+\.\d{2}$/.test(value) ||
        cents(value) > cents(capture.value) - refunded
      ) {
        return remember(paypalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED'));
      }
      if (state.refuseRefunds) {
        return remember(paypalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED'));
      }
      const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      refunds.push({ captureId: capture.captureId, requestId: requestId as string, id, value });
      return remember({ status: 201, body: { id, status: 'COMPLETED' } });
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(request.path);
    const order = match ? orders.get(decodeURIComponent(match[1]!)) : undefined;
    if (!order) return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (request.method === 'GET' && !match![2]) return { status: 200, body: orderBody(order) };
    if (request.method === 'POST' && match![2]) {
      if (order.status === 'COMPLETED') {
        return remember(paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED'));
      }
      if (order.status !== 'APPROVED') {
        return remember(paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED'));
      }
      if (order.declineOnCapture) {
        return remember(paypalError(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED'));
      }
      order.status = 'COMPLETED';
      const captureId = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      captures.push({
        orderId: order.id,
        requestId: requestId as string,
        captureId,
        value: order.amount.value,
      });
      return remember({ status: 201, body: orderBody(order, captureId) });
    }
    return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  });

  return {
    ...server,
    captures,
    refunds,
    get refuseRefunds() {
      return state.refuseRefunds;
    },
    set refuseRefunds(value: boolean) {
      state.refuseRefunds = value;
    },
    approve(id, options = {}) {
      const order = orders.get(id);
      if (!order) throw new Error(`no PayPal order ${id}`);
      order.status = 'APPROVED';
      order.declineOnCapture = options.declineOnCapture ?? false;
    },
    addOrder(value, customId) {
      return newOrder({ currency_code: 'USD', value }, customId);
    },
  };
}
