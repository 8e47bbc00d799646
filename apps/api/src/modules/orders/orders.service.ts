import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
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
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { ShippingService } from '../shipping/shipping.service.ts';
import { taxableLine, type TaxService } from '../tax/tax.service.ts';
import { trackingUrl } from './carrier-tracking.ts';
import {
  ordersRepo,
  type OrderFilter,
  type OrderItemRow,
  type OrderRefundRow,
  type OrderWithItems,
} from './orders.repo.ts';
import { outOfStock, priceCart, stockKey, type PricedLine } from '../pricing/cart-pricing.ts';
import { checkOrderMinimum } from '../pricing/wholesale-minimums.ts';

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

export function toOrder({ order, items, coupons }: OrderWithItems): Order {
  const { email = '', ...billingAddress } = order.billing;
  const { email: _unused, ...shippingAddress } = order.shipping;
  return {
    id: order.id,
    parent_id: 0,
    number: String(order.id),
    order_key: order.orderKey,
    created_via: 'rest-api',
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
  };
}

/** The back office's order: WooCommerce's order with its price list, shipment and refunds. */
export function toOwnerOrder(found: OrderWithItems, refunds: OrderRefundRow[]): OwnerOrder {
  const { order } = found;
  const shipped = order.shippingCarrier !== null && order.trackingNumber !== null;
  return {
    ...toOrder(found),
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
      return found;
    }
    throw viewer.isGuest ? cannotView() : forbidden();
  }

  /** Any order, as the back office reads it; 404 when there is none. */
  async function findForOwner(orderId: number, tx: Database = db): Promise<OwnerOrder> {
    const found = await ordersRepo.find(tx, orderId);
    if (!found) throw invalidOrderId();
    return toOwnerOrder(found, await ordersRepo.refundsOf(tx, [orderId]));
  }

  return {
    releaseExpiredHolds,

    /** `POST /orders`: prices, shipping and stock are all the server's (spec §7, issue 4). */
    async create(input: OrderCreateInput, viewer: Viewer, client: ClientInfo): Promise<Order> {
      if (input.customer_id !== 0 && (viewer.isGuest || input.customer_id !== viewer.customerId)) {
        throw new ApiError(
          403,
          'woocommerce_rest_cannot_create',
          'You can only place an order for yourself: send customer_id 0 or your own id.',
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
      await releaseExpiredHolds();
      const cart = await priceCart(db, input.line_items, viewer, 'line_items');
      await checkOrderMinimum(db, viewer, cart.subtotalCents);
      const counted = countedUnitsByProduct(cart.lines);
      // Wholesale accounts are businesses the owner approved; anyone else's unpaid units are capped
      // so an anonymous order cannot take a product off sale.
      const holdLimited = !viewer.canSeeWholesale;
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
      const rates = await shipping.quote(
        destination,
        cart,
        input.shipping ? 'shipping.country' : 'billing.country',
      );
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
      // Step 4 of the order's money: tax on each line's discounted total and on shipping.
      const taxed = (
        await tax.calculator({
          destination,
          lines: cart.lines.map((line, index) =>
            taxableLine(line, line.totalCents - discount.lineDiscounts[index]!),
          ),
          viewer,
        })
      )(shippingCents);

      const created = now();
      const holdExpiresAt = new Date(created.getTime() + options.holdMinutes * 60_000);
      const billing = toAddress(input.billing, {
        phone: input.billing.phone,
        email: input.billing.email,
      });
      const shippingAddress = input.shipping
        ? toAddress(input.shipping, { phone: '' })
        : toAddress(input.billing, { phone: '' });

      const stored = await db.transaction(async (tx) => {
        const order = await ordersRepo.insertOrder(tx, {
          orderKey: newOrderKey(),
          status: 'pending',
          customerId: input.customer_id,
          billing,
          shipping: shippingAddress,
          paymentMethod: input.payment_method,
          paymentMethodTitle: input.payment_method_title ?? input.payment_method,
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
          totalCents: orderTotalCents(
            cart.subtotalCents - discount.discountCents,
            shippingCents,
            taxed.totalTaxCents,
          ),
          priceList: viewer.canSeeWholesale ? 'wholesale' : 'retail',
          customerIp: client.ip,
          customerUserAgent: client.userAgent.slice(0, 500),
          stockState: 'held',
          holdExpiresAt,
          dateCreated: created,
          dateModified: created,
        });
        await coupons.redeem(tx, discount, order.id, couponUser);
        // One global order of row locks (product, then variation) so two orders never deadlock.
        const heldByLine = new Map<number, number>();
        const heldByItem = new Map<string, number>();
        const lockedProducts = new Set<number>();
        const sorted = cart.lines
          .map((line, index) => ({ line, index }))
          .sort(
            (a, b) =>
              a.line.productId - b.line.productId || a.line.variationId - b.line.variationId,
          );
        const holder = { customerId: input.customer_id, ip: client.ip };
        for (const { line, index } of sorted) {
          const product = counted.get(line.productId);
          if (product && !lockedProducts.has(line.productId)) {
            // The product's row before its variations', in every order, so none deadlock.
            await ordersRepo.lockProduct(tx, line.productId);
            lockedProducts.add(line.productId);
            if (holdLimited) {
              const held = await ordersRepo.unitsHeldByClient(tx, line.productId, holder);
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
        const used = await ordersRepo.find(tx, order.id);
        return { order, items, coupons: used?.coupons ?? [] };
      });
      return toOrder(stored);
    },

    /** `GET /orders/{id}`: the buyer, anyone with the right `?key=`, or an owner (OwnerOrder). */
    async get(orderId: number, key: string | undefined, viewer: Viewer): Promise<Order> {
      await releaseExpiredHolds();
      if (viewer.isOwner) return findForOwner(orderId);
      return toOrder(await findAuthorized(orderId, key, viewer));
    },

    findForOwner,

    /**
     * `GET /orders`: an owner sees every customer's orders (OwnerOrder); anyone else only their
     * own, named by `customer` (401 for a guest, 400 without it, 403 for someone else's).
     */
    async list(query: OwnerOrderListQuery, viewer: Viewer) {
      if (viewer.isGuest) {
        throw new ApiError(
          401,
          'woocommerce_rest_cannot_view',
          'Sorry, you cannot list resources.',
        );
      }
      if (!viewer.isOwner) {
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
      const filter: OrderFilter = {
        customerId: query.customer,
        status: query.status === 'any' ? undefined : query.status,
        after: queryTime('after', query.after),
        before: queryTime('before', query.before),
        priceList: query.price_list === 'any' ? undefined : query.price_list,
        search: query.search,
      };
      await releaseExpiredHolds();
      const window = { page: query.page, perPage: query.per_page };
      const { rows, total } = await ordersRepo.listFiltered(
        db,
        filter,
        query.per_page,
        pageOffset(window),
      );
      if (!viewer.isOwner) return { orders: rows.map(toOrder), total, window };
      const refunds = await ordersRepo.refundsOf(
        db,
        rows.map((row) => row.order.id),
      );
      return { orders: rows.map((row) => toOwnerOrder(row, refunds)), total, window };
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
      await releaseExpiredHolds();
      const found = await findAuthorized(orderId, key, viewer);
      const { order } = found;
      if (order.status !== 'pending') {
        const paid = order.status === 'processing' || order.status === 'completed';
        throw new ApiError(
          409,
          'larder_order_not_payable',
          paid
            ? 'This order has already been paid.'
            : 'This order was cancelled because it was not paid in time. Please place your order again.',
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
        const found = await ordersRepo.find(executor, orderId);
        if (!found) {
          throw new ApiError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
        }
        if (moved) {
          for (const item of found.items) {
            await ordersRepo.addTotalSales(executor, item.productId, item.quantity);
          }
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
            ? 'This order was cancelled before the payment went through.'
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
            for (const item of found.items) {
              await ordersRepo.addTotalSales(tx, item.productId, item.quantity);
            }
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
                ? 'a completed order cannot be cancelled; refund it instead.'
                : 'only a pending, processing or on-hold order can be cancelled.',
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
