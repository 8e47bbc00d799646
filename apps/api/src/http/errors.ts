import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error type: thrown anywhere, sent as WordPress's `{code, message, data:{status}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: Record<string, string>,
    /** More of WordPress's `data`, beside status: e.g. the cart line a stock refusal is about. */
    readonly details?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const invalidParam = (name: string, message: string) =>
  new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { [name]: message });

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
}

/** The cart's lines (quotes' `products`, orders' `line_items`): a bad one is named as pricing names it. */
const CART_LINE_FIELDS = new Set(['products', 'line_items']);

/** What the failed part of the request held before validation: the body, query or path. */
function sentPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  return undefined;
}

const isAbsent = (part: unknown, name: string) =>
  typeof part !== 'object' ||
  part === null ||
  !Object.hasOwn(part, name) ||
  (part as Record<string, unknown>)[name] === undefined;

/**
 * WordPress answers required parameters that were not sent with `rest_missing_callback_param`
 * (naming only those, checked before any value), and everything else `rest_invalid_param`. Both
 * keep `data.params` as name → message, which the storefront's forms show beside their fields.
 */
function validationError(
  issues: ValidationIssue[],
  context: string | undefined,
  request: FastifyRequest,
): ApiError {
  const part = sentPart(request, context);
  const invalid: Record<string, string> = {};
  const missing: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').split('/');
    const name = path[0] || context || 'request';
    const line = CART_LINE_FIELDS.has(name) && /^\d+$/.test(path[1] ?? '') ? Number(path[1]) : null;
    const message =
      (line === null ? '' : `Line ${line + 1}: `) + (issue.message ?? 'Invalid value.');
    // Whatever the schema says of a top-level key that was not sent (a type, a choice of values),
    // it is missing: WordPress checks required parameters before any value.
    if (path.length === 1 && path[0] && isAbsent(part, name)) missing[name] ??= message;
    else invalid[name] ??= message;
  }
  if (Object.keys(missing).length > 0) {
    return new ApiError(
      400,
      'rest_missing_callback_param',
      `Missing parameter(s): ${Object.keys(missing).join(', ')}`,
      missing,
    );
  }
  return new ApiError(
    400,
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(invalid).join(', ')}`,
    invalid,
  );
}

/** WordPress's error body: `{code, message, data: {status, params?, …}}`. */
export function apiErrorBody(error: ApiError) {
  const data: Record<string, unknown> = { ...error.details, status: error.status };
  if (error.params) data.params = error.params;
  return { code: error.code, message: error.message, data };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) {
      apiError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      apiError = validationError(error.validation, error.validationContext, request);
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      apiError = new ApiError(error.statusCode, 'rest_invalid_request', error.message);
    } else {
      request.log.error({ err: error }, 'unexpected error');
      apiError = new ApiError(
        500,
        'internal_server_error',
        'Something went wrong on our side. Please try again.',
      );
    }
    if (apiError.status >= 500 && error instanceof ApiError)
      request.log.error({ err: error }, 'server error');
    return reply
      .code(apiError.status)
      .type('application/json; charset=utf-8')
      .send(apiErrorBody(apiError));
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/wp-json');
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({
        code: isApi ? 'rest_no_route' : 'not_found',
        message: isApi ? 'No route was found matching the URL and request method.' : 'Not found.',
        data: { status: 404 },
      });
  });
}
