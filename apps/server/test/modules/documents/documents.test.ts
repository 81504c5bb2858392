import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../../src/lib/pdf-files.ts';
import { storedZip } from '../../../src/db/seed/documents.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { multipart } from '../../multipart.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

type Row = {
  uuid: string;
  title: string;
  url: string;
  tipo: string;
  doc: string;
  dests: { name: string; state: boolean }[];
};
type Page = { data: Row[]; page: number; pages: number; reccount: number };

const upload = (filename: string, data: Buffer, client: ApiClient = as.admin) => {
  const form = multipart([{ name: 'file', filename, contentType: 'application/octet-stream', data }]);
  return client.inject({ method: 'POST', url: '/api/docs/caricadoc', headers: form.headers, payload: form.payload });
};
const save = (uuid: string, body: object, client: ApiClient = as.admin) => client.post(`/api/docs/doc/${uuid}`, body);
const list = async (client: ApiClient, query = '') => (await client.get(`/api/docs/docs${query}`)).json() as Page;
const titles = (page: Page) => page.data.map((d) => d.title);

describe('documents', () => {
  it('answers 401 without a session', async () => {
    expect((await as.anonymous.get('/api/docs/docs')).statusCode).toBe(401);
    expect((await as.anonymous.get('/api/docs/admdocs')).statusCode).toBe(401);
  });

  it('shows each role what its group may see, newest first', async () => {
    expect(titles(await list(as.posatore))).toEqual([
      'Catalogo prodotti 2027',
      'Scheda tecnica adesivo cementizio C2TE',
      'Calendario corsi 2027',
      'Fotografie di posa a regola d’arte',
    ]);
    expect(titles(await list(as.rivenditore))).toContain('Condizioni commerciali rivenditori');
    expect(titles(await list(as.capoarea))).not.toContain('Condizioni commerciali rivenditori');
    const all = (await as.admin.get('/api/docs/admdocs')).json() as Page;
    expect(all.reccount).toBe(6);
    const catalogo = all.data.find((d) => d.title === 'Catalogo prodotti 2027');
    expect(catalogo?.dests.filter((d) => d.state).map((d) => d.name)).toEqual([
      'admin',
      'posatore',
      'capoarea',
      'rivenditori',
    ]);
  });

  it('filters by type and pages', async () => {
    expect(titles(await list(as.posatore, '?ftipo=zip'))).toEqual(['Fotografie di posa a regola d’arte']);
    const second = await list(as.posatore, '?size=3&page=2');
    expect(second).toMatchObject({ page: 2, pages: 2, reccount: 4 });
    expect((await as.posatore.get('/api/docs/docs?ftipo=exe')).statusCode).toBe(400);
  });

  it('uploads a PDF, gives it groups and lets those groups download it, nobody else', async () => {
    const res = await upload('Nuovo listino.pdf', simplePdf(['Nuovo listino']));
    expect(res.statusCode, res.body).toBe(200);
    const { uuid } = res.json() as { uuid: string };
    // Until its groups are chosen, only the admins see it.
    expect((await as.rivenditore.get(`/api/docs/doc/${uuid}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/docs/doc/${uuid}`)).json()).toMatchObject({ title: 'Nuovo listino', tipo: 'pdf' });
    expect((await save(uuid, { title: 'Listino aggiornato', dests: ['rivenditori', 'rivenditori'] })).statusCode).toBe(
      200,
    );
    const file = await as.rivenditore.get(`/api/docs/file/${uuid}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('inline; filename="Nuovo listino.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await as.capoarea.get(`/api/docs/file/${uuid}`)).statusCode).toBe(404);
    expect((await as.posatore.get(`/api/docs/file/${uuid}`)).statusCode).toBe(404);
    expect(titles(await list(as.rivenditore))[0]).toBe('Listino aggiornato');
  });

  it('refuses a file whose bytes are not of its type, a wrong extension, a big one, none', async () => {
    for (const [name, data] of [
      ['finto.pdf', Buffer.from('non sono un pdf')],
      ['archivio.zip', simplePdf(['pdf travestito'])],
      ['foglio.xlsx', Buffer.from('testo')],
      ['programma.exe', storedZip('a.txt', Buffer.from('a'))],
    ] as const) {
      const res = await upload(name, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().reason).toContain('Il file non è di un tipo ammesso');
    }
    const big = await upload('grande.pdf', Buffer.concat([simplePdf(['x']), Buffer.alloc(20 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().reason).toBe('Il documento supera la dimensione massima di 20 MB');
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/docs/caricadoc',
      headers: { cookie: as.admin.cookie },
    });
    expect(none.statusCode).toBe(400);
    expect((await upload('ok.zip', storedZip('a.txt', Buffer.from('a')), as.rivenditore)).statusCode).toBe(403);
  });

  it('refuses a save without title or groups with a reason', async () => {
    const { uuid } = (await upload('Bozza.pdf', simplePdf(['Bozza']))).json() as { uuid: string };
    const noTitle = await save(uuid, { title: ' ', dests: ['posatore'] });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().reason).toBe('Titolo obbligatorio');
    const noGroups = await save(uuid, { title: 'Bozza', dests: [] });
    expect(noGroups.json().reason).toBe('Indicare almeno un gruppo di destinatari');
    expect((await save(uuid, { title: 'Bozza', dests: ['nessuno'] })).statusCode).toBe(400);
    expect((await save(crypto.randomUUID(), { title: 'X', dests: ['posatore'] })).statusCode).toBe(404);
  });

  it('takes back the document as GET gives it: dests as {name, state}, only the ticked ones kept', async () => {
    const { uuid } = (await upload('Giro.pdf', simplePdf(['Giro']))).json() as { uuid: string };
    expect((await save(uuid, { title: 'Giro', dests: ['posatore'] })).statusCode).toBe(200);
    // The form's round trip: load the record, tick the groups, save the same record back.
    const loaded = (await as.admin.get(`/api/docs/doc/${uuid}`)).json() as Row;
    expect(loaded.dests.filter((d) => d.state).map((d) => d.name)).toEqual(['posatore']);
    const ticked = loaded.dests.map((d) => ({ ...d, state: d.name === 'capoarea' || d.name === 'rivenditori' }));
    const res = await save(uuid, { ...loaded, title: 'Giro aggiornato', dests: ticked });
    expect(res.json()).toEqual({ res: 'OK' });
    const saved = (await as.admin.get(`/api/docs/doc/${uuid}`)).json() as Row;
    expect(saved.title).toBe('Giro aggiornato');
    expect(saved.dests.filter((d) => d.state).map((d) => d.name)).toEqual(['capoarea', 'rivenditori']);
    // The same rules as a list of names: at least one ticked group, known groups only.
    const none = await save(uuid, { ...saved, dests: saved.dests.map((d) => ({ ...d, state: false })) });
    expect(none.statusCode).toBe(400);
    expect(none.json().reason).toBe('Indicare almeno un gruppo di destinatari');
    expect((await save(uuid, { title: 'Giro', dests: [{ name: 'nessuno', state: true }] })).statusCode).toBe(400);
    expect((await save(uuid, { title: 'Giro', dests: [{ name: 'posatore' }] })).statusCode).toBe(400);
    // Names and records may be mixed, and a group given twice counts once.
    expect(
      (await save(uuid, { title: 'Giro', dests: ['posatore', { name: 'posatore', state: true }] })).json(),
    ).toEqual({ res: 'OK' });
    const mixed = (await as.admin.get(`/api/docs/doc/${uuid}`)).json() as Row;
    expect(mixed.dests.filter((d) => d.state).map((d) => d.name)).toEqual(['posatore']);
  });

  it('deletes a document and its file', async () => {
    const { uuid } = (await upload('Da eliminare.pdf', simplePdf(['x']))).json() as { uuid: string };
    await save(uuid, { title: 'Da eliminare', dests: ['posatore'] });
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/docs/doc/${uuid}`, headers: { cookie: as.admin.cookie } }))
        .statusCode,
    ).toBe(200);
    expect((await as.posatore.get(`/api/docs/file/${uuid}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/docs/file/${uuid}`)).statusCode).toBe(404);
  });

  it('keeps an installer whose profile is not OK out of the documents', async () => {
    const mario = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['posatori.uuid', 'posatori.stato'])
      .where('users.username', '=', 'posatore')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('posatori').set({ stato: 'SOSPESO' }).where('uuid', '=', mario.uuid).execute();
    try {
      expect((await as.posatore.get('/api/docs/docs')).statusCode).toBe(403);
    } finally {
      await ctx.db.updateTable('posatori').set({ stato: mario.stato }).where('uuid', '=', mario.uuid).execute();
    }
    expect((await as.posatore.get('/api/docs/docs')).statusCode).toBe(200);
  });
});
