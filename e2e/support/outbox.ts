import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { shotsDir } from './screenshots';

const run = promisify(execFile);

/** One email the shop wrote to its outbox (no SMTP server under tests), as sent. */
export interface OutboxEmail {
  file: string;
  /** The whole message with quoted-printable soft breaks and escapes undone: searchable text. */
  text: string;
  raw: string;
}

/** Quoted-printable undone, its bytes read as UTF-8 (the shop writes every part in UTF-8). */
const unquote = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8');

/** Every email in the test shop's outbox, oldest first. */
export async function outbox(): Promise<OutboxEmail[]> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'latin1');
      return { file, raw, text: unquote(raw) };
    }),
  );
}

/** The searchable text of every email in the outbox, oldest first. */
export const outboxTexts = async (): Promise<string[]> =>
  (await outbox()).map((email) => email.text);

/** Every email in the test shop's outbox to `address`, oldest first. */
export async function mailTo(address: string): Promise<OutboxEmail[]> {
  return (await outbox()).filter((email) => email.raw.includes(address));
}

/** Waits for an email to `address` that `matches`, described as `what` if it never comes. */
export async function waitForMail(
  address: string,
  what: string,
  matches: (email: OutboxEmail) => boolean,
): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(address)).find(matches);
      return found !== undefined;
    }, `${what} to ${address}`)
    .toBe(true);
  return found!;
}

/** The message's Subject header, unfolded. */
export const subjectOf = (email: OutboxEmail) =>
  /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(email.raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';

/** The email's attachments of a content type, decoded from base64. */
export function attachmentsOf(
  email: OutboxEmail,
  contentType: string,
): Array<{ filename: string; body: Buffer }> {
  const boundaries = [...email.raw.matchAll(/boundary="?([^"\r\n;]+)"?/g)].map((m) => m[1]!);
  const parts = boundaries.flatMap((boundary) => email.raw.split(`--${boundary}`));
  return parts.flatMap((part) => {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`Content-Type:\\s*${contentType}`, 'i').test(head)) return [];
    if (!/Content-Transfer-Encoding:\s*base64/i.test(head)) return [];
    const filename = /filename="?([^"\r\n;]+)"?/i.exec(head)?.[1] ?? '';
    return [{ filename, body: Buffer.from(body.join('\n').replace(/\s+/g, ''), 'base64') }];
  });
}

/** The text of a PDF, as poppler's pdftotext lays it out (read from stdin: no file left behind). */
export async function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}

/** The first page of a PDF as a PNG in SHOTS_DIR (when set), to be looked at. */
export async function pdfShot(pdf: Buffer, name: string) {
  if (!shotsDir) return;
  const stem = path.join(shotsDir, name);
  await writeFile(`${stem}.pdf`, pdf);
  await run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', `${stem}.pdf`, stem]);
}
