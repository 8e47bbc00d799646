import type { CustomerRole } from '@larder/contract';
import type { FastifyRequest } from 'fastify';

/** Who is asking: decides what a response may contain. */
export interface Viewer {
  isGuest: boolean;
  /** The signed-in customer's id; 0 for a guest, as in an order's customer_id. */
  customerId: number;
  role: 'guest' | CustomerRole;
  /** Spec §6: only the wholesale_customer role sees wholesale prices. */
  canSeeWholesale: boolean;
  /** An administrator or shop manager: runs the shop through the owner-only routes. */
  isOwner: boolean;
  /** The session the request was signed in with, so signing out can end it. */
  sessionIdHash?: string;
  /** The REST API key the request was signed with (issue 17); a key never manages keys. */
  apiKeyId?: number;
}

export const guestViewer: Viewer = {
  isGuest: true,
  customerId: 0,
  role: 'guest',
  canSeeWholesale: false,
  isOwner: false,
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every API request by the accounts module's sign-in hook. */
    viewer?: Viewer;
  }
}

/**
 * The owner's command line acts as an owner without an account (id 0): the activity log names it
 * "Command line". Never a request's viewer: the sign-in hook only makes viewers of accounts.
 */
export const commandLineOwner: Viewer = {
  isGuest: false,
  customerId: 0,
  role: 'administrator',
  canSeeWholesale: false,
  isOwner: true,
};

export function viewerFromRequest(request: FastifyRequest): Viewer {
  return request.viewer ?? guestViewer;
}
