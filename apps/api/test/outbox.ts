import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  /** Header names lower-cased, values unfolded (RFC 5322 continuation lines joined). */
  headers: Record<string, string>;
  /** The decoded plain-text part. */
  text: string;
  /** The decoded HTML part; '' when the message has none. */
  html: string;
  /** Attached files (multipart/mixed), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Undoes nodemailer's transfer encoding of one part. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
}

/** Quoted-printable text (all ASCII, as nodemailer writes it) decoded: soft breaks joined, UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Headers and body of a message or of one MIME part. */
function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: raw.slice(split + 4) };
}

const decodedBody = (part: { headers: Record<string, string>; body: string }) =>
  decodeBody(part.body, (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase());

type Part = { headers: Record<string, string>; body: string };

/** The leaf parts of a message: multipart/mixed (attachments) around multipart/alternative. */
function leafParts(message: Part): Part[] {
  const type = message.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return [message];
  return message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => leafParts(splitPart(part.replace(/^\r\n/, ''))));
}

/** The text/plain and text/html parts of a message (or its one part), and its attachments. */
function bodies(message: Part) {
  const type = message.headers['content-type'] ?? 'text/plain';
  if (!/boundary=/i.test(type)) return { text: decodedBody(message), html: '', attachments: [] };
  const parts = leafParts(message);
  const attachments = parts
    .filter((part) => (part.headers['content-disposition'] ?? '').startsWith('attachment'))
    .map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.headers['content-disposition']!)?.[1] ?? '',
      contentType: (part.headers['content-type'] ?? '').split(';')[0]!,
      content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64'),
    }));
  const ofType = (mime: string) =>
    parts.find((part) => (part.headers['content-type'] ?? '').startsWith(mime));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  return {
    text: text ? decodedBody(text).replace(/\r\n$/, '') : '',
    html: html ? decodedBody(html) : '',
    attachments,
  };
}

/** Every message in a data directory's outbox (what the mailer writes without SMTP_URL). */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => ({ file, ...parseMail(readFileSync(join(dir, file), 'utf8')) }));
}

/** One message as it was written or delivered: its headers and its decoded parts. */
export function parseMail(raw: string): Omit<OutboxMail, 'file'> {
  const message = splitPart(raw);
  return { headers: message.headers, ...bodies(message) };
}

/** The messages addressed to one address. */
export const mailTo = (dataDir: string, address: string): OutboxMail[] =>
  readOutbox(dataDir).filter((mail) =>
    mail.headers.to?.toLowerCase().includes(address.toLowerCase()),
  );
