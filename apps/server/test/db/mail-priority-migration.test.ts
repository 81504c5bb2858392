import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { enqueueMails, sendDueMails } from '../../src/modules/mail/mail-queue.ts';
import type { MailQueueTable } from '../../src/modules/mail/mail.table.ts';
import type { Mail } from '../../src/lib/mailer.ts';
import { createTestContext, migrateWhileOthersDrop, type TestContext } from '../helpers.ts';

/**
 * The migration that gives the mail queue its priorities and lanes: what was queued before it (message notices, a
 * mass activation's mails) is bulk and still goes out, after a transactional mail queued later.
 */

/** The queue's rows before the migration: without priority, lane and turn. */
type OldQueue = { mail_queue: Omit<MailQueueTable, 'priority' | 'lane' | 'turn'> };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, migrateUpTo: '2026-11-26-19-login-addresses' });
});
afterAll(() => ctx.close());

it('keeps the mails already queued, as bulk, behind a transactional one queued afterwards', async () => {
  const at = '2026-11-25T10:00:00.000Z';
  const old = (n: number) => ({
    uuid: `msg:vecchio:${n}`,
    to_addr: `vecchio${n}@esempio.it`,
    subject: 'Nuova comunicazione',
    body: 'Testo',
    link: '',
    status: 'pending' as const,
    attempts: 0,
    next_at: at,
    locked_until: '',
    last_error: '',
    created_at: at,
    sent_at: '',
    batch: '',
  });
  await (ctx.db as unknown as Kysely<OldQueue>)
    .insertInto('mail_queue')
    .values([old(1), old(2)])
    .execute();

  await migrateWhileOthersDrop(ctx.db, ctx.schema);

  const rows = await ctx.db.selectFrom('mail_queue').select(['uuid', 'priority', 'lane']).orderBy('uuid').execute();
  expect(rows).toEqual([
    { uuid: 'msg:vecchio:1', priority: 1, lane: '' },
    { uuid: 'msg:vecchio:2', priority: 1, lane: '' },
  ]);
  await enqueueMails(ctx.db, [
    { uuid: 'link:1', to: 'reset@esempio.it', subject: 'Reimpostazione', body: 'Link', priority: 'transactional' },
  ]);
  const sent: Mail[] = [];
  expect(await sendDueMails(ctx.db, { send: async (m) => void sent.push(m) })).toBe(3);
  expect(sent.map((m) => m.to)).toEqual(['reset@esempio.it', 'vecchio1@esempio.it', 'vecchio2@esempio.it']);
});
