import type { FastifyReply, FastifyRequest } from 'fastify';
import { paginationHeaders } from '@larder/contract';
import { ApiError } from './errors.ts';
import { originFormTarget } from './request-target.ts';

export interface PageWindow {
  page: number;
  perPage: number;
  /** WordPress's `offset` replaces the page-derived offset when given. */
  offset?: number;
}

export const pageOffset = ({ page, perPage, offset }: PageWindow) => offset ?? (page - 1) * perPage;

/** WordPress core answers a page past the end with 400; WooCommerce answers it with an empty list. */
export function assertPageInRange(window: PageWindow, total: number): void {
  const totalPages = Math.ceil(total / window.perPage);
  if (total > 0 && window.page > totalPages) {
    throw new ApiError(
      400,
      'rest_post_invalid_page_number',
      'The page number requested is larger than the number of pages available.',
    );
  }
}

/** X-WP-Total, X-WP-TotalPages and a Link header with rel prev/next, as WordPress sends them. */
export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  window: PageWindow,
  total: number,
): void {
  const totalPages = Math.ceil(total / window.perPage);
  reply.header(paginationHeaders.total, String(total));
  reply.header(paginationHeaders.totalPages, String(totalPages));

  // PUBLIC_URL joined with the path as text: resolving the target against it would let a target
  // such as `//other.host/…` or an absolute form pick the links' host.
  const path = originFormTarget(request.url);
  const url = new URL(`${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);
  const linkTo = (page: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(page));
    return target.toString();
  };
  const links: string[] = [];
  if (window.page > 1)
    links.push(`<${linkTo(Math.min(window.page - 1, Math.max(totalPages, 1)))}>; rel="prev"`);
  if (window.page < totalPages) links.push(`<${linkTo(window.page + 1)}>; rel="next"`);
  if (links.length > 0) reply.header('link', links.join(', '));
}
