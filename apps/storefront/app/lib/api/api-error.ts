import type { ApiError as ApiErrorBody } from '@larder/contract';

/** The one error type the shop client throws for a non-2xx answer (body `{code, message, data:{status}}`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Per-field messages of a 400 `rest_invalid_param`, keyed by the request's field names. */
  readonly params: Record<string, string>;

  constructor(status: number, code: string, message: string, params: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = params;
  }

  static async fromResponse(response: Response, path: string): Promise<ApiError> {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON (a proxy page, an empty body): keep the status only.
    }
    return isApiErrorBody(body)
      ? new ApiError(response.status, body.code, body.message, body.data.params)
      : new ApiError(
          response.status,
          'http_error',
          `${response.status} ${response.statusText} for ${path}`,
        );
  }
}

/**
 * The contract's ApiErrorSchema, checked by hand: every page loads this module, and parsing one
 * error body with zod would put all of zod (about 45 KB gzip) in every page's first load.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message, data } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  if (typeof data !== 'object' || data === null) return false;
  const { status, params } = data as Record<string, unknown>;
  if (typeof status !== 'number' || !Number.isInteger(status)) return false;
  return (
    params === undefined ||
    (typeof params === 'object' &&
      params !== null &&
      Object.values(params).every((value) => typeof value === 'string'))
  );
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
