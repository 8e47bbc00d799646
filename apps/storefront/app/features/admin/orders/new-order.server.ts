import {
  IdParamsSchema,
  INVOICE_PAYMENT_METHOD_ID,
  OrderCreateSchema,
  type Customer,
  type OrderCreate,
  type ShippingMethodId,
  type ShippingRate,
  type WholesaleTerms,
} from '@larder/contract';
import { redirect } from 'react-router';
import type { ApiFetch } from '../../../load-context.ts';
import { ApiError } from '../../../lib/api/index.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedText, refused } from '../run-action.server.ts';
import {
  ADDRESS_KEYS,
  draftAddresses,
  PAID_METHODS,
  quantitiesOf,
  type DraftAddresses,
} from './new-order.ts';

/** The values a GET or POST of the new-order form carries, read the same way from either. */
interface Fields {
  get(name: string): string;
  names(): string[];
}

const fieldsOfUrl = (url: URL): Fields => ({
  get: (name) => url.searchParams.get(name) ?? '',
  names: () => [...url.searchParams.keys()],
});

const fieldsOfForm = (formData: FormData): Fields => ({
  get: (name) => postedText(formData, name),
  names: () => [...formData.keys()],
});

/** The draft's lines as the API takes them: quantity above 0 only. */
const lineItemsOf = (quantities: Map<string, number>) =>
  [...quantities].map(([key, quantity]) => {
    const [productId, variationId] = key.split(':').map(Number);
    return { product_id: productId!, variation_id: variationId!, quantity };
  });

/**
 * `/admin/orders/new`: without `?customer`, the customer search; with it, that customer's draft as
 * the address carries it ("Update totals" is a GET of the form), with shipping quoted as them.
 */
export async function loadNewOrder(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const api = await ownerApi(request, apiFetch);
  const chosen = IdParamsSchema.safeParse({ id: url.searchParams.get('customer') });
  if (!chosen.success) {
    const search = url.searchParams.get('search')?.trim().slice(0, 200) ?? '';
    const found = search
      ? (await api.listCustomers({ search, per_page: 20, orderby: 'name', order: 'asc' })).items
      : [];
    return { step: 'customer' as const, search, found };
  }
  let customer: Customer;
  try {
    customer = await api.getCustomer(chosen.data.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new Response('No such customer', { status: 404 });
    }
    throw error;
  }
  const wholesale = customer.role === 'wholesale_customer';
  const fields = fieldsOfUrl(url);
  const quantities = quantitiesOf(fields.names(), fields.get);
  const addresses = draftAddresses(
    customer,
    fields.names().includes('billing.email') ? fields : null,
  );
  const [products, minimum] = await Promise.all([
    api.listProducts({ per_page: 100, status: 'publish', orderby: 'title', order: 'asc' }),
    wholesale ? api.getWholesaleTermsOf(customer.id) : Promise.resolve<WholesaleTerms | null>(null),
  ]);
  let rates: ShippingRate[] = [];
  let quoteProblem: string | null = null;
  if (quantities.size > 0) {
    try {
      rates = await api.quoteShippingFor({
        ...(addresses.shipping.address_1 ? addresses.shipping : addresses.billing),
        products: lineItemsOf(quantities),
        customer_id: customer.id,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      quoteProblem = error.message;
    }
  }
  return {
    step: 'lines' as const,
    customer,
    products: products.items,
    minimum,
    draft: {
      quantities: Object.fromEntries(quantities),
      addresses,
      rate: fields.get('rate'),
      payment: fields.get('payment'),
      paidMethod: fields.get('paid_method'),
      reference: fields.get('reference'),
      purchaseOrderNumber: fields.get('purchase_order_number'),
      note: fields.get('customer_note'),
      quoted: quantities.size > 0,
    },
    rates,
    quoteProblem,
  };
}

export type NewOrderData = Awaited<ReturnType<typeof loadNewOrder>>;

/** The address fields of the form as the order body takes them (the schema checks them next). */
function addressesOf(fields: Fields): Pick<OrderCreate, 'billing' | 'shipping'> {
  const read = (prefix: 'billing' | 'shipping') =>
    Object.fromEntries(
      ADDRESS_KEYS[prefix].map((key) => [key, fields.get(`${prefix}.${key}`).trim()]),
    );
  const shipping = read('shipping') as unknown as DraftAddresses['shipping'];
  return {
    billing: read('billing') as unknown as DraftAddresses['billing'],
    // No street address to ship to: the order ships to the billing address, as the API does.
    shipping: shipping.address_1 ? shipping : undefined,
  };
}

/** Places the order for the chosen customer and opens it; a refusal is shown on the form. */
export async function newOrderAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const fields = fieldsOfForm(await request.formData());
  const customerId = IdParamsSchema.safeParse({ id: fields.get('customer') });
  if (!customerId.success) return refused('Choose the customer first.');
  const quantities = quantitiesOf(fields.names(), fields.get);
  if (quantities.size === 0) return refused('Enter a quantity on at least one line.');
  const [methodId, instanceId] = fields.get('rate').split(':');
  const byInvoice = fields.get('payment') === INVOICE_PAYMENT_METHOD_ID;
  const paid = PAID_METHODS.find((method) => method.id === fields.get('paid_method'));
  if (!byInvoice && fields.get('payment') !== 'paid') {
    return refused('Choose how the customer pays.', { payment: 'Choose how the customer pays.' });
  }
  if (!byInvoice && !paid) {
    return refused('Choose how the customer paid.', {
      paid_method: 'Choose how the customer paid.',
    });
  }
  const body: OrderCreate = {
    customer_id: customerId.data.id,
    ...addressesOf(fields),
    line_items: lineItemsOf(quantities),
    shipping_lines: methodId
      ? [{ method_id: methodId as ShippingMethodId, instance_id: Number(instanceId) }]
      : [],
    customer_note: fields.get('customer_note').trim(),
    purchase_order_number: fields.get('purchase_order_number').trim() || undefined,
    ...(byInvoice
      ? { payment_method: INVOICE_PAYMENT_METHOD_ID }
      : {
          payment_method: paid!.id,
          payment_method_title: paid!.title,
          set_paid: true,
          transaction_id: fields.get('reference').trim() || undefined,
        }),
  };
  const checked = OrderCreateSchema.safeParse(body);
  if (!checked.success) {
    // By the form's field names: billing.email, shipping.postcode.
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issue.message;
    return refused(
      errors.shipping_lines ? 'Choose a shipping method.' : 'Check the order.',
      errors,
    );
  }
  try {
    const order = await api.createOrder(body);
    return redirect(`/admin/orders/${order.id}`);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return refused(error.message, error.params);
  }
}
