/** `scheme://authority` at the start of an absolute-form request target. */
const absoluteFormPrefix = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * The request target in origin form (`/path?query`). RFC 9112 §3.2.2 lets a client send the
 * absolute form (`GET http://host/path`), which Node hands on as it came: turned into a path once,
 * before routing, so no hook, guard, cache key or link ever works from a host the client chose.
 */
export function originFormTarget(target: string): string {
  const prefix = absoluteFormPrefix.exec(target);
  if (!prefix) return target;
  const rest = target.slice(prefix[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
