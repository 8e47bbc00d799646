import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormResultSchema, toContactSubmission } from '@larder/contract';
import { contactSubmissions } from '../../db/schema.ts';
import { parseMail } from '../../../test/outbox.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const visitor = {
  first_name: 'Lena',
  last_name: 'Marsh',
  email: 'lena.marsh@example.com',
  phone: '',
  message: 'Could you bake a nut-free batch for our school fair?',
};

/** A real SMTP sink on a free port. */
async function startSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('mail through SMTP_URL', () => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSink();
    t = await buildTestApp({ seed: false, config: { smtpUrl: `smtp://127.0.0.1:${sink.port}` } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('delivers the contact message to the shop owner from MAIL_FROM', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/form-submit',
      payload: toContactSubmission(visitor),
    });
    expect(res.statusCode).toBe(201);
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.from).toBe('hello@larderandoat.test');
    expect(mail!.to).toEqual(['owner@larderandoat.test']);
    expect(mail!.data).toContain('Reply-To: Lena Marsh <lena.marsh@example.com>');
    expect(mail!.data).toContain('Could you bake a nut-free batch for our school fair?');
  });

  it('sends every text part quoted-printable, even one mostly in another script, and it reads back whole', async () => {
    const message = Array(6)
      .fill('Μπορείτε να ψήσετε μια παρτίδα χωρίς ξηρούς καρπούς για τη σχολική γιορτή;')
      .join(' ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/form-submit',
      payload: toContactSubmission({ ...visitor, message }),
    });
    expect(res.statusCode).toBe(201);
    const mail = sink.received.at(-1)!;
    // Chosen once for our mostly Latin e-mails: nodemailer no longer counts each part's characters.
    const encodings = [...mail.data.matchAll(/^Content-Transfer-Encoding: (.+)$/gim)].map((match) =>
      match[1]!.trim(),
    );
    expect(encodings).toEqual(['quoted-printable', 'quoted-printable']);
    const { text, html } = parseMail(mail.data);
    expect(text).toContain(message);
    expect(html).toContain(message);
  });
});

describe('when the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      config: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` },
    });
  });
  afterAll(() => t.close());

  it('keeps the submission, answers 201, and leaves notified_at empty', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/form-submit',
      payload: toContactSubmission(visitor),
    });
    expect(res.statusCode).toBe(201);
    const { id } = FormResultSchema.parse(res.json());
    const [row] = await t.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ email: 'lena.marsh@example.com', notifiedAt: null });
  });
});
