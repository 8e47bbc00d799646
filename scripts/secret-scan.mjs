// What scripts/check-secrets.mjs looks for: shapes of well-known secrets, plus the exact values of
// the secrets a server was started with. Kept apart so a unit test can plant secrets and see them found.

/** Secret shapes that never belong in a browser bundle or an HTTP response. */
export const SECRET_SHAPES = [
  {
    name: 'Stripe secret or restricted key',
    pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{8,}/g,
  },
  { name: 'argon2 password hash', pattern: /\$argon2(?:id|i|d)\$v=\d+\$[^\s"'<>]+/g },
  { name: 'bcrypt password hash', pattern: /\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}/g },
  { name: 'WooCommerce consumer key or secret', pattern: /\b(?:ck|cs)_[0-9a-f]{40}\b/g },
  { name: 'private key', pattern: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/g },
  {
    name: 'URL with a password (database, mail, cache)',
    pattern:
      /\b(?:postgres(?:ql)?|mysql|smtps?|redis|rediss|amqps?|mongodb(?:\+srv)?):\/\/[^\s:@/"'<>]+:[^\s@/"'<>]+@/g,
  },
];

/** Keeps the first four characters of a secret so a report says which one without repeating it. */
export const redact = (secret) => `${secret.slice(0, 4)}…[redacted ${secret.length} chars]`;

/**
 * Every secret found in `text`: each shape above, and each of `knownValues` (the values of the
 * secret variables the server was given, at least 8 characters so a short one cannot match by chance).
 */
export function findSecrets(text, knownValues = []) {
  const found = [];
  const report = (name, index, match) => {
    const before = text.slice(Math.max(0, index - 40), index).replace(/\s+/g, ' ');
    const after = text.slice(index + match.length, index + match.length + 40).replace(/\s+/g, ' ');
    found.push({ name, index, excerpt: `${before}${redact(match)}${after}` });
  };
  for (const { name, pattern } of SECRET_SHAPES) {
    for (const match of text.matchAll(pattern)) report(name, match.index, match[0]);
  }
  for (const { name, value } of knownValues) {
    if (!value || value.length < 8) continue;
    for (let index = text.indexOf(value); index >= 0; index = text.indexOf(value, index + 1)) {
      report(`the value of ${name}`, index, value);
    }
  }
  return found;
}
