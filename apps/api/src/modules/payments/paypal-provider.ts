import type {
  CaptureResult,
  PayPalOrderDetails,
  PayPalProvider,
  RefundResult,
} from './payment-providers.ts';
import { fromDecimal, toDecimal } from './payment-providers.ts';

export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or a local fake in tests. */
  apiBase: string;
}

const TIMEOUT_MS = 30_000;

interface PayPalAmount {
  currency_code?: string;
  value?: string;
}

interface PayPalOrderBody {
  id?: string;
  status?: string;
  purchase_units?: {
    custom_id?: string;
    amount?: PayPalAmount;
    payments?: {
      captures?: { id?: string; status?: string; custom_id?: string; amount?: PayPalAmount }[];
    };
  }[];
}

interface PayPalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

/** Issues that mean the buyer's payment was refused (they may pay again), not a broken call. */
const DECLINE_ISSUES: Record<string, string> = {
  INSTRUMENT_DECLINED:
    'PayPal declined the payment method. Please choose another one in PayPal, or pay by card.',
  PAYER_ACTION_REQUIRED: 'PayPal needs you to finish the payment in PayPal. Please try again.',
  ORDER_NOT_APPROVED: 'The payment was not approved in PayPal. Please try PayPal again.',
  ORDER_ALREADY_CAPTURED: 'This PayPal payment was already taken.',
  RESOURCE_NOT_FOUND: 'This PayPal payment was not found or has expired. Please try PayPal again.',
};

class PayPalFailure extends Error {}

/** The Orders v2 REST API with fetch: client-credentials token, create, look up and capture. */
export function createPayPalProvider(options: PayPalProviderOptions): PayPalProvider {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await fetch(`${options.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      throw new PayPalFailure(`PayPal refused the shop's credentials (HTTP ${response.status})`);
    }
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PayPalFailure('PayPal sent no access token');
    // Renewed a minute early so a token never expires between here and PayPal.
    token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000,
    };
    return token.value;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    init: { body?: unknown; requestId?: string } = {},
  ): Promise<{ status: number; body: PayPalOrderBody & PayPalErrorBody }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      accept: 'application/json',
    };
    if (init.requestId) headers['paypal-request-id'] = init.requestId;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers.prefer = 'return=representation';
    }
    const response = await fetch(`${options.apiBase}${path}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let body: PayPalOrderBody & PayPalErrorBody = {};
    try {
      body = text ? (JSON.parse(text) as typeof body) : {};
    } catch {
      throw new PayPalFailure(`PayPal sent an unreadable answer (HTTP ${response.status})`);
    }
    return { status: response.status, body };
  }

  const failureOf = (error: unknown) => {
    if (error instanceof PayPalFailure) return error.message;
    if (error instanceof Error && error.name === 'TimeoutError')
      return 'PayPal did not answer in time';
    return 'PayPal could not be reached';
  };

  const declineOf = (body: PayPalErrorBody) => {
    const issue = body.details?.find((detail) => detail.issue && detail.issue in DECLINE_ISSUES);
    return issue?.issue ? DECLINE_ISSUES[issue.issue] : undefined;
  };

  return {
    id: 'paypal',

    async createOrder({ orderId, amountCents, currency, requestId, description }) {
      try {
        const { status, body } = await call('POST', '/v2/checkout/orders', {
          requestId,
          body: {
            intent: 'CAPTURE',
            purchase_units: [
              {
                reference_id: `order-${orderId}`,
                custom_id: String(orderId),
                description,
                amount: { currency_code: currency, value: toDecimal(amountCents) },
              },
            ],
          },
        });
        if ((status === 200 || status === 201) && body.id) return { id: body.id };
        return { failed: `PayPal answered ${status}${body.name ? ` ${body.name}` : ''}` };
      } catch (error) {
        return { failed: failureOf(error) };
      }
    },

    async getOrder(paypalOrderId): Promise<PayPalOrderDetails | null | { failed: string }> {
      try {
        const { status, body } = await call(
          'GET',
          `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`,
        );
        if (status === 404) return null;
        if (status !== 200) return { failed: `PayPal answered ${status}` };
        const unit = body.purchase_units?.[0];
        return {
          amountCents: fromDecimal(unit?.amount?.value ?? ''),
          currency: unit?.amount?.currency_code ?? '',
          shopOrderId: unit?.custom_id ?? '',
          status: body.status ?? '',
        };
      } catch (error) {
        return { failed: failureOf(error) };
      }
    },

    async capture(paypalOrderId, requestId): Promise<CaptureResult> {
      try {
        const { status, body } = await call(
          'POST',
          `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
          { requestId },
        );
        if (status === 200 || status === 201) {
          const unit = body.purchase_units?.[0];
          const capture = unit?.payments?.captures?.[0];
          if (!capture?.id) return { status: 'failed', message: 'PayPal sent no capture' };
          if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
            return { status: 'declined', message: DECLINE_ISSUES.INSTRUMENT_DECLINED! };
          }
          // PENDING (held for review, eCheck) is not money received: the order stays unpaid.
          if (capture.status !== 'COMPLETED') {
            return { status: 'failed', message: `the PayPal capture is ${capture.status}` };
          }
          return {
            status: 'succeeded',
            captureId: capture.id,
            amountCents: fromDecimal(capture.amount?.value ?? ''),
            currency: capture.amount?.currency_code ?? '',
            shopOrderId: capture.custom_id ?? unit?.custom_id ?? '',
          };
        }
        const decline = declineOf(body);
        if (decline && (status === 422 || status === 404)) {
          return { status: 'declined', message: decline };
        }
        return { status: 'failed', message: `PayPal answered ${status}` };
      } catch (error) {
        return { status: 'failed', message: failureOf(error) };
      }
    },

    async refund(request): Promise<RefundResult> {
      try {
        const { status, body } = await call(
          'POST',
          `/v2/payments/captures/${encodeURIComponent(request.transactionId)}/refund`,
          {
            requestId: request.idempotencyKey,
            body: {
              amount: { currency_code: request.currency, value: toDecimal(request.amountCents) },
              ...(request.reason ? { note_to_payer: request.reason.slice(0, 255) } : {}),
            },
          },
        );
        // PENDING: PayPal has accepted the refund and finishes it on its side (an eCheck, say).
        if ((status === 200 || status === 201) && body.id) {
          if (body.status === 'COMPLETED' || body.status === 'PENDING') {
            return { status: 'succeeded', refundId: body.id };
          }
          return { status: 'failed', message: `the PayPal refund is ${body.status ?? 'unknown'}` };
        }
        const issue = body.details?.[0]?.issue;
        return {
          status: 'failed',
          message: `PayPal refused the refund (HTTP ${status}${issue ? ` ${issue}` : ''})`,
        };
      } catch (error) {
        return { status: 'failed', message: failureOf(error) };
      }
    },
  };
}
