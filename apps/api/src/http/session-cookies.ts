/**
 * The session's cookie and header names. They live below the modules because the HTTP edge (the
 * read cache, the storefront's page cache) must recognise a signed-in request without the accounts
 * module.
 */
export const SESSION_COOKIE = 'larder_session';
/** Spec §9: the browser sends this cookie's value back in the X-XSRF-TOKEN header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
