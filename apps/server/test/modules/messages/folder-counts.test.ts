import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inboxPage, outboxPage, type FolderFilters } from '../../../src/modules/messages/message-folders.repository.ts';
import { recording } from '../../db/captured-queries.ts';
import { createTestContext, type TestContext, userUuidOf } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { sendMessage } from './message-calls.ts';

/**
 * A folder's count (reccount of GET /api/messages/recv and /sent) is remembered until that folder changes
 * (migration 2026-11-27-28): asked again, it is not counted again; and after each change of the folder (a message
 * received, sent, read, marked unread, edited, deleted) the count and the pages are right at once.
 */

let ctx: TestContext;
let as: RoleClients;

beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());
// Each test writes within its own minute: the limits per person have their own tests (send-limits.test.ts).
beforeEach(async () => {
  await ctx.db.deleteFrom('message_sends').execute();
});

type Page = { data: { uuid: string; oggetto: string }[]; reccount: number };

const folder = async (client: ApiClient, box: 'recv' | 'sent', query = '') => {
  const res = await client.get(`/api/messages/${box}?size=50${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const userUuid = (username: string) => userUuidOf(ctx.db, username);

/** The inbox's counts as the recipient rows say, for the three read filters and a subject's text. */
async function inboxTruth(user: string, oggetto: string) {
  const rows = await ctx.db
    .selectFrom('message_recipients')
    .innerJoin('messages', 'messages.uuid', 'message_recipients.message_uuid')
    .select(['message_recipients.read_at', 'messages.oggetto'])
    .where('message_recipients.user_uuid', '=', user)
    .execute();
  return {
    tutti: rows.length,
    nonletti: rows.filter((r) => r.read_at === null).length,
    letti: rows.filter((r) => r.read_at !== null).length,
    oggetto: rows.filter((r) => r.oggetto.toLowerCase().includes(oggetto)).length,
  };
}
async function inboxCounts(client: ApiClient, oggetto: string) {
  return {
    tutti: (await folder(client, 'recv')).reccount,
    nonletti: (await folder(client, 'recv', '&tiporead=nonletti')).reccount,
    letti: (await folder(client, 'recv', '&tiporead=letti')).reccount,
    oggetto: (await folder(client, 'recv', `&foggetto=${encodeURIComponent(oggetto)}`)).reccount,
  };
}
async function outboxCounts(client: ApiClient, oggetto: string) {
  const subject = `&foggetto=${encodeURIComponent(oggetto)}`;
  return {
    tutti: (await folder(client, 'sent')).reccount,
    nonletti: (await folder(client, 'sent', '&tiporead=nonletti')).reccount,
    letti: (await folder(client, 'sent', '&tiporead=letti')).reccount,
    oggetto: (await folder(client, 'sent', subject)).reccount,
  };
}

describe('a folder’s count', () => {
  it('is not counted again while the folder is unchanged, and is counted again once it changes', async () => {
    const statements: CompiledQuery[] = [];
    const db = recording(ctx.db, statements);
    const admin = await userUuid('admin');
    const counts = () =>
      statements.filter((s) => /count\(\*\)/i.test(s.sql) && /message_recipients|messages/.test(s.sql)).length;
    const ask = async (box: 'inbox' | 'outbox', f: FolderFilters = {}) => {
      statements.length = 0;
      const page = await (box === 'inbox' ? inboxPage : outboxPage)(db, admin, f, { page: 1, size: 20 });
      return { reccount: page.reccount, counted: counts() };
    };

    const first = await ask('inbox', { read: 'nonletti' });
    expect(first.counted).toBe(1);
    expect(await ask('inbox', { read: 'nonletti' })).toEqual({ reccount: first.reccount, counted: 0 });
    // Another user's mail is not the admin's inbox.
    await sendMessage(as.admin, 'Per il posatore', [await userUuid('posatore')]);
    expect(await ask('inbox', { read: 'nonletti' })).toEqual({ reccount: first.reccount, counted: 0 });
    await sendMessage(as.capoarea, 'Per l’amministratore', ['g:admin']);
    expect(await ask('inbox', { read: 'nonletti' })).toEqual({ reccount: first.reccount + 1, counted: 1 });

    const sent = await ask('outbox');
    expect(sent.counted).toBe(1);
    expect(await ask('outbox')).toEqual({ reccount: sent.reccount, counted: 0 });
    await sendMessage(as.admin, 'Ancora al posatore', [await userUuid('posatore')]);
    expect(await ask('outbox')).toEqual({ reccount: sent.reccount + 1, counted: 1 });
  });

  it('follows every change of the inbox: received, read, unread, subject edited, taken away by an edit, deleted', async () => {
    const mario = await userUuid('posatore');
    const expectRight = async () =>
      expect(await inboxCounts(as.posatore, 'cartella')).toEqual(await inboxTruth(mario, 'cartella'));
    await expectRight();
    const one = await sendMessage(as.admin, 'Cartella uno', [mario]);
    await expectRight();
    const two = await sendMessage(as.capoarea, 'Cartella due', [mario, 'g:admin']);
    await expectRight();
    await as.posatore.post(`/api/setread/${one}`, {});
    await expectRight();
    await as.posatore.post(`/api/setread/${two}`, {});
    await expectRight();
    await as.posatore.post(`/api/setunread/${one}`, {});
    await expectRight();
    // The sender renames it: Mario's inbox filtered by the old subject's word loses it, and finds it again.
    await sendMessage(as.capoarea, 'Avviso due', [mario, 'g:admin'], two);
    await expectRight();
    await sendMessage(as.capoarea, 'Cartella due', [mario, 'g:admin'], two);
    await expectRight();
    // The edit keeps the administrators only: Mario's inbox loses the message.
    await sendMessage(as.capoarea, 'Cartella due', ['g:admin'], two);
    await expectRight();
    const del = await as.admin.delete(`/api/messages/message/${one}`);
    expect(del.statusCode, del.body).toBe(200);
    await expectRight();
  });

  it('follows every change of the outbox: sent, read by all, marked unread, subject edited, deleted', async () => {
    const mario = await userUuid('posatore');
    const sender = await userUuid('capoarea');
    const truth = async (oggetto: string) => {
      const mine = await ctx.db
        .selectFrom('messages')
        .select(['oggetto', 'read_by_all'])
        .where('sender_uuid', '=', sender)
        .execute();
      return {
        tutti: mine.length,
        nonletti: mine.filter((m) => m.read_by_all === 0).length,
        letti: mine.filter((m) => m.read_by_all === 1).length,
        oggetto: mine.filter((m) => m.oggetto.toLowerCase().includes(oggetto)).length,
      };
    };
    const expectRight = async () =>
      expect(await outboxCounts(as.capoarea, 'riunione')).toEqual(await truth('riunione'));
    await expectRight();
    const m = await sendMessage(as.capoarea, 'Ordine del giorno', [mario]);
    await expectRight();
    await as.posatore.post(`/api/setread/${m}`, {});
    await expectRight();
    await as.posatore.post(`/api/setunread/${m}`, {});
    await expectRight();
    await sendMessage(as.capoarea, 'Riunione di zona', [mario], m);
    await expectRight();
    const del = await as.capoarea.delete(`/api/messages/message/${m}`);
    expect(del.statusCode, del.body).toBe(200);
    await expectRight();
  });
});
