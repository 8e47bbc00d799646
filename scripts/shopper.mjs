// A shopper's calls against a running shop, shared by the load, crash and secrets scripts: what the
// storefront's checkout sends (shipping rates, order, test-card payment), over real HTTP.

export const aBuyer = {
  first_name: 'Ada',
  last_name: 'Baker',
  address_1: '200 Broadway',
  city: 'New York',
  state: 'NY',
  postcode: '10007',
  country: 'US',
  email: 'ada@example.com',
  phone: '+1 212 555 0100',
};

/** The test provider's always-successful card (packages/contract: testPaymentToken('4242…')). */
export const SUCCESS_CARD_TOKEN = 'pm_test_success_4242';

/** One JSON request; never throws on an HTTP status, only on a network failure. */
export async function call(baseUrl, path, { method = 'GET', body, headers = {} } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Simple, purchasable products; with `stockCounted` only those whose stock the shop counts. */
export async function purchasableProducts(baseUrl, { stockCounted } = {}) {
  const { json } = await call(baseUrl, '/wp-json/wc/v3/products?per_page=100');
  return json.filter(
    (product) =>
      product.type === 'simple' &&
      product.purchasable &&
      (stockCounted === undefined || Boolean(product.manage_stock) === stockCounted),
  );
}

export async function shippingRate(baseUrl, lineItems, headers) {
  const rates = await call(baseUrl, '/wp-json/wc/v3/shipping-rates/', {
    method: 'POST',
    headers,
    body: { ...aBuyer, products: lineItems },
  });
  return {
    status: rates.status,
    rate: rates.status === 200 ? rates.json[0] : undefined,
    response: rates,
  };
}

export async function placeOrder(
  baseUrl,
  lineItems,
  rate,
  { headers, customerId = 0, email } = {},
) {
  return call(baseUrl, '/wp-json/wc/v3/orders', {
    method: 'POST',
    headers,
    body: {
      customer_id: customerId,
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      billing: { ...aBuyer, email: email ?? aBuyer.email },
      line_items: lineItems,
      shipping_lines: [{ method_id: rate.method_id, instance_id: rate.instance_id }],
    },
  });
}

export async function payOrder(baseUrl, order, headers) {
  return call(baseUrl, '/wp-json/wc/v3/stripe-payment', {
    method: 'POST',
    headers,
    body: {
      order_id: order.id,
      order_key: order.order_key,
      payment_token: SUCCESS_CARD_TOKEN,
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      create_account: false,
    },
  });
}

/** Reads an order back with its key, as the order-received page does. */
export const orderByKey = (baseUrl, order) =>
  call(baseUrl, `/wp-json/wc/v3/orders/${order.id}?key=${encodeURIComponent(order.order_key)}`);
