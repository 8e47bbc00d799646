import { ApiError } from '../../lib/api/index.ts';

export const TOO_MANY_REQUESTS_MESSAGE =
  'You have sent several in a short time. Please wait a few minutes and try again.';
export const NETWORK_MESSAGE = 'We could not reach the shop. Check your connection and try again.';
export const SERVER_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** The banner text for a failed form submission; field messages are shown beside their fields instead. */
export function formErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return NETWORK_MESSAGE;
  if (error.status === 429) return TOO_MANY_REQUESTS_MESSAGE;
  if (error.status >= 500) return SERVER_MESSAGE;
  if (error.status === 400 && Object.keys(error.params).length > 0)
    return 'Please check the highlighted fields.';
  return error.message;
}

/** Field messages from a 400, renamed to the form's fields (`rename` maps wire keys such as "3" to "email"). */
export function fieldErrorsFromApi<K extends string>(
  error: unknown,
  fields: readonly K[],
  rename: Partial<Record<string, K>> = {},
): Partial<Record<K, string>> {
  if (!(error instanceof ApiError)) return {};
  const errors: Partial<Record<K, string>> = {};
  for (const [key, message] of Object.entries(error.params)) {
    const name = rename[key] ?? (fields as readonly string[]).find((field) => field === key);
    if (name !== undefined && errors[name as K] === undefined) errors[name as K] = message;
  }
  return errors;
}
