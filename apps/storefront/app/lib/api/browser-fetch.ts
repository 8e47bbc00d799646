import type { ApiFetch } from '../../load-context.ts';

/** A cookie the page may read (XSRF-TOKEN); null when it is not set. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The shop client's transport in the browser: same-origin fetch that sends the session cookie and,
 * when the API has set one, echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN (double submit, spec §7).
 */
export const browserApiFetch: ApiFetch = (path, init = {}) => {
  const headers = new Headers(init.headers);
  const token = readCookie('XSRF-TOKEN');
  if (token && !headers.has('x-xsrf-token')) headers.set('x-xsrf-token', token);
  return fetch(path, { ...init, headers, credentials: 'same-origin' });
};
