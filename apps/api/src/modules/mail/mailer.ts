import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../data-dir.ts';
import { slugify } from '../../http/format.ts';
import type { Email, EmailBrand, Mailbox } from './email.ts';

export type { Email, Mailbox } from './email.ts';

export interface SentMail {
  messageId: string;
  /** The .eml file, when the message went to the outbox instead of an SMTP server. */
  path?: string;
}

export interface Mailer {
  /** Rejects when the message could not be handed over; callers store their data first. */
  send(message: Email): Promise<SentMail>;
}

export interface MailerOptions {
  /** smtp(s)://…; without it every message is written to `outboxDir`. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** The shop's name, address and origin, for every e-mail's header, footer and links. */
  brand: EmailBrand;
  log: FastifyBaseLogger;
}

/** Header values come from visitors: a line break in one must not start a new header. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const oneLineMailbox = (mailbox: string | Mailbox): string | Mailbox =>
  typeof mailbox === 'string'
    ? oneLine(mailbox)
    : { address: oneLine(mailbox.address), name: oneLine(mailbox.name ?? '') };

/** 2026-11-22T03-04-05-123Z: sorts by time and is safe in every file system. */
const fileTimestamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

export function createMailer({ smtpUrl, from, outboxDir, brand, log }: MailerOptions): Mailer {
  const toNodemailer = async (message: Email) => ({
    from,
    to: oneLineMailbox(message.to),
    replyTo: message.replyTo ? oneLineMailbox(message.replyTo) : undefined,
    subject: oneLine(message.subject),
    // Our e-mails are mostly Latin text. Left to choose, nodemailer counted every character of each
    // part again for each MIME header it built: half a millisecond of CPU per e-mail (0060).
    textEncoding: 'quoted-printable' as const,
    // Loaded on the first message: React and the renderer stay out of the start of the server and
    // of every command-line run that sends nothing.
    ...(await (await import('./render-email.tsx')).renderEmail(message, brand)),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((file) => ({
            filename: oneLine(file.filename),
            content: file.content,
            contentType: file.contentType,
          })),
        }
      : {}),
  });

  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      // A slow or dead mail server must not hold a visitor's request for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(message) {
        const info = await transport.sendMail(await toNodemailer(message));
        log.info({ messageId: info.messageId, subject: message.subject }, 'email sent');
        return { messageId: info.messageId };
      },
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  // Reset links and order keys: readable by the shop's user only. Made once, and again when the
  // folder was removed since (a write then fails with ENOENT).
  let outboxMade: Promise<unknown> | undefined;
  const makeOutbox = () =>
    (outboxMade ??= mkdir(outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE }).catch(
      (error: unknown) => {
        outboxMade = undefined;
        throw error;
      },
    ));
  const writeNew = async (path: string, content: Parameters<typeof writeFile>[1]) => {
    await makeOutbox();
    try {
      await writeFile(path, content, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      outboxMade = undefined;
      await makeOutbox();
      await writeFile(path, content, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    }
  };
  return {
    async send(message) {
      const info = await transport.sendMail(await toNodemailer(message));
      const base = `${fileTimestamp(new Date())}-${slugify(message.subject).slice(0, 60) || 'message'}`;
      let path = join(outboxDir, `${base}.eml`);
      try {
        await writeNew(path, info.message);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // Two messages with the same subject in the same millisecond.
        path = join(outboxDir, `${base}-${randomBytes(3).toString('hex')}.eml`);
        await writeNew(path, info.message);
      }
      log.info(
        { path, subject: message.subject },
        'email written to the outbox (no SMTP_URL configured)',
      );
      return { messageId: info.messageId, path };
    },
  };
}

/** The outbox folder inside the data directory. */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');
