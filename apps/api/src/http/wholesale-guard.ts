import { ApiErrorSchema } from '@larder/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { viewerFromRequest } from './viewer.ts';

/**
 * Wholesale tools (quick order, line sheet) are for approved buyers and the shop's owners: 401
 * for a guest and 403 for a retail account, before the body is read (use it as `onRequest`).
 */
export async function requireWholesaleBuyer(request: FastifyRequest): Promise<void> {
  const viewer = viewerFromRequest(request);
  if (viewer.canSeeWholesale || viewer.isOwner) return;
  throw viewer.isGuest
    ? new ApiError(401, 'larder_wholesale_sign_in', 'Please sign in with your wholesale account.')
    : new ApiError(
        403,
        'larder_wholesale_only',
        'This is for approved wholesale accounts. Apply for one on the Wholesale page.',
      );
}

/** The answers `requireWholesaleBuyer` gives, for a route's response schemas. */
export const wholesaleBuyerErrorResponses = { 401: ApiErrorSchema, 403: ApiErrorSchema };
