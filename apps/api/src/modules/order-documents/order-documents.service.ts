import type { ShopIdentity } from '@larder/contract';
import type { OrdersService } from '../orders/orders.service.ts';
import { renderInvoice, renderPackingSlip } from './order-pdf.ts';

export interface OrderDocumentsOptions {
  orders: OrdersService;
  /** Who the shop is, as the storefront's footer shows it (SHOP_*). */
  shop: ShopIdentity;
  publicUrl: string;
}

export interface OrderDocument {
  filename: string;
  pdf: Buffer;
}

/**
 * An order's paperwork as PDF, made afresh from the order on each request: nothing is stored, so
 * an invoice always shows the refunds given so far.
 */
export function createOrderDocumentsService({ orders, shop, publicUrl }: OrderDocumentsOptions) {
  return {
    async invoice(orderId: number): Promise<OrderDocument> {
      const order = await orders.findForOwner(orderId);
      return {
        filename: `invoice-${order.number}.pdf`,
        pdf: await renderInvoice({ order, shop, publicUrl }),
      };
    },

    async packingSlip(orderId: number): Promise<OrderDocument> {
      const order = await orders.findForOwner(orderId);
      return {
        filename: `packing-slip-${order.number}.pdf`,
        pdf: await renderPackingSlip({ order, shop, publicUrl }),
      };
    },
  };
}

export type OrderDocumentsService = ReturnType<typeof createOrderDocumentsService>;
