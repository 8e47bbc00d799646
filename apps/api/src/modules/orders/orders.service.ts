import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  formatCents,
  INVOICE_PAYMENT_METHOD_ID,
  invoiceDueDate,
  invoiceMethodTitle,
  invoiceRefusal,
  orderTotalCents,
  toMoneyNumber,
  toMoneyString,
  type Order,
  type OrderStatus,
  type OwnerOrder,
  type OwnerOrderListQuery,
} from '@larder/contract';
import type { OrderCreateSchema } from '@larder/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { StoredAddress, StoredLineTax } from '../../db/schema.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { ShippingService } from '../shipping/shipping.service.ts';
import { taxableLine, type TaxService } from '../tax/tax.service.ts';
import { trackingUrl } from './carrier-tracking.ts';
import { lockedInvoiceTerms } from './invoice-accounts.ts';
import {
  ordersRepo,
  type OrderFilter,
  type OrderItemRow,
  type OrderRefundRow,
  type OrderWithItems,
} from './orders.repo.ts';
import {
  outOfStock,
  priceCart,
  retryAfterLapsedHolds,
  stockKey,
  type PricedLine,
} from '../pricing/cart-pricing.ts';
import { checkOrderMinimum } from '../pricing/wholesale-minimums.ts';
import { buyerViewer, type ViewerForCustomer } from '../pricing/customer-viewer.ts';

/** The order as the route hands it over: OrderCreateSchema after parsing (defaults filled in). */
export type OrderCreateInput = z.output<typeof OrderCreateSchema>;

/** What the payments module gets back from findForPayment: the order and the amount to charge. */
export interface PayableOrder {
  id: number;
  orderKey: string;
  customerId: number;
  /** The server-computed total to charge, in cents. */
  totalCents: number;
  currency: 'USD';
  billing: StoredAddress;
  /** The WooCommerce shape, for responses and emails. */
  order: Order;
}

export interface PaymentRecord {
  /** The provider's charge or capture id. */
  transactionId: string;
  paymentMethod: string;
  paymentMethodTitle: string;
}

/** The statuses the shop owner sets by hand; refunded follows from refunding all of an order. */
export const OWNER_ORDER_STATUSES = ['processing', 'on-hold', 'completed', 'cancelled'] as const;
export type OwnerOrderStatus = (typeof OWNER_ORDER_STATUSES)[number];

export interface StatusChange {
  from: OrderStatus;
  order: Order;
}

/** The owner's record of an invoice's payment: the day the money came in and its reference. */
export interface InvoicePayment {
  datePaid: Date;
  reference: string;
}

/** 403 with the reason: the buyer may still pay the same order by card. */
const invoiceRefused = (refusal: { code: string; message: string }) =>
  new ApiError(403, refusal.code, refusal.message, { payment_method: refusal.message });

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface OrdersServiceOptions {
  /** How long a pending order keeps its stock (ORDER_HOLD_MINUTES). */
  holdMinutes: number;
  /**
   * Units of one stock-counted product that one client's unpaid orders may hold together, and so
   * one order at most (ORDER_HOLD_MAX_UNITS); wholesale customers are not limited.
   */
  maxHeldUnits: number;
  shipping: ShippingService;
  tax: TaxService;
  /** Discount codes: checked before the order, their uses taken in its transaction. */
  coupons: CouponsService;
  /** The clock; tests pass their own to expire holds without waiting. */
  now?: () => Date;
  /** Sends an invoice order's confirmation with its invoice (the order needs no payment step). */
  onInvoiceOrder?: (order: Order) => Promise<void>;
  /** Sends the confirmation of an order the owner entered as paid (`set_paid`), as a payment does. */
  onPaidOrder?: (order: Order) => Promise<void>;
  /** Finds the customer an owner enters an order for (decision 0041); without it, only oneself. */
  viewerForCustomer?: ViewerForCustomer;
  /** Records owner-entered orders in the activity log. */
  activity?: ActivityService;
  log?: { error(object: object, message: string): void };
}

const cannotView = () =>
  new ApiError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot view this resource.');
const invalidOrderId = () =>
  new ApiError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
const forbidden = () =>
  new ApiError(403, 'woocommerce_rest_cannot_view', 'Sorry, you cannot view this resource.');

/** A stock-counted product's units in one order, with its name and first line for messages. */
interface CountedProduct {
  name: string;
  units: number;
  lineIndex: number;
}

function countedUnitsByProduct(lines: PricedLine[]): Map<number, CountedProduct> {
  const byProduct = new Map<number, CountedProduct>();
  lines.forEach((line, lineIndex) => {
    if (line.stockQuantity === null) return;
    const counted = byProduct.get(line.productId);
    if (counted) counted.units += line.quantity;
    else
      byProduct.set(line.productId, {
        name: line.parentName ?? line.name,
        units: line.quantity,
        lineIndex,
      });
  });
  return byProduct;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests so the time taken says nothing about how much of the key was right. */
export const keysMatch = (given: string, expected: string): boolean =>
  timingSafeEqual(sha256(given), sha256(expected));

const newOrderKey = () => `wc_order_${randomBytes(12).toString('base64url')}`;

function toAddress(
  address: OrderCreateInput['billing'] | NonNullable<OrderCreateInput['shipping']>,
  extra: { phone: string; email?: string },
): StoredAddress {
  return {
    first_name: address.first_name,
    last_name: address.last_name,
    company: address.company,
    address_1: address.address_1,
    address_2: address.address_2,
    city: address.city,
    state: address.state.toUpperCase(),
    postcode: address.postcode,
    country: address.country,
    ...extra,
  };
}

const date = (value: Date | null) => (value ? formatWpDate(value) : null);

/** WooCommerce's line `taxes`: each rate's share, by the rate's id. */
const wooTaxes = (taxes: StoredLineTax[]) =>
  taxes.map((tax) => ({
    id: tax.rateId,
    total: toMoneyString(tax.cents),
    subtotal: toMoneyString(tax.cents),
  }));

function toLineItem(item: OrderItemRow): Order['line_items'][number] {
  return {
    id: item.id,
    name: item.name,
    parent_name: item.parentName,
    product_id: item.productId,
    variation_id: item.variationId,
    quantity: item.quantity,
    sku: item.sku,
    price: toMoneyNumber(item.unitPriceCents),
    subtotal: toMoneyString(item.totalCents),
    total: toMoneyString(item.totalCents - item.discountCents),
    tax_class: item.taxClass,
    subtotal_tax: toMoneyString(item.taxCents),
    total_tax: toMoneyString(item.taxCents),
    taxes: wooTaxes(item.taxes),
    meta_data: item.attributes.map((attribute, index) => ({
      id: index + 1,
      key: attribute.key,
      value: attribute.value,
      display_key: attribute.key,
      display_value: attribute.value,
    })),
    image: item.image,
  };
}

/** An unpaid order whose stock hold has run out at `at`, released or not. */
const holdLapsed = (order: Pick<OrderWithItems['order'], 'status' | 'holdExpiresAt'>, at: Date) =>
  order.status === 'pending' && order.holdExpiresAt !== null && order.holdExpiresAt <= at;

/** When an invoice order falls overdue if still unpaid: its due date, or null when it cannot. */
function overdueFrom(order: OrderWithItems['order']): Date | null {
  const owed =
    order.paymentMethod === INVOICE_PAYMENT_METHOD_ID &&
    Boolean(order.paymentTerms) &&
    (order.status === 'on-hold' || order.status === 'completed') &&
    order.datePaid === null;
  return owed ? order.dateDue : null;
}

/** An invoice order's terms, due date and PO number; null for an order paid any other way. */
function toOrderInvoice(order: OrderWithItems['order'], now: Date): Order['invoice'] {
  if (order.paymentMethod !== INVOICE_PAYMENT_METHOD_ID || !order.paymentTerms || !order.dateDue) {
    return null;
  }
  return {
    terms: order.paymentTerms,
    purchase_order_number: order.purchaseOrderNumber,
    date_due: formatWpDate(order.dateDue),
    date_due_gmt: formatWpDate(order.dateDue),
    overdue: (overdueFrom(order) ?? now) < now,
    payment_reference: order.datePaid ? order.transactionId : '',
  };
}

export function toOrder({ order, items, coupons }: OrderWithItems, now = new Date()): Order {
  const { email = '', ...billingAddress } = order.billing;
  const { email: _unused, ...shippingAddress } = order.shipping;
  return {
    id: order.id,
    parent_id: 0,
    number: String(order.id),
    order_key: order.orderKey,
    created_via: order.createdVia,
    status: order.status,
    currency: 'USD',
    date_created: formatWpDate(order.dateCreated),
    date_created_gmt: formatWpDate(order.dateCreated),
    date_modified: formatWpDate(order.dateModified),
    date_modified_gmt: formatWpDate(order.dateModified),
    date_paid: date(order.datePaid),
    date_paid_gmt: date(order.datePaid),
    date_completed: date(order.dateCompleted),
    date_completed_gmt: date(order.dateCompleted),
    discount_total: toMoneyString(order.discountTotalCents),
    shipping_total: toMoneyString(order.shippingTotalCents),
    cart_tax: toMoneyString(order.cartTaxCents),
    shipping_tax: toMoneyString(order.shippingTaxCents),
    total: toMoneyString(order.totalCents),
    total_tax: toMoneyString(order.cartTaxCents + order.shippingTaxCents),
    prices_include_tax: false,
    tax_lines: order.taxLines.map((line, index) => ({
      id: index + 1,
      rate_code: line.rateCode,
      rate_id: line.rateId,
      label: line.label,
      compound: line.compound,
      tax_total: toMoneyString(line.taxCents),
      shipping_tax_total: toMoneyString(line.shippingTaxCents),
      rate_percent: Number(line.ratePercent),
    })),
    tax_exempt_reason: order.taxExemptReason,
    customer_id: order.customerId,
    customer_note: order.customerNote,
    billing: { ...billingAddress, email },
    shipping: shippingAddress,
    payment_method: order.paymentMethod,
    payment_method_title: order.paymentMethodTitle,
    transaction_id: order.transactionId,
    line_items: items.map(toLineItem),
    shipping_lines: [
      {
        id: 1,
        method_title: order.shippingTitle,
        method_id: order.shippingMethodId,
        instance_id: String(order.shippingInstanceId),
        total: toMoneyString(order.shippingTotalCents),
        total_tax: toMoneyString(order.shippingTaxCents),
        taxes: order.taxLines
          .filter((line) => line.shippingTaxCents !== 0)
          .map((line) => ({
            id: line.rateId,
            total: toMoneyString(line.shippingTaxCents),
            subtotal: '',
          })),
      },
    ],
    coupon_lines: coupons.map((used) => ({
      id: used.id,
      code: used.code,
      discount: toMoneyString(used.discountCents),
      discount_tax: '0.00',
      free_shipping: used.freeShipping,
    })),
    needs_payment: order.status === 'pending' && order.totalCents > 0,
    date_hold_expires_gmt: order.status === 'pending' ? date(order.holdExpiresAt) : null,
    invoice: toOrderInvoice(order, now),
  };
}

/** The back office's order: WooCommerce's order with its price list, shipment and refunds. */
export function toOwnerOrder(
  found: OrderWithItems,
  refunds: OrderRefundRow[],
  now = new Date(),
): OwnerOrder {
  const { order } = found;
  const shipped = order.shippingCarrier !== null && order.trackingNumber !== null;
  return {
    ...toOrder(found, now),
    price_list: order.priceList,
    shipment: shipped
      ? {
          carrier: order.shippingCarrier!,
          tracking_number: order.trackingNumber!,
          tracking_url: trackingUrl(order.shippingCarrier!, order.trackingNumber!),
          date_shipped_gmt: formatWpDate(order.dateShipped ?? order.dateModified),
        }
      : null,
    // WooCommerce lists refunds with negative totals.
    refunds: refunds
      .filter((refund) => refund.orderId === order.id)
      .map((refund) => ({
        id: refund.id,
        reason: refund.reason,
        total: toMoneyString(-refund.amountCents),
      })),
  };
}

/**
 * An `after`/`before` query value as a time: a date means midnight UTC, and so does a date-time
 * without an offset (the shop's dates are all GMT). 400 for a date that does not exist (02-30).
 */
function queryTime(name: 'after' | 'before', value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const withOffset = !value.includes('T')
    ? value
    : /(Z|[+-]\d{2}:?\d{2})$/.test(value)
      ? value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
      : `${value}Z`;
  const time = new Date(withOffset);
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const dateExists =
    new Date(Date.UTC(year!, month! - 1, day!)).toISOString().slice(0, 10) === value.slice(0, 10);
  if (Number.isNaN(time.getTime()) || !dateExists) {
    throw invalidParam(name, 'Use a date that exists, such as 2026-11-25.');
  }
  return time;
}

export function createOrdersService(db: Database, options: OrdersServiceOptions) {
  const now = options.now ?? (() => new Date());
  const { shipping, tax, coupons } = options;

  /** Runs fn in the caller's transaction when given one, else in a new one. */
  const inTransaction = <T>(tx: Database | undefined, fn: (tx: Database) => Promise<T>) =>
    tx ? fn(tx) : db.transaction((inner) => fn(inner));

  async function cancelIn(tx: Database, orderId: number): Promise<boolean> {
    const cancelled = await ordersRepo.cancelPending(tx, orderId, now());
    if (!cancelled) return false;
    const found = await ordersRepo.find(tx, orderId);
    for (const item of found?.items ?? []) {
      if (item.stockHeld > 0) {
        await ordersRepo.restoreStock(tx, item.productId, item.variationId, item.stockHeld);
      }
    }
    // An unpaid order that lapsed or was cancelled gives its discount codes' uses back.
    await coupons.release(tx, orderId);
    return true;
  }

  /** Cancels every pending order whose hold ran out and gives its stock back. */
  async function releaseExpiredHolds(): Promise<number> {
    const ids = await ordersRepo.expiredHoldIds(db, now());
    let released = 0;
    for (const id of ids) {
      if (await db.transaction((tx) => cancelIn(tx, id))) released += 1;
    }
    return released;
  }

  /**
   * The order as read, or cancelled when its hold has run out and the sweep has not got to it yet:
   * reading one order releases its own lapsed hold, not every order's (a statement fewer on the
   * checkout's path, decision 0055).
   */
  async function lapsedReleased(found: OrderWithItems): Promise<OrderWithItems> {
    const { order } = found;
    if (!holdLapsed(order, now()) || !(await db.transaction((tx) => cancelIn(tx, order.id))))
      return found;
    return (await ordersRepo.find(db, order.id)) ?? found;
  }

  /** `GET /orders`: 401 for a guest; anyone but an owner names their own id as `customer`. */
  function mayList(query: OwnerOrderListQuery, viewer: Viewer): void {
    if (viewer.isGuest) {
      throw new ApiError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
    }
    if (viewer.isOwner) return;
    if (query.customer === undefined) {
      throw invalidParam('customer', 'Send customer: your own customer id.');
    }
    if (viewer.customerId !== query.customer) {
      throw new ApiError(
        403,
        'woocommerce_rest_cannot_view',
        'Sorry, you can only list your own orders.',
      );
    }
  }

  /**
   * The owner (a signed-in customer whose id the order carries) or anyone with the order key.
   * Guests get 401 whether or not the order exists, so ids cannot be probed.
   */
  async function findAuthorized(
    orderId: number,
    key: string | undefined,
    viewer: Viewer,
  ): Promise<OrderWithItems> {
    const found = await ordersRepo.find(db, orderId);
    const isOwner =
      found !== undefined &&
      !viewer.isGuest &&
      viewer.customerId !== 0 &&
      found.order.customerId === viewer.customerId;
    if (found && (isOwner || (key !== undefined && keysMatch(key, found.order.orderKey)))) {
      // Only for a reader who may see it: a guessed id changes nothing.
      return lapsedReleased(found);
    }
    throw viewer.isGuest ? cannotView() : forbidden();
  }

  /** Any order, as the back office reads it; 404 when there is none. */
  async function findForOwner(orderId: number, tx: Database = db): Promise<OwnerOrder> {
    const found = await ordersRepo.find(tx, orderId);
    if (!found) throw invalidOrderId();
    return toOwnerOrder(found, await ordersRepo.refundsOf(tx, [orderId]), now());
  }

  /** One attempt at placing an order: `create` makes a second when lapsed holds were in its way. */
  async function place(
    input: OrderCreateInput,
    caller: Viewer,
    client: ClientInfo,
  ): Promise<Order> {
    // Decision 0041: an owner may enter an order for any customer, priced and checked as them:
    // from here on `viewer` is the buyer, `caller` whoever sent the request.
    const viewer = await buyerViewer(
      caller,
      input.customer_id,
      options.viewerForCustomer ?? (async () => undefined),
      () =>
        new ApiError(
          403,
          'woocommerce_rest_cannot_create',
          'You can only place an order for yourself: send customer_id 0 or your own id.',
        ),
    );
    const ownerEntered = viewer !== caller;
    const setPaid = ownerEntered && input.set_paid === true;
    if (setPaid && input.payment_method === INVOICE_PAYMENT_METHOD_ID) {
      throw invalidParam(
        'set_paid',
        'An invoice order is paid when its invoice is marked paid: send set_paid only for another method.',
      );
    }
    shipping.checkDestination(input.billing, {
      country: 'billing.country',
      state: 'billing.state',
    });
    if (input.shipping) {
      shipping.checkDestination(input.shipping, {
        country: 'shipping.country',
        state: 'shipping.state',
      });
    }
    const byInvoice = input.payment_method === INVOICE_PAYMENT_METHOD_ID;
    // Refused before pricing for a buyer who can never pay on account; the limit and overdue
    // checks run again with the account locked, against this order's total.
    if (byInvoice && (viewer.isGuest || input.customer_id === 0 || !viewer.canSeeWholesale)) {
      throw invoiceRefused(invoiceRefusal(null, 0, formatCents)!);
    }
    const cart = await priceCart(db, input.line_items, viewer, 'line_items');
    await checkOrderMinimum(db, viewer, cart.subtotalCents);
    const counted = countedUnitsByProduct(cart.lines);
    // Wholesale accounts are businesses the owner approved; anyone else's unpaid units are capped
    // so an anonymous order cannot take a product off sale.
    const holdLimited = !viewer.canSeeWholesale && !ownerEntered;
    const maxHeld = options.maxHeldUnits;
    if (holdLimited) {
      for (const { name, units, lineIndex } of counted.values()) {
        if (units > maxHeld) {
          throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): line_items', {
            line_items: `Line ${lineIndex + 1}: at most ${maxHeld} of ${name} per order. For more, contact us about a wholesale account.`,
          });
        }
      }
    }
    const couponUser = { customerId: input.customer_id, email: input.billing.email };
    const discount = await coupons.discountFor(
      db,
      cart.lines,
      input.coupon_lines.map((line) => line.code),
      viewer,
      couponUser,
    );
    const destination = input.shipping ?? input.billing;
    // Asked together, the zones and the tax rates are checked against one read-cache version.
    const [rates, taxFor] = await Promise.all([
      shipping.quote(destination, cart, input.shipping ? 'shipping.country' : 'billing.country'),
      // Step 4 of the order's money: tax on each line's discounted total and on shipping.
      tax.calculator({
        destination,
        lines: cart.lines.map((line, index) =>
          taxableLine(line, line.totalCents - discount.lineDiscounts[index]!),
        ),
        viewer,
      }),
    ]);
    const chosen = input.shipping_lines[0]!;
    const rate = rates.find(
      (candidate) =>
        candidate.methodId === chosen.method_id && candidate.instanceId === chosen.instance_id,
    );
    if (!rate) {
      throw new ApiError(
        400,
        'larder_invalid_shipping_rate',
        rates.length === 0
          ? 'We have no shipping method for this address. Check the address or contact us.'
          : `That shipping method is not available for this address and cart. Choose one of: ${rates.map((r) => r.label).join(', ')}.`,
        { shipping_lines: 'Choose one of the shipping methods offered for this address.' },
      );
    }

    // A free-shipping code makes shipping 0, and so it carries no tax either.
    const shippingCents = discount.freeShipping ? 0 : rate.costCents;
    const taxed = taxFor(shippingCents);

    const created = now();
    const holdExpiresAt = new Date(created.getTime() + options.holdMinutes * 60_000);
    const billing = toAddress(input.billing, {
      phone: input.billing.phone,
      email: input.billing.email,
    });
    const shippingAddress = input.shipping
      ? toAddress(input.shipping, { phone: '' })
      : toAddress(input.billing, { phone: '' });

    const totalCents = orderTotalCents(
      cart.subtotalCents - discount.discountCents,
      shippingCents,
      taxed.totalTaxCents,
    );

    const stored = await db.transaction(async (tx) => {
      // Pay on account (decision 0038): on hold until the owner marks the invoice paid, its
      // stock taken for good as for a paid order, due the terms' days after today.
      let invoice: { terms: NonNullable<Order['invoice']>['terms']; due: Date } | null = null;
      if (byInvoice) {
        const account = await lockedInvoiceTerms(tx, input.customer_id, created);
        const refusal = invoiceRefusal(account, totalCents, formatCents);
        if (refusal) throw invoiceRefused(refusal);
        invoice = { terms: account!.terms!, due: invoiceDueDate(created, account!.terms!) };
      }
      const order = await ordersRepo.insertOrder(tx, {
        orderKey: newOrderKey(),
        status: invoice ? 'on-hold' : 'pending',
        customerId: input.customer_id,
        billing,
        shipping: shippingAddress,
        paymentMethod: input.payment_method,
        paymentMethodTitle: invoice
          ? invoiceMethodTitle(invoice.terms)
          : (input.payment_method_title ?? input.payment_method),
        paymentTerms: invoice?.terms ?? null,
        dateDue: invoice?.due ?? null,
        purchaseOrderNumber: input.purchase_order_number ?? '',
        customerNote: input.customer_note,
        shippingMethodId: rate.methodId,
        shippingInstanceId: rate.instanceId,
        shippingTitle: rate.label,
        shippingTotalCents: shippingCents,
        subtotalCents: cart.subtotalCents,
        cartTaxCents: taxed.cartTaxCents,
        shippingTaxCents: taxed.shippingTaxCents,
        taxLines: taxed.taxLines,
        taxExemptReason: taxed.exemptReason,
        discountTotalCents: discount.discountCents,
        totalCents,
        priceList: viewer.canSeeWholesale ? 'wholesale' : 'retail',
        customerIp: client.ip,
        customerUserAgent: client.userAgent.slice(0, 500),
        stockState: invoice ? 'reduced' : 'held',
        holdExpiresAt: invoice ? null : holdExpiresAt,
        dateCreated: created,
        dateModified: created,
        // A person in the back office; an owner's API key is a program, as WooCommerce counts it.
        createdVia: ownerEntered && caller.apiKeyId === undefined ? 'admin' : 'rest-api',
      });
      await coupons.redeem(tx, discount, order.id, couponUser);
      // One global order of row locks (product, then variation) so two orders never deadlock.
      const heldByLine = new Map<number, number>();
      const heldByItem = new Map<string, number>();
      const lockedProducts = new Set<number>();
      const sorted = cart.lines
        .map((line, index) => ({ line, index }))
        .sort(
          (a, b) => a.line.productId - b.line.productId || a.line.variationId - b.line.variationId,
        );
      const holder = { customerId: input.customer_id, ip: client.ip };
      for (const { line, index } of sorted) {
        const product = counted.get(line.productId);
        if (product && !lockedProducts.has(line.productId)) {
          // The product's row before its variations', in every order, so none deadlock.
          await ordersRepo.lockProduct(tx, line.productId);
          lockedProducts.add(line.productId);
          if (holdLimited) {
            const held = await ordersRepo.unitsHeldByClient(tx, line.productId, holder, created);
            if (held + product.units > maxHeld) {
              throw new ApiError(
                409,
                'larder_hold_limit',
                `Your unpaid orders already hold ${held} of ${product.name}, and at most ${maxHeld} can wait for payment at once. Pay for them, or wait up to ${options.holdMinutes} minutes for them to lapse.`,
              );
            }
          }
        }
        const result = await ordersRepo.holdStock(
          tx,
          line.productId,
          line.variationId,
          line.quantity,
        );
        if (result.kind === 'short') {
          // Thrown inside the transaction: the order and every unit held so far are rolled back.
          throw outOfStock(
            { ...line, index },
            result.left + (heldByItem.get(stockKey(line)) ?? 0),
            viewer,
          );
        }
        const quantity = result.kind === 'held' ? result.quantity : 0;
        heldByLine.set(index, quantity);
        heldByItem.set(stockKey(line), (heldByItem.get(stockKey(line)) ?? 0) + quantity);
      }
      const items = await ordersRepo.insertItems(
        tx,
        cart.lines.map((line, index) => ({
          orderId: order.id,
          productId: line.productId,
          variationId: line.variationId,
          name: line.name,
          parentName: line.parentName,
          sku: line.sku,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          totalCents: line.totalCents,
          discountCents: discount.lineDiscounts[index] ?? 0,
          attributes: line.attributes,
          image: line.image,
          stockHeld: heldByLine.get(index) ?? 0,
          taxCents: taxed.lines[index]!.cents,
          taxes: taxed.lines[index]!.taxes,
          taxClass: line.taxClass,
        })),
      );
      if (setPaid) {
        // As a payment marks it paid: the held stock becomes the sale, the sales are counted.
        await ordersRepo.markPaid(
          tx,
          order.id,
          {
            transactionId: input.transaction_id ?? '',
            paymentMethod: input.payment_method,
            paymentMethodTitle: input.payment_method_title ?? input.payment_method,
          },
          created,
        );
        await ordersRepo.addTotalSalesOf(tx, order.id);
      }
      if (ownerEntered) {
        const name =
          `${input.billing.first_name} ${input.billing.last_name}`.trim() || input.billing.email;
        await options.activity?.record(
          caller,
          {
            action: 'order.created',
            subjectType: 'order',
            subjectId: order.id,
            summary: `Entered order #${order.id} for ${name} (customer #${input.customer_id}): ${formatCents(totalCents)}, ${invoice ? invoiceMethodTitle(invoice.terms) : setPaid ? `paid by ${input.payment_method_title ?? input.payment_method}` : 'awaiting payment'}`,
          },
          tx,
        );
      }
      // Only marking it paid and taking codes change the rows just written: otherwise they are
      // the order as a re-read would find it, one round trip fewer (decision 0052).
      if (!setPaid && discount.coupons.length === 0) return { order, items, coupons: [] };
      const used = await ordersRepo.find(tx, order.id);
      return used ?? { order, items, coupons: [] };
    });
    const placed = toOrder(stored, now());
    if (byInvoice && options.onInvoiceOrder) {
      // The order stands whatever happens to its email; the hook logs its own failures.
      await options.onInvoiceOrder(placed);
    } else if (setPaid && options.onPaidOrder) {
      await options.onPaidOrder(placed);
    }
    return placed;
  }

  return {
    releaseExpiredHolds,

    /** `POST /orders`: prices, shipping and stock are all the server's (spec §7, issue 4). */
    async create(input: OrderCreateInput, caller: Viewer, client: ClientInfo): Promise<Order> {
      return retryAfterLapsedHolds(() => place(input, caller, client), releaseExpiredHolds);
    },

    /** `GET /orders/{id}`: the buyer, anyone with the right `?key=`, or an owner (OwnerOrder). */
    async get(orderId: number, key: string | undefined, viewer: Viewer): Promise<Order> {
      if (viewer.isOwner) {
        await releaseExpiredHolds();
        return findForOwner(orderId);
      }
      return toOrder(await findAuthorized(orderId, key, viewer), now());
    },

    findForOwner,

    /**
     * `GET /orders`: an owner sees every customer's orders (OwnerOrder); anyone else only their
     * own, named by `customer` (401 for a guest, 400 without it, 403 for someone else's).
     */
    async list(query: OwnerOrderListQuery, viewer: Viewer) {
      mayList(query, viewer);
      const filter: OrderFilter = {
        customerId: query.customer,
        status: query.status === 'any' ? undefined : query.status,
        after: queryTime('after', query.after),
        before: queryTime('before', query.before),
        priceList: query.price_list === 'any' ? undefined : query.price_list,
        search: query.search,
        invoice:
          query.invoice === undefined
            ? undefined
            : { dueBefore: query.invoice === 'overdue' ? now() : undefined },
      };
      await releaseExpiredHolds();
      const window = { page: query.page, perPage: query.per_page };
      const { rows, total } = await ordersRepo.listFiltered(
        db,
        filter,
        query.per_page,
        pageOffset(window),
      );
      if (!viewer.isOwner) return { orders: rows.map((row) => toOrder(row, now())), total, window };
      const refunds = await ordersRepo.refundsOf(
        db,
        rows.map((row) => row.order.id),
      );
      return { orders: rows.map((row) => toOwnerOrder(row, refunds, now())), total, window };
    },

    /**
     * A customer's own list, unnarrowed, as each order's id and version, for order-fragments.ts to
     * assemble from the orders' kept texts; null for an owner or a narrowed list, which `list`
     * answers. Lapsed holds on the page are released first, as reading one order does.
     */
    async ownOrderVersions(query: OwnerOrderListQuery, viewer: Viewer) {
      mayList(query, viewer);
      const narrowed =
        query.status !== 'any' ||
        query.price_list !== 'any' ||
        [query.after, query.before, query.search, query.invoice].some(
          (value) => value !== undefined,
        );
      const customerId = query.customer;
      if (viewer.isOwner || narrowed || customerId === undefined) return null;
      const window = { page: query.page, perPage: query.per_page };
      const read = () =>
        ordersRepo.buyersOrderVersions(db, customerId, query.per_page, pageOffset(window));
      let page = await read();
      const at = now();
      const lapsed = page.rows.filter((row) => holdLapsed(row, at));
      if (lapsed.length > 0) {
        for (const { id } of lapsed) await db.transaction((tx) => cancelIn(tx, id));
        page = await read();
      }
      return {
        customerId,
        /** The time the page was read at, for a kept text's `changesAt`. */
        at: at.getTime(),
        versions: page.rows.map(({ id, version }) => ({ id, version })),
        total: page.total,
        window,
      };
    },

    /**
     * Those of `ids` that are the customer's, as they read them, each with the version it was read
     * at and when its text changes with no write (an unpaid invoice falls overdue on its due date).
     */
    async ownOrdersByIds(customerId: number, ids: number[]) {
      const at = now();
      return (await ordersRepo.buyersOrdersByIds(db, customerId, ids)).map(({ found, version }) => {
        const due = overdueFrom(found.order);
        return {
          order: toOrder(found, at),
          version,
          changesAt: due !== null && due > at ? due.getTime() : Number.POSITIVE_INFINITY,
        };
      });
    },

    /**
     * For the payments module: the order if this viewer may pay it (owner or right key) and it is
     * pending with its stock still held. 401/403 as for reading it; 409 `larder_order_not_payable`
     * when it is paid already, cancelled or past its hold.
     */
    async findForPayment(
      orderId: number,
      key: string | undefined,
      viewer: Viewer,
    ): Promise<PayableOrder> {
      const found = await findAuthorized(orderId, key, viewer);
      const { order } = found;
      if (order.status !== 'pending') {
        const paid = order.status === 'processing' || order.status === 'completed';
        throw new ApiError(
          409,
          'larder_order_not_payable',
          paid
            ? 'This order has already been paid.'
            : "This order was canceled because it wasn't paid in time. Please place your order again.",
        );
      }
      return {
        id: order.id,
        orderKey: order.orderKey,
        customerId: order.customerId,
        totalCents: order.totalCents,
        currency: 'USD',
        billing: order.billing,
        order: toOrder(found),
      };
    },

    /**
     * Pending → processing with date_paid and the transaction id; the held stock becomes the sale
     * (it was taken when the order was placed, so nothing is reduced twice). Runs in `tx` when
     * given, so the caller can record its payment row in the same transaction. Paying an order
     * that is already processing with the same transaction id returns it unchanged; any other
     * state is 409 `larder_order_not_payable` (the caller should refund or void the charge).
     */
    async markPaid(orderId: number, payment: PaymentRecord, tx?: Database): Promise<Order> {
      return inTransaction(tx, async (executor) => {
        const moved = await ordersRepo.markPaid(executor, orderId, payment, now());
        // The row the update returned is the order as a re-read would find it (decision 0052).
        const found = moved
          ? await ordersRepo.withLines(executor, moved)
          : await ordersRepo.find(executor, orderId);
        if (!found) {
          throw new ApiError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
        }
        if (moved) {
          await ordersRepo.addTotalSalesOf(executor, orderId);
          return toOrder(found);
        }
        if (
          found.order.status === 'processing' &&
          found.order.transactionId === payment.transactionId
        ) {
          return toOrder(found);
        }
        throw new ApiError(
          409,
          'larder_order_not_payable',
          found.order.status === 'cancelled'
            ? 'This order was canceled before the payment went through.'
            : 'This order has already been paid.',
        );
      });
    },

    /** The owner's list (command line): every customer's orders, newest first. */
    async listAll(query: { status?: OrderStatus; page: number; perPage: number }) {
      await releaseExpiredHolds();
      const { rows, total } = await ordersRepo.list(
        db,
        query.status,
        query.perPage,
        pageOffset(query),
      );
      return { orders: rows, total };
    },

    /** The owner's view of one order, whoever placed it; undefined when there is none. */
    async findAny(orderId: number): Promise<Order | undefined> {
      await releaseExpiredHolds();
      const found = await ordersRepo.find(db, orderId);
      return found ? toOrder(found) : undefined;
    },

    /**
     * The owner moves an order on (command line, back office). processing: paid another way (from
     * pending) or reopened (from on-hold or completed); on-hold: a paid order set aside; completed:
     * from processing or on-hold; cancelled: from pending, processing or on-hold, stock given back
     * once. Any other move is 409 `larder_invalid_status_change` with the reason. Runs in `tx`
     * when given, so the caller's note and log entry land with it.
     */
    async setStatus(
      orderId: number,
      status: OwnerOrderStatus,
      within?: Database,
    ): Promise<StatusChange> {
      return inTransaction(within, async (tx) => {
        const found = await ordersRepo.findForUpdate(tx, orderId);
        if (!found) throw invalidOrderId();
        const { order } = found;
        const from = order.status;
        const refuse = (reason: string) =>
          new ApiError(
            409,
            'larder_invalid_status_change',
            `Order #${orderId} is ${from}: ${reason}`,
          );
        const at = now();
        if (from === status) throw refuse(`it is ${status} already.`);
        if (status === 'processing') {
          if (from === 'pending') {
            const paid = await ordersRepo.markPaid(
              tx,
              orderId,
              {
                transactionId: order.transactionId,
                paymentMethod: order.paymentMethod,
                paymentMethodTitle: order.paymentMethodTitle,
              },
              at,
            );
            if (!paid) throw refuse('its stock is no longer held; the buyer must order again.');
            await ordersRepo.addTotalSalesOf(tx, orderId);
          } else if (
            from === 'on-hold' &&
            order.paymentMethod === INVOICE_PAYMENT_METHOD_ID &&
            order.datePaid === null
          ) {
            throw refuse('its invoice is unpaid: mark the invoice paid instead.');
          } else if (from === 'completed' || from === 'on-hold') {
            await ordersRepo.updateStatus(tx, orderId, {
              status,
              dateCompleted: null,
              dateModified: at,
            });
          } else {
            throw refuse('its stock was given back, so it cannot be reopened.');
          }
        } else if (status === 'on-hold') {
          if (from !== 'processing') {
            throw refuse('only a paid (processing) order can be put on hold.');
          }
          await ordersRepo.updateStatus(tx, orderId, { status, dateModified: at });
        } else if (status === 'completed') {
          if (from !== 'processing' && from !== 'on-hold') {
            throw refuse('only a paid (processing) order can be completed.');
          }
          await ordersRepo.updateStatus(tx, orderId, {
            status,
            dateCompleted: at,
            dateModified: at,
          });
        } else {
          // cancelled
          if (from === 'pending') {
            if (!(await cancelIn(tx, orderId))) {
              throw refuse('a payment for it is under way; try again in a few minutes.');
            }
          } else if (from === 'processing' || from === 'on-hold') {
            if (order.stockState !== 'released') {
              for (const item of found.items) {
                if (item.stockHeld > 0) {
                  await ordersRepo.restoreStock(
                    tx,
                    item.productId,
                    item.variationId,
                    item.stockHeld,
                  );
                }
              }
            }
            await ordersRepo.updateStatus(tx, orderId, {
              status,
              stockState: 'released',
              dateModified: at,
            });
          } else {
            throw refuse(
              from === 'completed'
                ? "a completed order can't be canceled; refund it instead."
                : 'only a pending, processing or on-hold order can be canceled.',
            );
          }
        }
        const updated = await ordersRepo.find(tx, orderId);
        return { from, order: toOrder(updated!) };
      });
    },

    /** The order with its row locked until `tx` ends (404 when none), so owner changes queue. */
    async lockForOwner(orderId: number, tx: Database): Promise<OwnerOrder> {
      if (!(await ordersRepo.findForUpdate(tx, orderId))) throw invalidOrderId();
      return findForOwner(orderId, tx);
    },

    /**
     * The owner records an invoice order's payment: the day it was paid, the reference as its
     * transaction id; on-hold → processing, and a completed (shipped) order stays completed.
     * 409 `larder_invoice_not_payable` for an order not paid by invoice, one paid already, or a
     * cancelled one. Runs in `tx`.
     */
    async markInvoicePaid(orderId: number, payment: InvoicePayment, tx: Database) {
      const found = await ordersRepo.findForUpdate(tx, orderId);
      if (!found) throw invalidOrderId();
      const { order } = found;
      const refuse = (reason: string) =>
        new ApiError(409, 'larder_invoice_not_payable', `Order #${orderId} ${reason}`);
      if (order.paymentMethod !== INVOICE_PAYMENT_METHOD_ID) {
        throw refuse('was not placed to be paid by invoice.');
      }
      if (order.datePaid !== null) {
        throw refuse(`was marked paid already, on ${order.datePaid.toISOString().slice(0, 10)}.`);
      }
      if (order.status !== 'on-hold' && order.status !== 'completed') {
        throw refuse(
          `is ${order.status}: only an on-hold or completed invoice can be marked paid.`,
        );
      }
      await ordersRepo.updateStatus(tx, orderId, {
        status: order.status === 'on-hold' ? 'processing' : 'completed',
        datePaid: payment.datePaid,
        transactionId: payment.reference,
        dateModified: now(),
      });
      await ordersRepo.addTotalSalesOf(tx, orderId);
      return findForOwner(orderId, tx);
    },

    /** A paid order whose money has all been given back; any earlier status is the caller's check. */
    async markRefunded(orderId: number, tx: Database): Promise<void> {
      await ordersRepo.updateStatus(tx, orderId, { status: 'refunded', dateModified: now() });
    },

    /** Stores the carrier and tracking number, shipped now (the caller decides when that may be). */
    async recordShipment(
      orderId: number,
      shipment: { carrier: string; trackingNumber: string },
      tx: Database,
    ): Promise<void> {
      await ordersRepo.setShipment(tx, orderId, { ...shipment, dateShipped: now() });
    },

    /** Cancels a pending order and gives its held stock back; false when it was not pending. */
    async cancel(orderId: number, tx?: Database): Promise<boolean> {
      return inTransaction(tx, (executor) => cancelIn(executor, orderId));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
