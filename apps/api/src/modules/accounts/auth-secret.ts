import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A secret this short or this repetitive can be guessed, and with it any session token forged. */
export const MIN_AUTH_SECRET_LENGTH = 32;
const MIN_DISTINCT_CHARACTERS = 10;

/** Why a configured AUTH_SECRET is too weak to sign session tokens, or null. */
export function weakAuthSecretReason(secret: string): string | null {
  if (secret.length < MIN_AUTH_SECRET_LENGTH) {
    return `must be at least ${MIN_AUTH_SECRET_LENGTH} characters`;
  }
  if (new Set(secret).size < MIN_DISTINCT_CHARACTERS) {
    return `must have at least ${MIN_DISTINCT_CHARACTERS} different characters (generate one with: openssl rand -base64 48)`;
  }
  return null;
}

/**
 * The key that signs session tokens: AUTH_SECRET when set (required when several processes share
 * a database), else one generated on first start and kept in DATA_DIR, so `npm start` needs no setup
 * and sessions survive a restart.
 */
export function loadAuthSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, 'auth-secret');
  const read = () => new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url'));
  const code = (error: unknown) => (error as NodeJS.ErrnoException).code;
  try {
    return read();
  } catch (error) {
    if (code(error) !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx': never overwrite a key another process wrote meanwhile; use theirs.
    writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (code(error) === 'EEXIST') return read();
    throw error;
  }
  return new Uint8Array(secret);
}
