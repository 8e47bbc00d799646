import type { Route } from './+types/admin-order-document';
import { loadOrderDocument } from '../features/admin/orders/order-documents.server.ts';

/** An order's invoice or packing slip as PDF, for the order screen's print buttons. */
export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  loadOrderDocument(request, params, context.apiFetch);
