/**
 * Where to go after signing in: a path on this site from `?redirect=`, else the account. Anything
 * that could leave the site (`//evil.example`, `/\\evil`, `https://…`) is ignored.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/my-account'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  // Control characters could smuggle a scheme or host past the checks above.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
    return fallback;
  return target;
}

/** The login address that comes back to `path` once signed in. */
export function loginPathFor(path: string): string {
  return `/login?${new URLSearchParams({ redirect: path }).toString()}`;
}
