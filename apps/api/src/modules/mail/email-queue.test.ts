import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@larder/contract';
import { queuedEmails } from '../../db/schema.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import { anEmail, createProduct } from '../../../test/factories.ts';
import { readOutbox } from '../../../test/outbox.ts';
import { placeOrder } from '../../../test/place-order.ts';
import { payOrder } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { createEmailQueue, EMAIL_RETRY_DELAYS_MS, type EmailQueueOptions } from './email-queue.ts';
import type { Email } from './email.ts';
import { createMailer, outboxDir, type Mailer } from './mailer.ts';

/** A mail server stand-in: takes what `accept` allows, refuses the rest with a 421. */
function aMailServer(accept: (email: Email) => boolean = () => true) {
  const sent: Email[] = [];
  const mailer: Mailer = {
    async send(email) {
      if (!accept(email)) throw new Error('421 4.3.2 try again later');
      sent.push(email);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return { mailer, sent };
}

const quiet: EmailQueueOptions['log'] = { warn: () => undefined, error: () => undefined };

let t: TestApp;
let clock: Date;
beforeAll(async () => {
  // The shop's own sender would take the tests' e-mails: only the tests' queues send here.
  t = await buildTestApp({ seed: false, config: { sendEmails: false } });
  await seedShippingZones(t.database.db);
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = new Date('2026-11-27T12:00:00Z');
  await t.database.db.delete(queuedEmails);
});

const queueWith = (mailer: Mailer, log = quiet) =>
  createEmailQueue(t.database.db, { mailer, log, now: () => clock, sends: true });
const rows = () => t.database.db.select().from(queuedEmails).orderBy(queuedEmails.id);
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

describe('the e-mail queue', () => {
  it('sends what a committed transaction queued, once, and nothing of one that rolled back', async () => {
    const server = aMailServer();
    const queue = queueWith(server.mailer);
    await t.database.db.transaction(async (tx) => {
      await queue.add('order 1', [anEmail('Kept'), anEmail('Kept too')], tx);
    });
    await t.database.db
      .transaction(async (tx) => {
        await queue.add('order 2', [anEmail('Rolled back')], tx);
        throw new Error('the payment failed');
      })
      .catch(() => undefined);

    await queue.kick();
    await queue.kick();

    expect(server.sent.map((email) => email.subject).sort()).toEqual(['Kept', 'Kept too']);
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('keeps an e-mail the mail server refused and tries it again after 1, 5, 30, 120 and 360 minutes, then gives up and says so', async () => {
    const errors: string[] = [];
    const server = aMailServer(() => false);
    const queue = queueWith(server.mailer, {
      warn: () => undefined,
      error: (_, message) => void errors.push(message),
    });
    await queue.add('order 3', [anEmail('Your order is confirmed')]);

    await queue.kick();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('421');
    expect(row!.nextAttemptAt).toEqual(new Date(clock.getTime() + 60_000));

    // Not due yet: nothing is tried.
    advance(59_000);
    expect(await queue.deliverDue()).toBe(0);

    for (const delay of EMAIL_RETRY_DELAYS_MS) {
      advance(delay);
      expect(await queue.deliverDue()).toBe(1);
    }
    [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 6, nextAttemptAt: null });
    expect(errors).toEqual(['gave up sending "Your order is confirmed" after 6 attempts']);
    advance(24 * 60 * 60_000);
    expect(await queue.deliverDue()).toBe(0);
  });

  it('sends a refused e-mail once the server takes it again, with its attachment intact', async () => {
    let up = false;
    const server = aMailServer(() => up);
    const queue = queueWith(server.mailer);
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]);
    await queue.add('order 4', [
      anEmail('Invoice', {
        attachments: [{ filename: 'invoice-4.pdf', contentType: 'application/pdf', content: pdf }],
      }),
    ]);
    await queue.kick();
    expect(server.sent).toEqual([]);

    up = true;
    advance(EMAIL_RETRY_DELAYS_MS[0]!);
    await queue.kick();
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]!.attachments).toEqual([
      { filename: 'invoice-4.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    expect((await rows())[0]).toMatchObject({ status: 'sent', lastError: null, attempts: 2 });
  });

  it('leaves an e-mail a sender claimed and never finished to another once the lease runs out', async () => {
    const queue = queueWith(aMailServer().mailer);
    await queue.add('order 5', [anEmail('Claimed by a process that died')]);
    // A process claims it, then dies before sending: its lease holds the e-mail for a minute.
    const claimedAt = clock;
    await t.database.db
      .update(queuedEmails)
      .set({ attempts: 1, nextAttemptAt: new Date(claimedAt.getTime() + 60_000) });

    const other = aMailServer();
    const otherQueue = queueWith(other.mailer);
    expect(await otherQueue.deliverDue()).toBe(0);
    advance(60_000);
    expect(await otherQueue.deliverDue()).toBe(1);
    expect(other.sent.map((email) => email.subject)).toEqual(['Claimed by a process that died']);
  });

  it('sends each e-mail once when several senders run at the same time', async () => {
    const servers = [aMailServer(), aMailServer(), aMailServer()];
    await queueWith(servers[0]!.mailer).add(
      'many',
      Array.from({ length: 25 }, (_, i) => anEmail(`Message ${i}`)),
    );
    await Promise.all(servers.map((server) => queueWith(server.mailer).kick()));
    const subjects = servers.flatMap((server) => server.sent.map((email) => email.subject));
    expect(subjects).toHaveLength(25);
    expect(new Set(subjects).size).toBe(25);
  });

  it('prunes e-mails sent more than 30 days ago and keeps those pending or given up', async () => {
    const queue = queueWith(aMailServer((email) => email.subject !== 'Refused').mailer);
    await queue.add('old', [anEmail('Sent'), anEmail('Refused')]);
    await queue.kick();
    advance(31 * 24 * 60 * 60_000);
    expect(await queue.pruneSent()).toBe(1);
    expect((await rows()).map((row) => row.status)).toEqual(['pending']);
  });
});

describe('a paid order’s e-mails', () => {
  /** Pays for an order as a guest; answers it with the e-mails its payment queued. */
  const payFor = async (app: TestApp) => {
    await seedShippingZones(app.database.db);
    const product = await createProduct(app, { regular_price: '12.50', stock_quantity: 50 });
    const order = await placeOrder(app.app, [{ product_id: product.id, quantity: 2 }]);
    expect((await payOrder(app.app, null, order)).status).toBe('processing');
    const queued = await app.database.db
      .select()
      .from(queuedEmails)
      .where(eq(queuedEmails.about, `order ${order.id}`));
    return { order, queued };
  };
  const subjectsFor = (order: Order) => [
    `New order #${order.number}: $${order.total} from Ada Baker`,
    `Your Larder & Oat order #${order.number} is confirmed`,
  ];

  it('are kept when the mail server is down, and sent when it takes them', async () => {
    // Nothing listens on port 1: every send is refused.
    const down = await buildTestApp({
      seed: false,
      config: { smtpUrl: 'smtp://127.0.0.1:1' },
      now: () => clock,
    });
    try {
      const { order, queued: waiting } = await payFor(down);
      expect(waiting.map((row) => [row.status, row.attempts])).toEqual([
        ['pending', 1],
        ['pending', 1],
      ]);
      expect(waiting[0]!.lastError).toMatch(/ECONNREFUSED/);

      // The server is back: the shop sends them on its next tick after the retry is due.
      advance(EMAIL_RETRY_DELAYS_MS[0]!);
      const dataDir = down.config.dataDir;
      const mailer = createMailer({
        from: down.config.mailFrom,
        outboxDir: outboxDir(dataDir),
        brand: { shop: down.config.shop, publicUrl: down.config.publicUrl },
        log: down.app.log,
      });
      await createEmailQueue(down.database.db, {
        mailer,
        log: quiet,
        now: () => clock,
        sends: true,
      }).kick();
      const subjects = readOutbox(dataDir).map((mail) => mail.headers.subject);
      expect(subjects.sort()).toEqual(subjectsFor(order));
    } finally {
      await down.close();
    }
  });

  it('are only queued by a process that leaves sending to another (SEND_EMAILS=false)', async () => {
    const web = await buildTestApp({ seed: false, config: { sendEmails: false } });
    try {
      const { order, queued } = await payFor(web);
      expect(readOutbox(web.config.dataDir)).toEqual([]);
      expect(queued.map((row) => [row.status, row.attempts])).toEqual([
        ['pending', 0],
        ['pending', 0],
      ]);

      // The worker: another process on the same database, which sends.
      const server = aMailServer();
      await createEmailQueue(web.database.db, {
        mailer: server.mailer,
        log: quiet,
        sends: true,
      }).kick();
      expect(server.sent.map((email) => email.subject).sort()).toEqual(subjectsFor(order));
    } finally {
      await web.close();
    }
  });
});
