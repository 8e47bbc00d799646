import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  /** Header names lower-cased, values unfolded (RFC 5322 continuation lines joined). */
  headers: Record<string, string>;
  /** The decoded plain-text body. */
  text: string;
}

/** Undoes nodemailer's transfer encoding of a single-part text message. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every message in a data directory's outbox (what the mailer writes without SMTP_URL). */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const split = raw.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of raw
        .slice(0, split)
        .replace(/\r\n[ \t]+/g, ' ')
        .split('\r\n')) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
      return { file, headers, text: decodeBody(raw.slice(split + 4), encoding) };
    });
}

/** The messages addressed to one address. */
export const mailTo = (dataDir: string, address: string): OutboxMail[] =>
  readOutbox(dataDir).filter((mail) =>
    mail.headers.to?.toLowerCase().includes(address.toLowerCase()),
  );
