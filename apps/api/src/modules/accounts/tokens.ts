import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  customerId: number;
  sessionId: string;
}

export const newSessionId = () => randomBytes(24).toString('base64url');
export const newXsrfToken = () => randomBytes(24).toString('base64url');
/** Only a digest is stored, so a copy of the database cannot be used to sign anyone in. */
export const sessionIdHash = (sessionId: string) =>
  createHash('sha256').update(sessionId).digest('hex');

/**
 * HS256 JWTs: `sub` is the customer, `sid` the server-side session that can be ended. Issued and
 * checked on the shop's clock, the one that sets their expiry.
 */
export function createTokenSigner(
  secret: Uint8Array,
  issuer: string,
  now: () => Date = () => new Date(),
) {
  return {
    sign: ({ customerId, sessionId }: SessionClaims, expiresAt: Date) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(customerId))
        .setIssuer(issuer)
        .setIssuedAt(now())
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret),

    /** The claims of a valid token, or null (bad signature, expired, another issuer, malformed). */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const customerId = Number(payload.sub);
        if (!Number.isInteger(customerId) || typeof payload.sid !== 'string') return null;
        return { customerId, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
