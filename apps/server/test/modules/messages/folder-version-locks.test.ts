import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/lib/tokens.ts';
import { addRecipients, insertMessage, setRead } from '../../../src/modules/messages/messages.repository.ts';
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

describe.skipIf(!pg)('folder versions under concurrent writers', () => {
  it('a reader marking a message read while its sender sends them another: both go through', async () => {
    const [sender, reader] = [await userUuid('capoarea'), await userUuid('posatore')];
    const at = '2026-11-27T10:00:00.000Z';
    const message = (uuid: string, oggetto: string) => ({
      uuid,
      sender,
      oggetto,
      content: '',
      dest: '',
      dests: '[]',
      now: at,
    });
    const only = (user: string) => [
      ctx.db.selectFrom('users').select('users.uuid as user_uuid').where('uuid', '=', user),
    ];
    const first = newId();
    await insertMessage(ctx.db, message(first, 'Prima'));
    await addRecipients(ctx.db, { uuid: first, sender, createdAt: at }, only(reader));

    const second = newId();
    let readerPid = 0;
    let sent: () => void = () => undefined;
    const sendHeld = new Promise<void>((resolve) => (sent = resolve));
    // The send: the new message first (its sender's outbox), then, once the read mark waits, its recipient.
    const send = ctx.db.transaction().execute(async (tx) => {
      await insertMessage(tx, message(second, 'Seconda'));
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
