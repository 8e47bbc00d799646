import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ActivityEntrySchema,
  ApiErrorSchema,
  apiPaths,
  paginationHeaders,
  queuedEmailPaths,
  QueuedEmailSchema,
  type QueuedEmailStatus,
} from '@larder/contract';
import { queuedEmails } from '../../db/schema.ts';
import { anEmail } from '../../../test/factories.ts';
import { readOutbox } from '../../../test/outbox.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { createEmailQueue, EMAIL_QUEUE_CHANNEL, EMAIL_RETRY_DELAYS_MS } from './email-queue.ts';
import type { Email } from './email.ts';

const PDF = Buffer.from('%PDF-1.7 the invoice’s bytes, which no list may carry');

const quiet = { warn: () => undefined, error: () => undefined };
const refusal = '421 4.3.2 try again later';

let t: TestApp;
let owner: Session;
let manager: Session;
let customer: Session;
let about = 0;

/**
 * An e-mail queued and set to `status` in one transaction: the shop's own sender, woken at commit,
 * finds it already failed, sent or not yet due.
 */
async function aQueuedEmail(
  app: TestApp,
  status: QueuedEmailStatus,
  subject: string,
  extra: Partial<Email> = {},
) {
  const queue = createEmailQueue(app.database.db, {
    mailer: { send: () => Promise.reject(new Error('not used')) },
    log: quiet,
    sends: false,
  });
  const name = `order ${++about}`;
  return app.database.db.transaction(async (tx) => {
    await queue.add(name, [anEmail(subject, extra)], tx);
    const [row] = await tx
      .update(queuedEmails)
      .set(
        status === 'failed'
          ? { status, attempts: 6, lastError: refusal, nextAttemptAt: null }
          : status === 'sent'
            ? { status, attempts: 1, sentAt: new Date() }
            : {
                status,
                attempts: 2,
                lastError: refusal,
                nextAttemptAt: new Date(Date.now() + 3e5),
              },
      )
      .where(eq(queuedEmails.about, name))
      .returning();
    return row!;
  });
}

const list = (query = '', headers: Record<string, string> = owner.bearer) =>
  t.app.inject({ url: `${queuedEmailPaths.emails}${query}`, headers });
const resend = (id: number | string, headers: Record<string, string> = owner.bearer) =>
  t.app.inject({ method: 'POST', url: `${queuedEmailPaths.emails}/${id}/resend`, headers });
const rowOf = async (id: number) =>
  (await t.database.db.select().from(queuedEmails).where(eq(queuedEmails.id, id)))[0]!;
const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());

beforeAll(async () => {
  // No SMTP_URL: what the shop sends lands in its outbox.
  t = await buildTestApp({ seed: false });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  manager = await signedInCustomer(t.app, t.database.db, { name: 'manager', role: 'shop_manager' });
  customer = await signedInCustomer(t.app, t.database.db, { name: 'shopper' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.afterAnswer.settled();
  await t.database.db.delete(queuedEmails);
});

describe(`GET ${queuedEmailPaths.emails}`, () => {
  it('lists e-mails newest first with where each stands, its attachments named and never sent', async () => {
    const sent = await aQueuedEmail(t, 'sent', 'Your order is on its way');
    const waiting = await aQueuedEmail(t, 'pending', 'New order #2');
    const failed = await aQueuedEmail(t, 'failed', 'Your invoice for order #3', {
      attachments: [{ filename: 'invoice-3.pdf', contentType: 'application/pdf', content: PDF }],
    });

    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/private/);
    expect(res.headers[paginationHeaders.total]).toBe('3');
    const emails = z.array(QueuedEmailSchema).parse(res.json());
    expect(emails.map((email) => email.id)).toEqual([failed.id, waiting.id, sent.id]);
    expect(emails[0]).toEqual({
      id: failed.id,
      about: failed.about,
      recipient: { name: 'Ada Baker', email: 'ada@example.com' },
      subject: 'Your invoice for order #3',
      status: 'failed',
      attempts: 6,
      last_error: refusal,
      next_attempt_gmt: null,
      date_created_gmt: failed.createdAt.toISOString().slice(0, 19),
      date_sent_gmt: null,
      attachments: [{ filename: 'invoice-3.pdf', content_type: 'application/pdf' }],
    });
    expect(emails[1]).toMatchObject({
      status: 'pending',
      attempts: 2,
      next_attempt_gmt: waiting.nextAttemptAt!.toISOString().slice(0, 19),
    });
    expect(emails[2]).toMatchObject({ status: 'sent', last_error: null, attachments: [] });
    expect(emails[2]!.date_sent_gmt).toBe(sent.sentAt!.toISOString().slice(0, 19));
    expect(res.body).not.toContain(PDF.toString('base64'));
    expect(res.body).not.toContain('base64');
  });

  it('filters by status and pages with X-WP-Total and X-WP-TotalPages', async () => {
    for (let i = 0; i < 3; i++) await aQueuedEmail(t, 'failed', `Failed ${i}`);
    await aQueuedEmail(t, 'sent', 'Sent');

    const first = await list('?status=failed&per_page=2');
    expect(first.headers[paginationHeaders.total]).toBe('3');
    expect(first.headers[paginationHeaders.totalPages]).toBe('2');
    expect(first.json<{ subject: string }[]>().map((email) => email.subject)).toEqual([
      'Failed 2',
      'Failed 1',
    ]);
    const second = await list('?status=failed&per_page=2&page=2');
    expect(second.json<{ subject: string }[]>().map((email) => email.subject)).toEqual([
      'Failed 0',
    ]);
    const sent = await list('?status=sent');
    expect(sent.json<{ status: string }[]>().map((email) => email.status)).toEqual(['sent']);
  });

  it('refuses a status it does not know with 400 in WooCommerce’s error shape', async () => {
    const res = await list('?status=bounced');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
  });

  it('is for the shop’s owners and managers: 401 for a guest, 403 for a customer', async () => {
    await aQueuedEmail(t, 'failed', 'Not for shoppers');
    expect((await list('', {})).statusCode).toBe(401);
    const refused = await list('', customer.bearer);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'woocommerce_rest_cannot_view',
      data: { status: 403 },
    });
    expect(refused.body).not.toContain('Not for shoppers');
    expect((await list('', manager.bearer)).statusCode).toBe(200);
  });
});

describe(`POST ${queuedEmailPaths.emails}/{id}/resend`, () => {
  it('sends a failed e-mail again at once, its retries starting over, and logs who did it', async () => {
    const failed = await aQueuedEmail(t, 'failed', 'Your Larder & Oat order #7 is confirmed', {
      attachments: [{ filename: 'invoice-7.pdf', contentType: 'application/pdf', content: PDF }],
    });
    const before = Date.now();

    const res = await resend(failed.id);
    expect(res.statusCode).toBe(200);
    const answered = QueuedEmailSchema.parse(res.json());
    expect(answered).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    expect(Date.parse(`${answered.next_attempt_gmt}Z`)).toBeGreaterThanOrEqual(before - 1000);

    await t.app.afterAnswer.settled();
    expect(await rowOf(failed.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const mail = readOutbox(t.config.dataDir).find(
      (entry) => entry.headers.subject === 'Your Larder & Oat order #7 is confirmed',
    );
    expect(mail?.headers.to).toContain('ada@example.com');
    expect(mail?.attachments[0]?.content).toEqual(PDF);

    const log = await t.app.inject({
      url: `${apiPaths.activityLog}?subject_type=email&subject_id=${failed.id}`,
      headers: owner.bearer,
    });
    expect(z.array(ActivityEntrySchema).parse(log.json())).toEqual([
      expect.objectContaining({
        actor_id: owner.id,
        action: 'email.resent',
        summary: `E-mail #${failed.id} “Your Larder & Oat order #7 is confirmed” (${failed.about}) sent again`,
      }),
    ]);
  });

  it('sends a pending e-mail now instead of at its next retry', async () => {
    const waiting = await aQueuedEmail(t, 'pending', 'Waiting for its retry');
    expect((await resend(waiting.id)).statusCode).toBe(200);
    await t.app.afterAnswer.settled();
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('wakes every process that sends, as a newly queued e-mail does', async () => {
    const failed = await aQueuedEmail(t, 'failed', 'Heard by the senders');
    let stop: (() => Promise<void>) | undefined;
    const heard = new Promise<void>((resolve) => {
      void t.database.listen(EMAIL_QUEUE_CHANNEL, resolve).then((unlisten) => (stop = unlisten));
    });
    // The listener is registered before the resend commits.
    await expect.poll(() => stop).toBeDefined();
    expect((await resend(failed.id)).statusCode).toBe(200);
    await heard;
    await stop!();
  });

  it('answers 409 for an e-mail already sent and leaves it alone', async () => {
    const sent = await aQueuedEmail(t, 'sent', 'Already delivered');
    const res = await resend(sent.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'larder_rest_email_already_sent',
      message: 'This e-mail has already been sent; there is nothing to send again.',
      data: { status: 409 },
    });
    expect(await rowOf(sent.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    const missing = await resend(987_654);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({
      code: 'larder_rest_email_invalid_id',
      data: { status: 404 },
    });
    for (const id of ['abc', '0', '-3', '2147483648']) {
      const bad = await resend(id);
      expect(bad.statusCode, id).toBe(400);
      expect(errorOf(bad).data.status).toBe(400);
    }
  });

  it('refuses guests and customers before touching the e-mail; a shop manager may', async () => {
    const failed = await aQueuedEmail(t, 'failed', 'Owners decide');
    expect((await resend(failed.id, {})).statusCode).toBe(401);
    const refused = await resend(failed.id, customer.bearer);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('woocommerce_rest_cannot_edit');
    expect(await rowOf(failed.id)).toMatchObject({ status: 'failed', attempts: 6 });

    expect((await resend(failed.id, manager.bearer)).statusCode).toBe(200);
  });
});

describe('an e-mail sent again while the mail server still refuses it', () => {
  it('is pending with the new error and its first retry a minute later, not failed at once', async () => {
    let clock = new Date('2026-11-28T09:00:00Z');
    // Nothing listens on port 1: every send is refused.
    const down = await buildTestApp({
      seed: false,
      config: { smtpUrl: 'smtp://127.0.0.1:1' },
      now: () => clock,
    });
    try {
      const downOwner = await signedInCustomer(down.app, down.database.db, {
        name: 'owner',
        role: 'administrator',
      });
      const failed = await aQueuedEmail(down, 'failed', 'Still refused');
      clock = new Date('2026-11-28T10:00:00Z');
      const res = await down.app.inject({
        method: 'POST',
        url: `${queuedEmailPaths.emails}/${failed.id}/resend`,
        headers: downOwner.bearer,
      });
      expect(res.statusCode).toBe(200);
      await down.app.afterAnswer.settled();
      const [row] = await down.database.db
        .select()
        .from(queuedEmails)
        .where(eq(queuedEmails.id, failed.id));
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: new Date(clock.getTime() + EMAIL_RETRY_DELAYS_MS[0]!),
      });
      expect(row!.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await down.close();
    }
  });
});
