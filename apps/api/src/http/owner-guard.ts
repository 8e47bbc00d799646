import type { FastifyRequest } from 'fastify';
import { ApiErrorSchema } from '@larder/contract';
import { ApiError } from './errors.ts';
import { viewerFromRequest, type Viewer } from './viewer.ts';

/**
 * The back office's routes are for owners only: 401 for a guest, 403 for any other account, as
 * WooCommerce answers (`woocommerce_rest_cannot_<verb>`). Use it as the route's `onRequest` hook:
 * a preHandler would run after the body is parsed and the query validated, so a guest would get a
 * 400 for a bad body instead of the 401.
 */
export function requireOwner(verb: 'view' | 'create' | 'edit' | 'delete' | 'batch') {
  return async (request: FastifyRequest): Promise<void> => {
    ownerOf(request, verb);
  };
}

/** The signed-in owner, or the 401/403 a non-owner gets. */
export function ownerOf(request: FastifyRequest, verb = 'view'): Viewer {
  const viewer = viewerFromRequest(request);
  if (viewer.isOwner) return viewer;
  const code = `woocommerce_rest_cannot_${verb}`;
  throw viewer.isGuest
    ? new ApiError(401, code, 'Please sign in with an owner account.')
    : new ApiError(403, code, 'Sorry, only the shop’s owners can do that.');
}

/** The answers `requireOwner` gives, for a route's response schemas (OpenAPI and serialisation). */
export const ownerErrorResponses = { 401: ApiErrorSchema, 403: ApiErrorSchema };
