import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_BODY_MAX } from '@portal/shared/schemas/messages';
import { searchMessages } from '../../../src/modules/messages/messages.service.ts';
import { auditHistory, createTestContext, renameInstaller, type TestContext, userUuidOf } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

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

type Row = { uuid: string; docunread: boolean; descri: string; dest: string; oggetto: string; messaggio: string };
type Page = { data: Row[]; page: number; pages: number; reccount: number };

const send = (client: ApiClient, body: { oggetto?: string; content?: string; dests?: string[] }, id = 'nuovo') =>
  client.post(`/api/messages/message/${id}`, { oggetto: 'Prova', content: 'Testo di prova', dests: [], ...body });
const inbox = async (client: ApiClient, query = '') => (await client.get(`/api/messages/recv${query}`)).json() as Page;
const outbox = async (client: ApiClient, query = '') => (await client.get(`/api/messages/sent${query}`)).json() as Page;
const unread = async (client: ApiClient) => (await client.get('/api/avatar')).json().msgcount as number;
const userUuid = (username: string) => userUuidOf(ctx.db, username);

describe('the folders', () => {
  it('answers 401 without a session', async () => {
    expect((await as.anonymous.get('/api/messages/recv')).statusCode).toBe(401);
    expect((await as.anonymous.get('/api/messages/sent')).statusCode).toBe(401);
  });

  it('gives the installer their inbox, newest first, with the sender and the unread dot', async () => {
    const page = await inbox(as.posatore);
    expect(page.reccount).toBe(4);
    expect(page.data.map((r) => r.oggetto)).toEqual([
      'Nuovo catalogo 2027',
      'Corso di aggiornamento a Milano',
      'Materiale pronto per il ritiro',
      'Visita in cantiere',
    ]);
    expect(page.data[0]).toMatchObject({ descri: 'Laura Amministratrice', docunread: true });
    expect(page.data[3]).toMatchObject({ descri: 'Giorgio Valli', docunread: false });
    expect(await unread(as.posatore)).toBe(3);
  });

  it('has no outbox for the installer', async () => {
    expect((await as.posatore.get('/api/messages/sent')).statusCode).toBe(403);
  });

  it('gives the sender their outbox with the recipients as chosen', async () => {
    const page = await outbox(as.admin);
    expect(page.data.map((r) => r.oggetto)).toContain('Nuovo catalogo 2027');
    expect(page.data.find((r) => r.oggetto === 'Nuovo catalogo 2027')?.dest).toBe('Tutti i posatori');
  });

  it('filters by subject and by read state, and pages', async () => {
    expect((await inbox(as.posatore, '?foggetto=CATALOGO')).data.map((r) => r.oggetto)).toEqual([
      'Nuovo catalogo 2027',
    ]);
    expect((await inbox(as.posatore, '?tiporead=letti')).data.map((r) => r.oggetto)).toEqual(['Visita in cantiere']);
    expect((await inbox(as.posatore, '?tiporead=nonletti')).reccount).toBe(3);
    const second = await inbox(as.posatore, '?size=3&page=2');
    expect(second).toMatchObject({ page: 2, pages: 2, reccount: 4 });
    expect(second.data).toHaveLength(1);
    // A page beyond the last is the last page.
    expect(await inbox(as.posatore, '?size=3&page=9')).toMatchObject({ page: 2, pages: 2 });
    expect(await inbox(as.posatore, '?foggetto=nessuna corrispondenza')).toEqual({
      data: [],
      page: 1,
      pages: 0,
      reccount: 0,
    });
  });

  it('refuses bad filters with an Italian reason', async () => {
    for (const query of ['?tiporead=forse', '?size=0', '?page=-1', `?foggetto=${'x'.repeat(201)}`]) {
      const res = await as.posatore.get(`/api/messages/recv${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ res: 'KO', reason: expect.any(String) });
    }
  });

  it('lists the read states of the Tipo filter', async () => {
    expect((await as.posatore.get('/api/messages/tipiletto')).json()).toEqual([
      { value: 'nonletti', label: 'Da leggere' },
      { value: 'letti', label: 'Letti' },
    ]);
  });
});

describe('writing', () => {
  it('refuses a message without subject or recipients with the spec’s words', async () => {
    const noSubject = await send(as.admin, { oggetto: '  ', dests: ['g:posatori'] });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json()).toMatchObject({ res: 'KO', reason: 'Oggetto obbligatorio' });
    const noDests = await send(as.admin, { dests: [] });
    expect(noDests.statusCode).toBe(400);
    expect(noDests.json()).toMatchObject({ res: 'KO', reason: 'Indicare almeno un destinatario' });
    const tooLong = await send(as.admin, { dests: ['g:posatori'], content: 'x'.repeat(MESSAGE_BODY_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('does not let the installer write', async () => {
    expect((await send(as.posatore, { dests: ['g:admin'] })).statusCode).toBe(403);
    expect((await as.posatore.get('/api/dests')).statusCode).toBe(403);
  });

  it('sends to a person once, whatever the duplicates, and the bell counts it', async () => {
    const mario = await userUuid('posatore');
    const before = await unread(as.posatore);
    const res = await send(as.admin, { oggetto: 'Doppio', dests: [mario, mario] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ res: 'OK', recipients: 1 });
    expect(await unread(as.posatore)).toBe(before + 1);
    const row = (await inbox(as.posatore)).data[0];
    expect(row).toMatchObject({ oggetto: 'Doppio', docunread: true, descri: 'Laura Amministratrice' });
    // The send is in the audit trail: who sent what to whom, never the text.
    expect(await auditHistory(ctx.db, 'messaggio', res.json().uuid)).toEqual([
      {
        action: 'invio',
        by: 'admin',
        changes: [
          { field: 'oggetto', before: null, after: 'Doppio' },
          { field: 'dest', before: null, after: 'Mario Rossi' },
        ],
      },
    ]);
  });

  it('sends to every installer as one request, stored as rows, with a queued e-mail each', async () => {
    const withAccount = await ctx.db
      .selectFrom('posatori')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_uuid', 'is not', null)
      .executeTakeFirstOrThrow();
    const res = await send(as.admin, { oggetto: 'A tutti', dests: ['g:posatori'] });
    expect(res.json()).toMatchObject({ res: 'OK', recipients: Number(withAccount.n) });
    const { uuid } = res.json() as { uuid: string };
    const mails = await ctx.db
      .selectFrom('mail_queue')
      .select(['to_addr', 'subject', 'body', 'status'])
      .where('uuid', '>=', `msg:${uuid}:`)
      .where('uuid', '<', `msg:${uuid};`)
      .execute();
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.length).toBeLessThanOrEqual(Number(withAccount.n));
    expect(mails[0]).toMatchObject({ subject: 'Nuova comunicazione: A tutti', status: 'pending' });
    expect(mails[0]?.body).toContain(`http://localhost:3000/msg/${uuid}`);
  });

  it('queues the notices as bulk in the sender’s lane; a not-OK installer gets the message, not the e-mail', async () => {
    const mario = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['posatori.uuid', 'users.uuid as user', 'users.email'])
      .where('users.username', '=', 'posatore')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('posatori').set({ stato: 'SOSPESO' }).where('uuid', '=', mario.uuid).execute();
    try {
      const res = await send(as.admin, { oggetto: 'Durante la sospensione', dests: ['g:posatori'] });
      const { uuid } = res.json() as { uuid: string };
      const queued = await ctx.db
        .selectFrom('mail_queue')
        .select(['to_addr', 'priority', 'lane'])
        .where('uuid', '>=', `msg:${uuid}:`)
        .where('uuid', '<', `msg:${uuid};`)
        .execute();
      expect(queued.length).toBeGreaterThan(0);
      expect(new Set(queued.map((m) => `${m.priority} ${m.lane}`))).toEqual(new Set([`1 ${await userUuid('admin')}`]));
      expect(queued.map((m) => m.to_addr)).not.toContain(mario.email);
      const received = await ctx.db
        .selectFrom('message_recipients')
        .select('user_uuid')
        .where('message_uuid', '=', uuid)
        .where('user_uuid', '=', mario.user)
        .execute();
      expect(received).toHaveLength(1);
    } finally {
      await ctx.db.updateTable('posatori').set({ stato: 'OK' }).where('uuid', '=', mario.uuid).execute();
    }
  });

  it('keeps the writers within their reach', async () => {
    // An installer out of the reseller's and the area manager's reach: Palermo, assigned to neither.
    const stranger = await ctx.db
      .selectFrom('posatori')
      .select('user_uuid')
      .where('state', '=', 'PA')
      .where('user_uuid', 'is not', null)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('posatori')
      .set({ rivenditore: null, capoarea: null })
      .where('user_uuid', '=', stranger.user_uuid)
      .execute();
    for (const client of [as.rivenditore, as.capoarea]) {
      const res = await send(client, { dests: [stranger.user_uuid ?? ''] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.dests).toBe('Destinatario non valido o fuori dalla tua area');
    }
    expect((await send(as.admin, { dests: [stranger.user_uuid ?? ''] })).statusCode).toBe(200);
    expect((await send(as.capoarea, { dests: ['g:capoarea'] })).statusCode).toBe(400);
    expect((await send(as.rivenditore, { dests: ['g:rivenditori'] })).statusCode).toBe(400);
    expect((await send(as.rivenditore, { dests: ['g:posatori:PA'] })).statusCode).toBe(400);
    expect((await send(as.rivenditore, { dests: ['qualcuno'] })).statusCode).toBe(400);
    // Their own: the reseller writes to their installers, their area manager and the admins.
    const ok = await send(as.rivenditore, {
      oggetto: 'Dal negozio',
      dests: ['g:posatori', await userUuid('capoarea'), 'g:admin'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await inbox(as.capoarea)).data[0]?.oggetto).toBe('Dal negozio');
    expect((await inbox(as.admin)).data[0]?.oggetto).toBe('Dal negozio');
    expect((await inbox(as.posatore)).data[0]?.oggetto).toBe('Dal negozio');
  });

  it('sends to the installers of a list’s filter', async () => {
    const res = await send(as.capoarea, { oggetto: 'Milano', dests: ['f:posatori?state=MI&order=nome&page=3'] });
    expect(res.statusCode, res.body).toBe(200);
    const expected = await ctx.db
      .selectFrom('posatori')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'MI')
      .where('user_uuid', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(res.json().recipients).toBe(Number(expected.n));
    const sent = (await outbox(as.capoarea)).data[0];
    expect(sent?.dest).toMatch(/^Posatori dell’elenco filtrato \(\d+\)$/);
    expect((await send(as.capoarea, { dests: ['f:posatori?state=XX9'] })).statusCode).toBe(400);
  });

  it('sends the partner list’s filter to the area managers and resellers that stand for those partners', async () => {
    const res = await send(as.admin, { oggetto: 'Ai partner', dests: ['f:partner?state=MI'] });
    expect(res.statusCode, res.body).toBe(200);
    const managers = await ctx.db
      .selectFrom('partners')
      .innerJoin('capoarea', 'capoarea.uuid', 'partners.capoarea')
      .select('capoarea.user_uuid as user_uuid')
      .where('partners.state', '=', 'MI')
      .execute();
    const resellers = await ctx.db
      .selectFrom('partners')
      .innerJoin('rivenditori', 'rivenditori.uuid', 'partners.rivenditore')
      .select('rivenditori.user_uuid as user_uuid')
      .where('partners.state', '=', 'MI')
      .execute();
    const expected = new Set([...managers, ...resellers].flatMap((r) => (r.user_uuid ? [r.user_uuid] : [])));
    expect(expected.size).toBeGreaterThan(0);
    expect(res.json().recipients).toBe(expected.size);
    expect((await inbox(as.capoarea)).data[0]?.oggetto).toBe('Ai partner');
    expect((await outbox(as.admin)).data[0]?.dest).toMatch(
      /^Referenti delle aziende partner dell’elenco filtrato \(\d+ aziende\)$/,
    );
    // Only the admin's partner list has the button: nobody else may address partners' contacts.
    expect((await send(as.capoarea, { dests: ['f:partner?state=MI'] })).statusCode).toBe(400);
    expect((await send(as.capoarea, { dests: ['g:partner'] })).statusCode).toBe(400);
    expect((await send(as.admin, { dests: ['f:partner?state=MIL'] })).statusCode).toBe(400);
  });

  it('offers the composer the groups and people of the writer’s reach', async () => {
    const all = (await as.admin.get('/api/dests')).json() as { id: string; label: string }[];
    expect(all.map((d) => d.label)).toEqual([
      'Tutti i posatori',
      'Tutti i capi area',
      'Tutti i rivenditori',
      'Referenti delle aziende partner',
      'Amministratori',
    ]);
    const rossi = (await as.capoarea.get('/api/dests?q=rossi')).json() as { id: string; label: string }[];
    expect(rossi.some((d) => d.label.startsWith('Mario Rossi (Posatore'))).toBe(true);
    const milano = (await as.admin.get('/api/dests?q=milano')).json() as { id: string; label: string }[];
    expect(milano).toContainEqual({ id: 'g:posatori:MI', label: 'Posatori della provincia di Milano' });
    const reseller = (await as.rivenditore.get('/api/dests?q=valli')).json() as { id: string; label: string }[];
    expect(reseller).toContainEqual({ id: await userUuid('capoarea'), label: 'Giorgio Valli (Capo area)' });
    // Area managers and resellers by name, the resellers within the writer's reach only.
    const labels = async (client: ApiClient, q: string) =>
      ((await client.get(`/api/dests?q=${q}`)).json() as { label: string }[]).map((d) => d.label);
    expect(await labels(as.admin, 'ferrero')).toContain('Davide Ferrero (Capo area)');
    expect(await labels(as.admin, 'lombarde')).toContain('Franco Bellini – Ceramiche Lombarde S.r.l. (Rivenditore)');
    expect(await labels(as.capoarea, 'lombarde')).toContain('Franco Bellini – Ceramiche Lombarde S.r.l. (Rivenditore)');
    expect(await labels(as.admin, 'capitolina')).toContain(
      'Valerio Proietti – Capitolina Superfici S.r.l. (Rivenditore)',
    );
    expect(await labels(as.capoarea, 'capitolina')).toEqual([]);
    // A text asked before is answered again once an installer takes it as their name.
    const zqxwv = async () =>
      ((await as.capoarea.get('/api/dests?q=zqxwv')).json() as { id: string }[]).map((d) => d.id);
    expect(await zqxwv()).toEqual([]);
    const mario = await ctx.db
      .selectFrom('posatori')
      .select(['uuid', 'user_uuid'])
      .where('user_uuid', '=', await userUuid('posatore'))
      .executeTakeFirstOrThrow();
    await renameInstaller(ctx.db, mario.uuid, 'Zqxwv');
    expect(await zqxwv()).toEqual([mario.user_uuid]);
    await renameInstaller(ctx.db, mario.uuid, 'Rossi');
  });

  it('offers only installers with an account and in the writer’s reach, names starting with the text first', async () => {
    const installers = async (q: string, client: ApiClient) =>
      ((await client.get(`/api/dests?q=${q}`)).json() as { id: string; label: string }[]).filter((d) =>
        d.label.includes('(Posatore'),
      );
    const people = await ctx.db.selectFrom('posatori').select(['user_uuid', 'lastname', 'rivenditore']).execute();
    const withoutAccount = people.find((p) => p.user_uuid === null);
    expect(withoutAccount).toBeDefined();
    const sameSurname = await installers(withoutAccount?.lastname ?? '', as.admin);
    const accounts = new Set(people.flatMap((p) => (p.user_uuid ? [p.user_uuid] : [])));
    for (const d of sameSurname) expect(accounts.has(d.id)).toBe(true);
    // The reseller is offered their own installers only.
    const own = (
      await ctx.db
        .selectFrom('rivenditori')
        .select('uuid')
        .where('user_uuid', '=', await userUuid('rivenditore'))
        .executeTakeFirstOrThrow()
    ).uuid;
    const theirs = new Set(people.filter((p) => p.rivenditore === own).map((p) => p.user_uuid));
    for (const d of await installers('ros', as.rivenditore)) expect(theirs.has(d.id)).toBe(true);
    const found = await installers('ros', as.admin);
    expect(found.length).toBeGreaterThan(0);
    const surnameOf = new Map(people.map((p) => [p.user_uuid, p.lastname.toLowerCase()]));
    const starts = found.map((d) => (surnameOf.get(d.id) ?? '').startsWith('ros'));
    expect(starts[0]).toBe(true);
    expect(starts.slice(0, starts.filter(Boolean).length).every(Boolean)).toBe(true);
  });
});

describe('one message', () => {
  it('shows its recipient the message, and nobody else', async () => {
    const mario = await userUuid('posatore');
    const { uuid } = (
      await send(as.capoarea, { oggetto: 'Solo per Mario', content: 'Ciao Mario', dests: [mario] })
    ).json();
    const seen = await as.posatore.get(`/api/messages/message/${uuid}`);
    expect(seen.json()).toMatchObject({ mittente: 'Giorgio Valli', title: 'Solo per Mario', content: 'Ciao Mario' });
    expect(seen.json().editable).toBe(false);
    expect((await as.rivenditore.get(`/api/messages/message/${uuid}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/messages/message/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await as.admin.get('/api/messages/message/non-un-id')).statusCode).toBe(400);
    const own = (await as.capoarea.get(`/api/messages/message/${uuid}`)).json();
    expect(own).toMatchObject({ editable: true, dests: [{ id: mario, label: 'Mario Rossi' }] });
  });

  it('marks read and unread for its recipient only, and the bell follows', async () => {
    const mario = await userUuid('posatore');
    const { uuid } = (await send(as.admin, { oggetto: 'Da leggere', dests: [mario] })).json();
    const before = await unread(as.posatore);
    expect((await as.posatore.post(`/api/setread/${uuid}`, {})).statusCode).toBe(200);
    expect(await unread(as.posatore)).toBe(before - 1);
    expect((await inbox(as.posatore)).data.find((r) => r.uuid === uuid)?.docunread).toBe(false);
    expect((await as.posatore.post(`/api/setunread/${uuid}`, {})).statusCode).toBe(200);
    expect(await unread(as.posatore)).toBe(before);
    expect((await as.rivenditore.post(`/api/setread/${uuid}`, {})).statusCode).toBe(404);
    expect((await as.admin.post(`/api/setread/${uuid}`, {})).statusCode).toBe(404);
  });

  it('lets its sender edit it: the recipients see the new text and keep their read state', async () => {
    const mario = await userUuid('posatore');
    const { uuid } = (await send(as.capoarea, { oggetto: 'Prima', dests: [mario] })).json();
    await as.posatore.post(`/api/setread/${uuid}`, {});
    const edited = await send(as.capoarea, { oggetto: 'Dopo', content: 'Nuovo testo', dests: [mario] }, uuid);
    expect(edited.statusCode, edited.body).toBe(200);
    const row = (await inbox(as.posatore)).data.find((r) => r.uuid === uuid);
    expect(row).toMatchObject({ oggetto: 'Dopo', messaggio: 'Nuovo testo', docunread: false });
    expect((await send(as.posatore, { oggetto: 'No', dests: [mario] }, uuid)).statusCode).toBe(403);
    expect((await send(as.admin, { oggetto: 'No', dests: [mario] }, uuid)).statusCode).toBe(404);
    // Recipients taken off the message lose it.
    const admins = await send(as.capoarea, { oggetto: 'Dopo', dests: ['g:admin'] }, uuid);
    expect(admins.statusCode).toBe(200);
    expect((await as.posatore.get(`/api/messages/message/${uuid}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/messages/message/${uuid}`)).statusCode).toBe(200);
    const history = await auditHistory(ctx.db, 'messaggio', uuid);
    expect(history.map((h) => h.action)).toEqual(['invio', 'modifica', 'modifica']);
    expect(history[1]!.changes).toEqual([{ field: 'oggetto', before: 'Prima', after: 'Dopo' }]);
    expect(history[2]!.changes).toEqual([{ field: 'dest', before: 'Mario Rossi', after: expect.any(String) }]);
  });

  it('lets its sender delete it, with the e-mails not sent yet', async () => {
    const mario = await userUuid('posatore');
    const { uuid } = (await send(as.rivenditore, { oggetto: 'Da eliminare', dests: [mario] })).json();
    expect((await as.posatore.delete(`/api/messages/message/${uuid}`)).statusCode).toBe(403);
    expect((await as.admin.delete(`/api/messages/message/${uuid}`)).statusCode).toBe(404);
    expect((await as.rivenditore.delete(`/api/messages/message/${uuid}`)).statusCode).toBe(200);
    expect((await as.posatore.get(`/api/messages/message/${uuid}`)).statusCode).toBe(404);
    // Only what was still waiting: through three instances (npm run test:instances) a sender may have sent it already.
    const left = await ctx.db
      .selectFrom('mail_queue')
      .select('uuid')
      .where('uuid', '=', `msg:${uuid}:${mario}`)
      .where('status', '=', 'pending')
      .execute();
    expect(left).toEqual([]);
    expect((await as.rivenditore.delete(`/api/messages/message/${uuid}`)).statusCode).toBe(404);
    const history = await auditHistory(ctx.db, 'messaggio', uuid);
    expect(history.at(-1)).toMatchObject({
      action: 'eliminazione',
      changes: [
        { field: 'oggetto', before: 'Da eliminare', after: null },
        { field: 'dest', before: 'Mario Rossi', after: null },
      ],
    });
  });
});

describe('the global search’s messages', () => {
  it('finds only what the user sent or received', async () => {
    const viewer = async (username: string, role: 'admin' | 'posatore' | 'rivenditori') => ({
      userUuid: await userUuid(username),
      roles: [role],
    });
    const mine = await searchMessages(ctx.db, await viewer('posatore', 'posatore'), 'catalogo', 20);
    expect(mine.map((m) => m.descri)).toEqual(['Nuovo catalogo 2027']);
    const theirs = await searchMessages(ctx.db, await viewer('rivenditore', 'rivenditori'), 'catalogo', 20);
    expect(theirs).toEqual([]);
  });
});
