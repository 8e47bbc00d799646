import { ApiErrorSchema } from '@larder/contract';

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
    const parsed = ApiErrorSchema.safeParse(body);
    return parsed.success
      ? new ApiError(
          response.status,
          parsed.data.code,
          parsed.data.message,
          parsed.data.data.params,
        )
      : new ApiError(
          response.status,
          'http_error',
          `${response.status} ${response.statusText} for ${path}`,
        );
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
