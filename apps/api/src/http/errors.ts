import type { FastifyError, FastifyInstance } from 'fastify';
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
  instancePath?: string;
  message?: string;
}

function validationError(issues: ValidationIssue[], context: string | undefined): ApiError {
  const params: Record<string, string> = {};
  for (const issue of issues) {
    const name =
      (issue.instancePath ?? '').replace(/^\//, '').split('/')[0] || context || 'request';
    params[name] ??= issue.message ?? 'Invalid value.';
  }
  return new ApiError(
    400,
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    params,
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
      apiError = validationError(error.validation, error.validationContext);
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
