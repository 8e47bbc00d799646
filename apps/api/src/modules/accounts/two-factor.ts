import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorSetup } from '@larder/contract';

/** RFC 6238's defaults, which every authenticator app reads from the otpauth:// link. */
const PERIOD_SECONDS = 30;

const totpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A fresh 160-bit secret (RFC 4226's recommended length) and what the owner's app needs of it. */
export async function newTwoFactorSetup(issuer: string, label: string): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, issuer, label).toString();
  return {
    secret,
    otpauth_uri: uri,
    qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  };
}

/**
 * The time step a code belongs to when it is right for `secret` now (one step of clock drift either
 * way), or null. A step at or before `lastStep` was already used: a seen code never works twice.
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): number | null {
  const delta = totpOf(secret, '', '').validate({
    token: code,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
