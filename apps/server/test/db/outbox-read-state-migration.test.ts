import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { MessageRecipientsTable } from '../../src/modules/messages/messages.table.ts';
import { createTestContext, migrateWhileOthersDrop, type TestContext } from '../helpers.ts';

/**
 * The outbox's Tipo filter: the migration that keeps each message's read state on its row fills it from the
 * recipients already there, so the messages sent before it are filtered as those sent after.
 */

type OldTables = {
  users: { uuid: string; username: string; created_at: string; updated_at: string };
  messages: { uuid: string; sender_uuid: string; oggetto: string; created_at: string; updated_at: string };
  message_recipients: MessageRecipientsTable;
};
type NewRow = { uuid: string; unread_recipients: number; read_by_all: number };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, migrateUpTo: '2026-11-26-20-mail-priority-and-send-limits' });
});
afterAll(() => ctx.close());

it('counts the recipients who have not read each message, and marks those read by all', async () => {
  const db = ctx.db as unknown as Kysely<OldTables>;
  const at = '2025-01-01T00:00:00.000Z';
  const [sender, a, b] = ['s', 'a', 'b'].map((u) => ({ uuid: crypto.randomUUID(), username: u }));
  await db
    .insertInto('users')
    .values([sender, a, b].map((u) => ({ ...u!, created_at: at, updated_at: at })))
    .execute();
  const message = (oggetto: string) => ({
    uuid: crypto.randomUUID(),
    sender_uuid: sender!.uuid,
    oggetto,
    created_at: at,
    updated_at: at,
  });
  const [none, half, all] = [message('Nessuno'), message('Metà'), message('Tutti')];
  await db.insertInto('messages').values([none, half, all]).execute();
  const recipient = (m: { uuid: string }, user: { uuid: string }, read: boolean) => ({
    message_uuid: m.uuid,
    user_uuid: user.uuid,
    read_at: read ? at : null,
    created_at: at,
  });
  await db
    .insertInto('message_recipients')
    .values([
      recipient(none, a!, false),
      recipient(none, b!, false),
      recipient(half, a!, true),
      recipient(half, b!, false),
      recipient(all, a!, true),
      recipient(all, b!, true),
    ])
    .execute();

  await migrateWhileOthersDrop(ctx.db, ctx.schema);

  const rows = (await (ctx.db as unknown as Kysely<{ messages: NewRow }>)
    .selectFrom('messages')
    .select(['uuid', 'unread_recipients', 'read_by_all'])
    .execute()) as NewRow[];
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  expect(byUuid.get(none.uuid)).toMatchObject({ unread_recipients: 2, read_by_all: 0 });
  expect(byUuid.get(half.uuid)).toMatchObject({ unread_recipients: 1, read_by_all: 0 });
  expect(byUuid.get(all.uuid)).toMatchObject({ unread_recipients: 0, read_by_all: 1 });
});
