import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, userUuidOf } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { sendMessage } from './message-calls.ts';

/**
 * The outbox's Tipo filter (tiporead on GET /api/messages/sent): 'letti' are the messages every recipient has read,
 * 'nonletti' those someone has not read yet. It follows every change of the recipients' read state, keeps the
 * count and the pages right, and lists only the sender's own messages.
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

type Page = { data: { uuid: string; oggetto: string }[]; page: number; pages: number; reccount: number };

const outbox = async (client: ApiClient, query = '') => {
  const res = await client.get(`/api/messages/sent${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const subjects = async (client: ApiClient, tiporead: 'letti' | 'nonletti', oggetto = 'Lettura') =>
  (await outbox(client, `?tiporead=${tiporead}&foggetto=${encodeURIComponent(oggetto)}&size=50`)).data.map(
    (r) => r.oggetto,
  );
const userUuid = (username: string) => userUuidOf(ctx.db, username);

/** What the filter must answer, from the recipients' rows themselves. */
async function truth(sender: string): Promise<{ letti: string[]; nonletti: string[] }> {
  const rows = await ctx.db
    .selectFrom('messages as m')
    .innerJoin('message_recipients as r', 'r.message_uuid', 'm.uuid')
    .select(['m.uuid', 'r.read_at'])
    .where('m.sender_uuid', '=', sender)
    .execute();
  const unread = new Set(rows.filter((r) => r.read_at === null).map((r) => r.uuid));
  const all = [...new Set(rows.map((r) => r.uuid))];
  return { letti: all.filter((u) => !unread.has(u)).sort(), nonletti: [...unread].sort() };
}

describe('the outbox’s Tipo filter', () => {
  it('says read once every recipient has read, and follows each read and unread mark', async () => {
    const mario = await userUuid('posatore');
    const both = await sendMessage(as.capoarea, 'Lettura a due', [mario, 'g:admin']);
    const one = await sendMessage(as.capoarea, 'Lettura a uno', [mario]);
    expect(await subjects(as.capoarea, 'nonletti')).toEqual(['Lettura a uno', 'Lettura a due']);
    expect(await subjects(as.capoarea, 'letti')).toEqual([]);

    await as.posatore.post(`/api/setread/${both}`, {});
    // The administrator has not read it yet.
    expect(await subjects(as.capoarea, 'nonletti')).toEqual(['Lettura a uno', 'Lettura a due']);
    await as.admin.post(`/api/setread/${both}`, {});
    await as.posatore.post(`/api/setread/${one}`, {});
    expect(await subjects(as.capoarea, 'letti')).toEqual(['Lettura a uno', 'Lettura a due']);
    expect(await subjects(as.capoarea, 'nonletti')).toEqual([]);
    // Read twice is still read once; marked unread again, it is not read by everybody any more.
    await as.posatore.post(`/api/setread/${one}`, {});
    await as.admin.post(`/api/setunread/${both}`, {});
    await as.admin.post(`/api/setunread/${both}`, {});
    expect(await subjects(as.capoarea, 'nonletti')).toEqual(['Lettura a due']);
    expect(await subjects(as.capoarea, 'letti')).toEqual(['Lettura a uno']);
  });

  it('follows the recipients an edit adds and takes away', async () => {
    const mario = await userUuid('posatore');
    const uuid = await sendMessage(as.capoarea, 'Lettura modificata', [mario, 'g:admin']);
    const state = async () => ({
      letti: await subjects(as.capoarea, 'letti', 'modificata'),
      nonletti: await subjects(as.capoarea, 'nonletti', 'modificata'),
    });
    await as.posatore.post(`/api/setread/${uuid}`, {});
    expect(await state()).toEqual({ letti: [], nonletti: ['Lettura modificata'] });
    // Without the administrator, who had not read it, everyone left has.
    await sendMessage(as.capoarea, 'Lettura modificata', [mario], uuid);
    expect(await state()).toEqual({ letti: ['Lettura modificata'], nonletti: [] });
    // A new recipient has not read it yet.
    await sendMessage(as.capoarea, 'Lettura modificata', [mario, 'g:admin'], uuid);
    expect(await state()).toEqual({ letti: [], nonletti: ['Lettura modificata'] });
  });

  it('is read by every recipient left when the one who had not read it loses their account', async () => {
    const mario = await userUuid('posatore');
    const other = await ctx.db
      .selectFrom('posatori')
      .select(['uuid', 'user_uuid'])
      .where('state', '=', 'MI')
      .where('user_uuid', 'is not', null)
      .where('user_uuid', '<>', mario)
      .executeTakeFirstOrThrow();
    const uuid = await sendMessage(as.capoarea, 'Lettura prima della cancellazione', [
      other.user_uuid ?? '',
      'g:admin',
    ]);
    await as.admin.post(`/api/setread/${uuid}`, {});
    expect(await subjects(as.capoarea, 'nonletti', 'cancellazione')).toEqual(['Lettura prima della cancellazione']);
    const removed = await as.admin.delete(`/api/posatore/${other.uuid}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await subjects(as.capoarea, 'letti', 'cancellazione')).toEqual(['Lettura prima della cancellazione']);
    expect(await subjects(as.capoarea, 'nonletti', 'cancellazione')).toEqual([]);
  });

  it('counts and pages what it keeps, and the two states together are the whole outbox', async () => {
    for (const [client, username] of [
      [as.admin, 'admin'],
      [as.capoarea, 'capoarea'],
      [as.rivenditore, 'rivenditore'],
    ] as const) {
      await sendMessage(
        client,
        `Lettura di ${username}`,
        ['g:admin', 'g:posatori'].slice(username === 'admin' ? 1 : 0),
      );
      const expected = await truth(await userUuid(username));
      const whole = await outbox(client);
      const letti = await outbox(client, '?tiporead=letti&size=1');
      const nonletti = await outbox(client, '?tiporead=nonletti&size=1');
      expect(letti.reccount + nonletti.reccount, username).toBe(whole.reccount);
      expect(nonletti.reccount, username).toBe(expected.nonletti.length);
      expect(nonletti.reccount, username).toBeGreaterThan(0);
      expect(letti).toMatchObject({ pages: letti.reccount, page: 1 });
      for (const [tiporead, uuids] of Object.entries(expected)) {
        const all = await outbox(client, `?tiporead=${tiporead}&size=100`);
        expect(all.data.map((r) => r.uuid).sort(), `${username} ${tiporead}`).toEqual(uuids);
      }
      // The last page of one a page is the oldest of them.
      const last = await outbox(client, `?tiporead=nonletti&size=1&page=${nonletti.pages}`);
      const oldestFirst = (await outbox(client, '?tiporead=nonletti&size=100')).data.at(-1);
      expect(last.data.map((r) => r.uuid)).toEqual([oldestFirst?.uuid]);
    }
  });

  it('lists only the sender’s own messages, and the installer still has no outbox', async () => {
    await sendMessage(as.capoarea, 'Lettura solo mia', ['g:admin']);
    for (const client of [as.admin, as.rivenditore]) {
      for (const tiporead of ['letti', 'nonletti']) {
        expect(await subjects(client, tiporead as 'letti' | 'nonletti', 'solo mia')).toEqual([]);
      }
    }
    expect((await as.posatore.get('/api/messages/sent?tiporead=nonletti')).statusCode).toBe(403);
    const bad = await as.capoarea.get('/api/messages/sent?tiporead=forse');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ res: 'KO', reason: expect.any(String) });
  });

  it('names the outbox’s states for what they mean to a sender', async () => {
    expect((await as.capoarea.get('/api/messages/tipiletto?folder=sent')).json()).toEqual([
      { value: 'nonletti', label: 'Non ancora letti da tutti' },
      { value: 'letti', label: 'Letti da tutti' },
    ]);
    expect((await as.posatore.get('/api/messages/tipiletto?folder=recv')).json()).toEqual([
      { value: 'nonletti', label: 'Da leggere' },
      { value: 'letti', label: 'Letti' },
    ]);
    expect((await as.posatore.get('/api/messages/tipiletto?folder=altro')).statusCode).toBe(400);
  });
});
