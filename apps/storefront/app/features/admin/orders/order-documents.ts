import type { OrderDocumentFile } from '@larder/contract';

/** Where the order screen's print buttons point: `/admin/orders/42/invoice.pdf`. */
export const orderDocumentHref = (orderId: number, file: OrderDocumentFile) =>
  `/admin/orders/${orderId}/${file}`;
