import type { FastifyRequest } from 'fastify';

/** Who is asking: decides what a response may contain. */
export interface Viewer {
  isGuest: boolean;
  /** The signed-in customer's id; 0 for a guest, as in an order's customer_id. */
  customerId: number;
  /** Spec §6: only the wholesale_customer role sees wholesale prices. */
  canSeeWholesale: boolean;
}

export const guestViewer: Viewer = { isGuest: true, customerId: 0, canSeeWholesale: false };

/** No sign-in exists yet, so everyone is a guest; the auth module will replace this. */
export function viewerFromRequest(_request: FastifyRequest): Viewer {
  return guestViewer;
}
