import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../../src/db/database.ts';
import { newId } from '../../../src/lib/tokens.ts';
import { deleteUser, insertUser } from '../../../src/modules/auth/users.repository.ts';
import {
  addRecipients,
  bumpInboxes,
  insertMessage,
  keepOnlyRecipients,
  setRead,
  updateMessage,
} from '../../../src/modules/messages/messages.repository.ts';
import { createTestContext, type TestContext, userUuidOf } from '../../helpers.ts';

/**
 * A folder's version is a row that a change locks until its transaction ends (migration 2026-11-27-28), so two
 * writers must take those locks in one order. PostgreSQL only: SQLite has one writer at a time, and PostgreSQL
 * answers a circle of waits by failing one of the transactions (deadlock detected).
 */
const pg = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;
beforeAll(async () => {
  if (pg) ctx = await createTestContext();
});
afterAll(async () => {
  if (pg) await ctx.close();
});

const userUuid = (username: string) => userUuidOf(ctx.db, username);

const at = '2026-11-27T10:00:00.000Z';
const only = (user: string) => [ctx.db.selectFrom('users').select('users.uuid as user_uuid').where('uuid', '=', user)];
const message = (uuid: string, sender: string, oggetto: string) => ({
  uuid,
  sender,
  oggetto,
  content: '',
  dest: '',
  dests: '[]',
  now: at,
});
const edited = (oggetto: string) => ({ oggetto, content: 'Modificato', dest: '', dests: '[]', now: at });

/** A message from `sender` to `to`, committed. */
async function sent(sender: string, to: string, oggetto: string): Promise<string> {
  const uuid = newId();
  await insertMessage(ctx.db, message(uuid, sender, oggetto));
  await addRecipients(ctx.db, { uuid, sender, createdAt: at }, only(to));
  return uuid;
}

/**
 * An edit that gives the message to `to` alone: the message first, then, after `pause`, the recipients as the edit
 * chose them.
 */
async function giveTo(tx: DbOrTx, pause: () => Promise<void>, message: { uuid: string; sender: string }, to: string) {
  await updateMessage(tx, message.uuid, edited('Corretto'));
  await pause();
  await bumpInboxes(tx, message, only(to));
  await addRecipients(tx, { ...message, createdAt: at }, only(to));
  await keepOnlyRecipients(tx, message.uuid, only(to));
}

const recipientsOf = async (uuid: string) =>
  (await ctx.db.selectFrom('message_recipients').select('user_uuid').where('message_uuid', '=', uuid).execute()).map(
    (r) => r.user_uuid,
  );

/** Runs `first` until it calls `pause`, then `second` until it waits for a lock, then the rest of both. */
async function interleaved(
  first: (tx: DbOrTx, pause: () => Promise<void>) => Promise<void>,
  second: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  let secondPid = 0;
  let paused: () => void = () => undefined;
  const reachedPause = new Promise<void>((resolve) => (paused = resolve));
  const one = ctx.db.transaction().execute((tx) =>
    first(tx, async () => {
      paused();
      for (let i = 0; i < 200 && !(await waiting(secondPid)); i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting(secondPid)).toBe(true);
    }),
  );
  await reachedPause;
  const two = ctx.db.transaction().execute(async (tx) => {
    secondPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]?.pid ?? 0;
    await second(tx);
  });
  await Promise.all([one, two]);
}

describe.skipIf(!pg)('folder versions under concurrent writers', () => {
  it('an edit that takes a recipient away while that recipient marks it read: both go through', async () => {
    const [sender, reader] = [await userUuid('capoarea'), await userUuid('posatore')];
    const other = await userUuid('rivenditore');
    const uuid = await sent(sender, reader, 'Da leggere');
    let markedRead: boolean | undefined;
    // The edit: the message first, then, once the read mark waits, the recipients as the edit chose them.
    await interleaved(
      (tx, pause) => giveTo(tx, pause, { uuid, sender }, other),
      async (tx) => {
        markedRead = await setRead(tx, reader, uuid, at);
      },
    );
    // The read mark came after the edit, which had taken the message from the reader.
    expect(markedRead).toBe(false);
    expect(await recipientsOf(uuid)).toEqual([other]);
  });

  it('an edit that takes a recipient away while that account is deleted: both go through', async () => {
    const sender = await userUuid('capoarea');
    const other = await userUuid('admin');
    const reader = await insertUser(
      ctx.db,
      { username: 'in-partenza', email: 'in-partenza@example.it', passwordHash: null, stato: 'active', roles: [] },
      at,
    );
    const uuid = await sent(sender, reader, 'Da leggere');
    // The edit holds the message and, once the deletion waits, takes the reader's row away; the deletion's cascade
    // would take that row and then wait for the message to count it out.
    await interleaved(
      (tx, pause) => giveTo(tx, pause, { uuid, sender }, other),
      async (tx) => {
        await deleteUser(tx, reader);
      },
    );
    expect(await recipientsOf(uuid)).toEqual([other]);
    const counted = await ctx.db
      .selectFrom('messages')
      .select('unread_recipients')
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    expect(counted?.unread_recipients).toBe(1);
    expect(await ctx.db.selectFrom('users').select('uuid').where('uuid', '=', reader).execute()).toEqual([]);
  });

  it("somebody else's read mark while the message is being edited: answered at once, nothing waited for", async () => {
    const [sender, reader, stranger] = [
      await userUuid('capoarea'),
      await userUuid('posatore'),
      await userUuid('rivenditore'),
    ];
    const uuid = await sent(sender, reader, 'Riservato');
    let editing: () => void = () => undefined;
    let finish: () => void = () => undefined;
    const edited_ = new Promise<void>((resolve) => (editing = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // The edit holds the message until the stranger's mark has been answered.
    const edit = ctx.db.transaction().execute(async (tx) => {
      await updateMessage(tx, uuid, edited('Riservato, corretto'));
      editing();
      await finished;
    });
    await edited_;
    const marked = await ctx.db
      .transaction()
      .execute(async (tx) => {
        // Waiting for the edit's lock would fail here instead of hanging the test.
        await sql`set local lock_timeout = '2s'`.execute(tx);
        return await setRead(tx, stranger, uuid, at);
      })
      .finally(finish);
    await edit;
    expect(marked).toBe(false);
  });

  it("two edits at once, each giving its message the other one's recipient: both go through", async () => {
    // Two writers, so their outboxes do not already put one edit after the other.
    const [one, two] = [await userUuid('capoarea'), await userUuid('admin')];
    const [a, b] = [await userUuid('posatore'), await userUuid('rivenditore')];
    const [first, second] = [await sent(one, a, 'Per A'), await sent(two, b, 'Per B')];
    // The first edit gives its message b (b's inbox) and is held before it takes a away; the second gives its
    // message a and takes b away, which would need b's inbox while the first waits for a's.
    await interleaved(
      async (tx, pause) => {
        await updateMessage(tx, first, edited('Per B'));
        await bumpInboxes(tx, { uuid: first, sender: one }, only(b));
        await addRecipients(tx, { uuid: first, sender: one, createdAt: at }, only(b));
        await pause();
        await keepOnlyRecipients(tx, first, only(b));
      },
      async (tx) => {
        await updateMessage(tx, second, edited('Per A'));
        await bumpInboxes(tx, { uuid: second, sender: two }, only(a));
        await addRecipients(tx, { uuid: second, sender: two, createdAt: at }, only(a));
        await keepOnlyRecipients(tx, second, only(a));
      },
    );
    const rows = await ctx.db
      .selectFrom('message_recipients')
      .select(['message_uuid', 'user_uuid'])
      .where('message_uuid', 'in', [first, second])
      .execute();
    expect(new Map(rows.map((r) => [r.message_uuid, r.user_uuid]))).toEqual(
      new Map([
        [first, b],
        [second, a],
      ]),
    );
  });

  it('a reader marking a message read while its sender sends them another: both go through', async () => {
    const [sender, reader] = [await userUuid('capoarea'), await userUuid('posatore')];
    const first = newId();
    await insertMessage(ctx.db, message(first, sender, 'Prima'));
    await addRecipients(ctx.db, { uuid: first, sender, createdAt: at }, only(reader));

    const second = newId();
    let readerPid = 0;
    let sent: () => void = () => undefined;
    const sendHeld = new Promise<void>((resolve) => (sent = resolve));
    // The send: the new message first (its sender's outbox), then, once the read mark waits, its recipient.
    const send = ctx.db.transaction().execute(async (tx) => {
      await insertMessage(tx, message(second, sender, 'Seconda'));
      sent();
      for (let i = 0; i < 200 && !(await waiting(readerPid)); i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting(readerPid)).toBe(true);
      await addRecipients(tx, { uuid: second, sender, createdAt: at }, only(reader));
    });
    await sendHeld;
    // The read mark: the reader's recipient row and the message, then the sender's outbox (read by all now), held
    // by the send, and the reader's inbox, which the send needs next.
    const read = ctx.db.transaction().execute(async (tx) => {
      readerPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]?.pid ?? 0;
      expect(await setRead(tx, reader, first, at)).toBe(true);
    });
    await expect(Promise.all([send, read])).resolves.toBeDefined();
    const inbox = await ctx.db
      .selectFrom('message_recipients')
      .select(['message_uuid', 'read_at'])
      .where('user_uuid', '=', reader)
      .where('message_uuid', 'in', [first, second])
      .execute();
    expect(new Map(inbox.map((r) => [r.message_uuid, r.read_at]))).toEqual(
      new Map([
        [first, at],
        [second, null],
      ]),
    );
  });
});

/** Whether that backend is waiting for a lock. */
async function waiting(pid: number): Promise<boolean> {
  if (pid === 0) return false;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where pid = ${pid} and wait_event_type = 'Lock'`.execute(ctx.db);
  return (rows[0]?.n ?? 0) > 0;
}
