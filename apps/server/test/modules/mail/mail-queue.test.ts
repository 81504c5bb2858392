import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueMails,
  MAX_ATTEMPTS,
  sendDueMails,
  sendTransactional,
  startMailWorker,
  type MailPriority,
} from '../../../src/modules/mail/mail-queue.ts';
import type { Mail, Mailer } from '../../../src/lib/mailer.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('mail_queue').execute();
});

/** A mailer that records what it sent, or fails while `failing` is true. */
function recorder(opts: { failing?: boolean; delayMs?: number } = {}) {
  const sent: Mail[] = [];
  const mailer: Mailer & { sent: Mail[]; failing: boolean } = {
    sent,
    failing: opts.failing ?? false,
    async send(mail) {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (mailer.failing) throw new Error('SMTP non raggiungibile');
      sent.push(mail);
    },
  };
  return mailer;
}

const mails = (n: number, prefix = 'm') =>
  Array.from({ length: n }, (_, i) => ({
    uuid: `${prefix}:${i}`,
    to: `persona${i}@esempio.it`,
    subject: `Oggetto ${i}`,
    body: 'Testo',
  }));
const statuses = async () =>
  (await ctx.db.selectFrom('mail_queue').select(['uuid', 'status', 'attempts']).orderBy('uuid').execute()).map(
    (r) => `${r.uuid}:${r.status}:${r.attempts}`,
  );

describe('the durable mail queue', () => {
  it('sends what is queued once, and queuing the same mail twice is one mail', async () => {
    await enqueueMails(ctx.db, mails(3));
    await enqueueMails(ctx.db, mails(3));
    const mailer = recorder();
    expect(await sendDueMails(ctx.db, mailer)).toBe(3);
    expect(mailer.sent.map((m) => m.to)).toEqual(['persona0@esempio.it', 'persona1@esempio.it', 'persona2@esempio.it']);
    expect(await sendDueMails(ctx.db, mailer)).toBe(0);
    expect(await statuses()).toEqual(['m:0:sent:1', 'm:1:sent:1', 'm:2:sent:1']);
  });

  it('keeps a failed mail for later, with a growing delay, and gives up after the last attempt', async () => {
    await enqueueMails(ctx.db, mails(1));
    const mailer = recorder({ failing: true });
    expect(await sendDueMails(ctx.db, mailer)).toBe(0);
    const row = await ctx.db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMTP non raggiungibile' });
    expect(row.next_at > new Date().toISOString()).toBe(true);
    // Not due yet: nothing is tried again now.
    expect(await sendDueMails(ctx.db, mailer)).toBe(0);
    expect((await ctx.db.selectFrom('mail_queue').select('attempts').executeTakeFirstOrThrow()).attempts).toBe(1);
    // Due again (as time passes), the server still down until the last attempt.
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      await ctx.db.updateTable('mail_queue').set({ next_at: '2000-01-01T00:00:00.000Z' }).execute();
      await sendDueMails(ctx.db, mailer);
    }
    expect(await statuses()).toEqual([`m:0:failed:${MAX_ATTEMPTS}`]);
  });

  it('sends after a failure once the server is back', async () => {
    await enqueueMails(ctx.db, mails(1));
    const mailer = recorder({ failing: true });
    await sendDueMails(ctx.db, mailer);
    mailer.failing = false;
    await ctx.db.updateTable('mail_queue').set({ next_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await sendDueMails(ctx.db, mailer)).toBe(1);
    expect(await statuses()).toEqual(['m:0:sent:2']);
  });

  it('survives a restart: what the stopped worker left is sent by the next one', async () => {
    await enqueueMails(ctx.db, mails(6));
    const first = recorder({ delayMs: 20 });
    const log = ctx.app.log;
    const worker = startMailWorker({ db: ctx.db, mailer: first, log, paceMs: 50, pollMs: 60_000 });
    await expect.poll(() => first.sent.length).toBeGreaterThan(0);
    await worker.stop();
    expect(first.sent.length).toBeLessThan(6);
    // A new process on the same database, through another connection pool.
    const again = ctx.connectAgain();
    try {
      const second = recorder();
      const next = startMailWorker({ db: again, mailer: second, log, paceMs: 0, pollMs: 60_000 });
      await expect.poll(() => first.sent.length + second.sent.length).toBe(6);
      await next.stop();
      const everyone = [...first.sent, ...second.sent].map((m) => m.to).sort();
      expect(new Set(everyone).size).toBe(6);
    } finally {
      await again.destroy();
    }
  });

  it('never sends one mail twice when two instances drain the queue at once', async () => {
    await enqueueMails(ctx.db, mails(20));
    const again = ctx.connectAgain();
    try {
      const a = recorder({ delayMs: 2 });
      const b = recorder({ delayMs: 2 });
      await Promise.all([sendDueMails(ctx.db, a, { limit: 50 }), sendDueMails(again, b, { limit: 50 })]);
      const all = [...a.sent, ...b.sent].map((m) => m.to);
      expect(all).toHaveLength(20);
      expect(new Set(all).size).toBe(20);
    } finally {
      await again.destroy();
    }
  });
});

describe('priority and fairness', () => {
  const laneOf = (lane: string, n: number, priority: MailPriority = 'bulk') =>
    mails(n, lane).map((m) => ({ ...m, to: `${lane}${m.to}`, lane, priority }));
  const order = (mailer: { sent: Mail[] }) => mailer.sent.map((m) => m.to.slice(0, m.to.indexOf('persona')));

  it('sends a transactional mail before every bulk one already waiting', async () => {
    await enqueueMails(ctx.db, laneOf('avviso', 50));
    await enqueueMails(ctx.db, laneOf('reset', 1, 'transactional'));
    const mailer = recorder();
    await sendDueMails(ctx.db, mailer, { limit: 1 });
    expect(order(mailer)).toEqual(['reset']);
  });

  it('takes the senders in turn: a later sender does not wait behind an earlier one’s bulk', async () => {
    // A reseller's ten messages to the group, then one notice from someone else.
    for (let i = 0; i < 10; i++)
      await enqueueMails(
        ctx.db,
        laneOf('rivenditore', 29).map((m) => ({ ...m, uuid: `${m.uuid}:${i}` })),
      );
    const mailer = recorder();
    await sendDueMails(ctx.db, mailer, { limit: 3 });
    await enqueueMails(ctx.db, laneOf('capoarea', 2));
    await sendDueMails(ctx.db, mailer, { limit: 4 });
    // After the three already sent, the two lanes alternate.
    expect(order(mailer)).toEqual([
      'rivenditore',
      'rivenditore',
      'rivenditore',
      'rivenditore',
      'capoarea',
      'rivenditore',
      'capoarea',
    ]);
  });

  it('a sender’s own later bulk waits behind their earlier one, not others’', async () => {
    await enqueueMails(ctx.db, laneOf('a', 3));
    await enqueueMails(
      ctx.db,
      laneOf('a', 3).map((m) => ({ ...m, uuid: `${m.uuid}:bis`, to: `b${m.to}` })),
    );
    await enqueueMails(ctx.db, laneOf('c', 3));
    const mailer = recorder();
    await sendDueMails(ctx.db, mailer, { limit: 9 });
    expect(order(mailer)).toEqual(['a', 'c', 'a', 'c', 'a', 'c', 'ba', 'ba', 'ba']);
  });

  it('a transactional mail is sent at once, and stays queued for a retry when the server is down', async () => {
    const down = recorder({ failing: true });
    const mail = { uuid: 'reset:1', to: 'persona@esempio.it', subject: 'Reimpostazione', body: 'Link', link: 'x' };
    await sendTransactional(ctx.db, down, mail);
    expect(await statuses()).toEqual(['reset:1:pending:1']);
    const row = await ctx.db.selectFrom('mail_queue').select(['priority', 'body']).executeTakeFirstOrThrow();
    expect(row).toEqual({ priority: 0, body: 'Link' });
    await ctx.db.updateTable('mail_queue').set({ next_at: '2000-01-01T00:00:00.000Z' }).execute();
    const up = recorder();
    expect(await sendDueMails(ctx.db, up)).toBe(1);
    expect(await statuses()).toEqual(['reset:1:sent:2']);
    const up2 = recorder();
    await sendTransactional(ctx.db, up2, { ...mail, uuid: 'reset:2' });
    expect(up2.sent.map((m) => m.subject)).toEqual(['Reimpostazione']);
    // A sent mail keeps no link: it was a password until used.
    expect(
      await ctx.db.selectFrom('mail_queue').select(['body', 'link']).where('uuid', '=', 'reset:2').executeTakeFirst(),
    ).toEqual({ body: '', link: '' });
  });
});
