import type { Role } from '@portal/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEW_MATCHES, fold, SEARCH_WALK } from '../../../src/lib/text-search.ts';
import { documentKeys } from '../../../src/modules/documents/documents.repository.ts';
import { partnerKeys } from '../../../src/modules/partners/partners.repository.ts';
import { SMALL_FOLDER } from '../../../src/modules/messages/message-folders.repository.ts';
import { createTestContext, renameInstaller, type TestContext } from '../../helpers.ts';
import { sendMessage } from '../messages/message-calls.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

type Result = { tipo: string; uuid: string; descri: string };
const search = (text: string, client: ApiClient = as.anonymous) =>
  client.get(`/api/ricerca?pricerca=${encodeURIComponent(text)}`);
const results = async (text: string, client: ApiClient) => (await search(text, client)).json() as Result[];
const uuids = (rows: Result[], tipo: string) => rows.filter((r) => r.tipo === tipo).map((r) => r.uuid);

describe('GET /api/ricerca', () => {
  it('answers 401 without a session and 400 under 3 characters', async () => {
    expect((await search('rossi')).statusCode).toBe(401);
    const short = await search('ro', as.admin);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ res: 'KO' });
    expect(short.json().reason).toContain('Scrivi almeno 3 caratteri per cercare');
    expect((await search('x'.repeat(101), as.admin)).statusCode).toBe(400);
    // Three accents alone fold to nothing: no text, no results (not the first 20 of everything).
    expect(await results('\u0300\u0300\u0300', as.admin)).toEqual([]);
  });

  it('finds people, companies and messages, at most 20 of each kind', async () => {
    const found = await results('ros', as.admin);
    expect(found.some((r) => r.tipo === 'pers' && r.descri.startsWith('Mario Rossi'))).toBe(true);
    for (const tipo of ['company', 'pers', 'msg']) expect(uuids(found, tipo).length).toBeLessThanOrEqual(20);
    const messages = await results('catalogo', as.admin);
    expect(messages).toContainEqual(expect.objectContaining({ tipo: 'msg', descri: 'Nuovo catalogo 2027' }));
    const companies = await results('ceramiche', as.admin);
    expect(uuids(companies, 'company').length).toBeGreaterThan(0);
  });

  it('answers a text searched before from what it found, until the data or the reach changes', async () => {
    const text = 'zqxwv';
    expect(await results(text, as.admin)).toEqual([]);
    expect(await results(text, as.rivenditore)).toEqual([]);
    // One of the reseller's installers takes that name: the next search of the text finds them, for both.
    const theirs = (await as.rivenditore.get('/api/posatori4ri?size=1')).json().data[0] as { uuid: string };
    await renameInstaller(ctx.db, theirs.uuid, 'Zqxwv');
    expect(uuids(await results(text, as.admin), 'pers')).toEqual([theirs.uuid]);
    expect(uuids(await results(text, as.rivenditore), 'pers')).toEqual([theirs.uuid]);
    // A company outside the reseller's area: theirs to find once the admin gives them its province, with no change
    // to the companies themselves.
    const reseller = await ctx.db
      .selectFrom('rivenditori')
      .innerJoin('users', 'users.uuid', 'rivenditori.user_uuid')
      .select('rivenditori.uuid')
      .where('users.username', '=', 'rivenditore')
      .executeTakeFirstOrThrow();
    const area = (
      await ctx.db
        .selectFrom('rivenditori_provs')
        .select('prov')
        .where('rivenditore_uuid', '=', reseller.uuid)
        .execute()
    ).map((r) => r.prov);
    const outside = await ctx.db
      .selectFrom('partners')
      .select(['uuid', 'code', 'state'])
      .where('state', 'not in', [...area, ''])
      .where((eb) => eb.or([eb('rivenditore', 'is', null), eb('rivenditore', '<>', reseller.uuid)]))
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('partners')
      .set({ ragsoc: 'Zqxwv Pavimenti', ...partnerKeys({ ragsoc: 'Zqxwv Pavimenti', code: outside.code }) })
      .where('uuid', '=', outside.uuid)
      .execute();
    expect(uuids(await results(text, as.admin), 'company')).toEqual([outside.uuid]);
    expect(uuids(await results(text, as.rivenditore), 'company')).toEqual([]);
    await ctx.db
      .insertInto('rivenditori_provs')
      .values({ rivenditore_uuid: reseller.uuid, prov: outside.state })
      .execute();
    expect(uuids(await results(text, as.rivenditore), 'company')).toEqual([outside.uuid]);
    // A message that arrives with the text in its subject, then loses it when its sender edits it.
    expect(uuids(await results(text, as.admin), 'msg')).toEqual([]);
    const message = await sendMessage(as.capoarea, 'Avviso zqxwv', ['g:admin']);
    expect(uuids(await results(text, as.admin), 'msg')).toEqual([message]);
    await sendMessage(as.capoarea, 'Avviso', ['g:admin'], message);
    expect(uuids(await results(text, as.admin), 'msg')).toEqual([]);
  });

  it('gives each role only what it may see', async () => {
    // Every installer the reseller finds is one of theirs; the admin finds more.
    const everyone = uuids(await results('ros', as.admin), 'pers');
    const theirs = uuids(await results('ros', as.rivenditore), 'pers');
    const own = (await as.rivenditore.get('/api/posatori4ri?size=200'))
      .json()
      .data.map((p: { uuid: string }) => p.uuid);
    for (const uuid of theirs) expect(own).toContain(uuid);
    expect(everyone.length).toBeGreaterThanOrEqual(theirs.length);
    // The area manager's partners are those of their list.
    const areaPartners = (await as.capoarea.get('/api/partner_ca?size=200'))
      .json()
      .data.map((p: { uuid: string }) => p.uuid);
    for (const uuid of uuids(await results('ceramiche', as.capoarea), 'company')) expect(areaPartners).toContain(uuid);
    // An installer finds no one, only their own messages; a stranger's message never shows.
    const installer = await results('ros', as.posatore);
    expect(installer.filter((r) => r.tipo !== 'msg')).toEqual([]);
    expect(await results('Rinnovi partner', as.posatore)).toEqual([]);
    expect((await results('Rinnovi partner', as.admin)).map((r) => r.descri)).toContain('Rinnovi partner Lombardia');
    expect(await results('Rinnovi partner', as.rivenditore)).toEqual([]);
    // Documents: the group's own; the resellers' conditions are not the installers'.
    expect((await results('condizioni', as.rivenditore)).filter((r) => r.tipo === 'doc').map((r) => r.descri)).toEqual([
      'Condizioni commerciali rivenditori',
    ]);
    expect((await results('condizioni', as.posatore)).filter((r) => r.tipo === 'doc')).toEqual([]);
    expect((await results('listino', as.admin)).some((r) => r.tipo === 'doc')).toBe(true);
  });
});

describe('the whole history', () => {
  // More than the 2,000 newest messages and documents the search used to look at, and more than a small folder.
  const FILLER = SMALL_FOLDER + 100;
  // The oldest fillers share a word more common than FEW_MATCHES yet absent from the newest SEARCH_WALK entries of
  // every folder and list, so the search's walk finds none of them and must go through the index after all.
  const COMMON = FEW_MATCHES + 200;
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const old = { message: '00000000-0000-4000-a000-000000000001', document: '00000000-0000-4000-a000-000000000002' };

  beforeAll(async () => {
    const users = await ctx.db.selectFrom('users').select(['uuid', 'username']).execute();
    const uuidOf = (username: string) => users.find((u) => u.username === username)?.uuid ?? '';
    const [sender, reader] = [uuidOf('admin'), uuidOf('posatore')];
    const messages = Array.from({ length: FILLER }, (_, i) => ({
      uuid: `00000000-0000-4000-b000-${String(i).padStart(12, '0')}`,
      oggetto: i < COMMON ? `Ritiro in magazzino ${i}` : `Ordine in consegna ${i}`,
      at: day(i),
    }));
    messages.push({ uuid: old.message, oggetto: 'Verbale di collaudo Ferrara', at: '2019-03-04T10:00:00.000Z' });
    for (let i = 0; i < messages.length; i += 500) {
      const chunk = messages.slice(i, i + 500);
      await ctx.db
        .insertInto('messages')
        .values(
          chunk.map((m) => ({
            uuid: m.uuid,
            sender_uuid: sender,
            oggetto: m.oggetto,
            oggetto_key: fold(m.oggetto),
            content: '',
            dest: 'Mario Rossi',
            dests: '[]',
            created_at: m.at,
            updated_at: m.at,
          })),
        )
        .execute();
      await ctx.db
        .insertInto('message_recipients')
        .values(chunk.map((m) => ({ message_uuid: m.uuid, user_uuid: reader, read_at: null, created_at: m.at })))
        .execute();
    }
    const documents = Array.from({ length: FILLER }, (_, i) => ({
      uuid: `00000000-0000-4000-c000-${String(i).padStart(12, '0')}`,
      title: i < COMMON ? `Scheda di posa ${i}` : `Foglio di prova ${i}`,
      at: day(i),
      groups: ['admin', 'rivenditori', 'posatore'] as Role[],
    }));
    documents.push({
      uuid: old.document,
      title: 'Capitolato Ferrara',
      at: '2018-05-06T10:00:00.000Z',
      groups: ['admin', 'rivenditori'],
    });
    for (let i = 0; i < documents.length; i += 500) {
      const chunk = documents.slice(i, i + 500);
      await ctx.db
        .insertInto('documents')
        .values(
          chunk.map((d) => ({
            uuid: d.uuid,
            title: d.title,
            ...documentKeys(d),
            filename: 'scheda.pdf',
            ext: 'pdf',
            kind: 'pdf' as const,
            size: 1,
            file_key: `documents/${d.uuid}/documento.pdf`,
            created_at: d.at,
            updated_at: d.at,
          })),
        )
        .execute();
      await ctx.db
        .insertInto('document_groups')
        .values(
          chunk.flatMap((d) =>
            d.groups.map((grp) => ({ document_uuid: d.uuid, grp, kind: 'pdf' as const, created_at: d.at })),
          ),
        )
        .execute();
    }
  });

  it('finds a message older than the newest 2,000 by its subject, for its sender and its recipient only', async () => {
    for (const [client, folder] of [
      [as.posatore, 'recv'],
      [as.admin, 'sent'],
    ] as const) {
      const page = (await client.get(`/api/messages/${folder}?foggetto=collaudo`)).json();
      expect(page.reccount).toBe(1);
      expect(page.data.map((m: { uuid: string }) => m.uuid)).toEqual([old.message]);
    }
    const received = (await as.rivenditore.get('/api/messages/recv?foggetto=collaudo')).json();
    expect(received.reccount).toBe(0);
    for (const client of [as.posatore, as.admin])
      expect(uuids(await results('collaudo', client), 'msg')).toEqual([old.message]);
    for (const client of [as.rivenditore, as.capoarea])
      expect(uuids(await results('collaudo', client), 'msg')).toEqual([]);
  });

  it('pages a large folder filtered by a common word newest first, counting every match', async () => {
    const newest = (i: number) => `00000000-0000-4000-b000-${String(i).padStart(12, '0')}`;
    for (const [client, folder] of [
      [as.posatore, 'recv'],
      [as.admin, 'sent'],
    ] as const) {
      const first = (await client.get(`/api/messages/${folder}?foggetto=magazzino&size=10`)).json();
      expect(first.reccount).toBe(COMMON);
      expect(first.data.map((m: { uuid: string }) => m.uuid)).toEqual(
        Array.from({ length: 10 }, (_, i) => newest(COMMON - 1 - i)),
      );
      const last = (await client.get(`/api/messages/${folder}?foggetto=magazzino&size=10&page=${COMMON / 10}`)).json();
      expect(last.data.at(-1).uuid).toBe(newest(0));
    }
  });

  it('finds a document older than the newest 2,000 by its title, for the groups it is given to only', async () => {
    for (const client of [as.admin, as.rivenditore])
      expect(uuids(await results('capitolato', client), 'doc')).toEqual([old.document]);
    for (const client of [as.posatore, as.capoarea])
      expect(uuids(await results('capitolato', client), 'doc')).toEqual([]);
  });

  it('still gives at most 20 of a kind, newest first', async () => {
    const found = await results('ordine in consegna', as.posatore);
    const messages = found.filter((r) => r.tipo === 'msg').map((r) => r.descri);
    expect(messages).toEqual(Array.from({ length: 20 }, (_, i) => `Ordine in consegna ${FILLER - 1 - i}`));
    const docs = (await results('foglio di prova', as.posatore)).filter((r) => r.tipo === 'doc').map((r) => r.descri);
    expect(docs).toEqual(Array.from({ length: 20 }, (_, i) => `Foglio di prova ${FILLER - 1 - i}`));
  });

  it('finds a common word whose matches are all older than the newest entries it walks, within reach only', async () => {
    expect(FILLER - COMMON).toBeGreaterThan(SEARCH_WALK);
    const newest = (text: string) => Array.from({ length: 20 }, (_, i) => `${text} ${COMMON - 1 - i}`);
    const of = async (text: string, client: ApiClient, tipo: string) =>
      (await results(text, client)).filter((r) => r.tipo === tipo).map((r) => r.descri);
    // The installer received them, the admin sent them; the documents are the installers' and the admin's.
    for (const client of [as.posatore, as.admin]) {
      expect(await of('ritiro in magazzino', client, 'msg')).toEqual(newest('Ritiro in magazzino'));
      expect(await of('scheda di posa', client, 'doc')).toEqual(newest('Scheda di posa'));
    }
    for (const client of [as.rivenditore, as.capoarea])
      expect(await of('ritiro in magazzino', client, 'msg')).toEqual([]);
    expect(await of('scheda di posa', as.capoarea, 'doc')).toEqual([]);
  });
});
