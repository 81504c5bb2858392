import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARTNERS } from '../../../src/db/seed/demo-partners.ts';
import { addDays, todayInRome } from '../../../src/lib/clock.ts';
import { createTestContext, storedKeys, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { imageForm } from '../../multipart.ts';

let ctx: TestContext;
let as: RoleClients;
let demoCa: string;
let demoRiv: string;
let webp: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  demoCa = (
    await ctx.db
      .selectFrom('capoarea')
      .innerJoin('users', 'users.uuid', 'capoarea.user_uuid')
      .select('capoarea.uuid')
      .where('users.username', '=', 'capoarea')
      .executeTakeFirstOrThrow()
  ).uuid;
  demoRiv = (
    await ctx.db
      .selectFrom('rivenditori')
      .innerJoin('users', 'users.uuid', 'rivenditori.user_uuid')
      .select('rivenditori.uuid')
      .where('users.username', '=', 'rivenditore')
      .executeTakeFirstOrThrow()
  ).uuid;
  webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } })
    .webp()
    .toBuffer();
});
afterAll(() => ctx.close());

const CORREGGERE = 'Attenzione, correggere i campi segnalati';
const CA_PROVS = ['MI', 'BG', 'BS'];
const RIV_AREA = ['MI', 'MB'];
const NOBODY = '00000000-0000-4000-8000-000000000000';

const uploadLogo = (target: string, client: ApiClient) => {
  const form = imageForm(webp, 'logo.webp', 'image/webp');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/saveimg/${target}/profile`,
    payload: form.payload,
    headers: { ...form.headers, cookie: client.cookie },
  });
};

type Row = Record<string, unknown> & { uuid: string; ragsoc: string; prov: string; dtscad: string };
type Page = { data: Row[]; page: number; pages: number; reccount: number };
const page = async (url: string, client: ApiClient = as.admin): Promise<Page> => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const all = async (url: string, client: ApiClient = as.admin) =>
  (await page(`${url}${url.includes('?') ? '&' : '?'}size=200`, client)).data;

const partnersWhere = (where: (p: { state: string; capoarea: string | null; rivenditore: string | null }) => boolean) =>
  ctx.db
    .selectFrom('partners')
    .select(['uuid', 'state', 'capoarea', 'rivenditore', 'ragsoc'])
    .orderBy('code')
    .execute()
    .then((rows) => rows.filter(where));

const inCaScope = (p: { state: string; capoarea: string | null }) =>
  p.capoarea === demoCa || CA_PROVS.includes(p.state);
const inRivArea = (p: { state: string; rivenditore: string | null }) =>
  p.rivenditore === demoRiv || RIV_AREA.includes(p.state);

/** A partner the demo area manager reaches and the demo reseller is assigned to. */
const assignedToRiv = async () => (await partnersWhere((p) => p.rivenditore === demoRiv && inCaScope(p)))[0]!.uuid;
/** A partner of the demo reseller's area (Milan) that is not assigned to them. */
const areaOnly = async () => (await partnersWhere((p) => p.state === 'MI' && p.rivenditore !== demoRiv))[0]!.uuid;
/** A partner in the demo area manager's reach but outside the demo reseller's area. */
const caOnly = async () => (await partnersWhere((p) => inCaScope(p) && !inRivArea(p)))[0]!.uuid;
/** A partner neither the demo area manager nor the demo reseller reaches. */
const outsider = async () => (await partnersWhere((p) => !inCaScope(p) && !inRivArea(p)))[0]!.uuid;

const blank = {
  ragsoc: 'Nuova Ceramica S.r.l.',
  priorita: '2',
  piva: '',
  codfis: '',
  code: 'PARNEW',
  dtstart: '2025-03-01',
  dtend: '',
  address: 'Via Roma 1',
  city: 'Bergamo',
  cap: '24121',
  state: 'BG',
  phone: '035 123456',
  cell: '',
  email: 'info@nuovaceramica.it',
  website: 'www.nuovaceramica.it',
  capoarea: '',
  rivenditore: '',
};

describe('partner lists', () => {
  it('answer 401 without a session and 403 to the roles they are not for', async () => {
    for (const url of ['/api/partner', '/api/partner_ca', '/api/partner_ca2', '/api/partner_ri', '/api/npartner']) {
      expect((await as.anonymous.get(url)).statusCode, url).toBe(401);
      expect((await as.posatore.get(url)).statusCode, url).toBe(403);
    }
    expect((await as.admin.get('/api/partner_ca')).statusCode).toBe(403);
    expect((await as.rivenditore.get('/api/partner_ca')).statusCode).toBe(403);
    expect((await as.rivenditore.get('/api/partner_ca2')).statusCode).toBe(403);
    expect((await as.admin.get('/api/partner_ri')).statusCode).toBe(403);
    expect((await as.capoarea.get('/api/partner_ri')).statusCode).toBe(403);
    expect((await as.rivenditore.get('/api/npartner')).json()).toEqual({
      res: 'KO',
      reason: 'Operazione non consentita',
    });
  });

  it('admin: every partner, paged, by company name, with the row fields of the spec', async () => {
    const first = await page('/api/partner?size=15');
    expect(first).toMatchObject({ page: 1, pages: Math.ceil(DEMO_PARTNERS / 15), reccount: DEMO_PARTNERS });
    expect(first.data).toHaveLength(15);
    expect(Object.keys(first.data[0]!).sort()).toEqual(
      ['uuid', 'img', 'ragsoc', 'code', 'prov', 'dtstart', 'dtend', 'dtrinnovo', 'dtscad'].sort(),
    );
    const rows = await all('/api/partner');
    expect(rows).toHaveLength(DEMO_PARTNERS);
    const names = rows.map((r) => r.ragsoc.toLowerCase());
    expect(names).toEqual([...names].sort());
    // A page beyond the count is the last one.
    expect((await page('/api/partner?size=15&page=99')).page).toBe(3);
  });

  it('filters by company name, province and code', async () => {
    const rows = await all('/api/partner');
    const sample = rows[5]!;
    const word = sample.ragsoc.split(' ')[1]!.toUpperCase();
    const byName = await all(`/api/partner?ragsoc=${encodeURIComponent(word)}`);
    expect(byName.map((r) => r.uuid)).toContain(sample.uuid);
    for (const r of byName) expect(r.ragsoc.toUpperCase()).toContain(word);
    const mi = await all('/api/partner?state=MI');
    expect(mi.length).toBeGreaterThan(0);
    for (const r of mi) expect(r.prov).toBe('MI');
    expect((await all('/api/partner?code=par00')).map((r) => r.code)).toEqual(
      expect.arrayContaining(['PAR001', 'PAR009']),
    );
    expect(await all('/api/partner?ragsoc=%25')).toEqual([]);
    expect((await as.admin.get('/api/partner?state=Milano')).statusCode).toBe(400);
    expect((await as.admin.get('/api/partner?size=0')).statusCode).toBe(400);
  });

  it('area manager: the partners assigned to them or in their provinces, in both of their lists', async () => {
    const expected = (await partnersWhere(inCaScope)).map((p) => p.uuid).sort();
    expect(expected.length).toBeGreaterThan(10);
    expect((await all('/api/partner_ca', as.capoarea)).map((r) => r.uuid).sort()).toEqual(expected);
    expect((await all('/api/partner', as.capoarea)).map((r) => r.uuid).sort()).toEqual(expected);
    // Assigned by name outside their provinces: still theirs.
    const byName = await partnersWhere((p) => p.capoarea === demoCa && !CA_PROVS.includes(p.state));
    expect(byName.length).toBeGreaterThan(0);
    expect(expected).toEqual(expect.arrayContaining(byName.map((p) => p.uuid)));
  });

  it('reseller: the partners assigned to them or in their area, and no other', async () => {
    const expected = (await partnersWhere(inRivArea)).map((p) => p.uuid).sort();
    expect(expected.length).toBeGreaterThan(3);
    expect((await all('/api/partner_ri', as.rivenditore)).map((r) => r.uuid).sort()).toEqual(expected);
    expect((await all('/api/partner', as.rivenditore)).map((r) => r.uuid).sort()).toEqual(expected);
    expect((await all('/api/partner_ri?state=BS', as.rivenditore)).length).toBe(
      (await partnersWhere((p) => inRivArea(p) && p.state === 'BS')).length,
    );
  });

  it('area manager home: counts and the partners expiring within 30 days, soonest first', async () => {
    const res = await as.capoarea.get('/api/partner_ca2');
    expect(res.statusCode).toBe(200);
    const home = res.json();
    const today = todayInRome();
    const scope = await ctx.db
      .selectFrom('partners')
      .selectAll()
      .where((eb) => eb.or([eb('capoarea', '=', demoCa), eb('state', 'in', CA_PROVS)]))
      .execute();
    const resellers = await ctx.db
      .selectFrom('rivenditori')
      .select('uuid')
      .where((eb) => eb.or([eb('capoarea', '=', demoCa), eb('state', 'in', CA_PROVS)]))
      .execute();
    expect(home.caziende).toBe(scope.length);
    expect(home.criv).toBe(resellers.length);
    expect(home.caziendescad).toBe(scope.filter((p) => p.dtscad !== '' && p.dtscad < today).length);
    expect(home.caziendescad).toBeGreaterThan(0);
    const expiring = scope.filter((p) => p.dtscad >= today && p.dtscad <= addDays(today, 30));
    expect(expiring.length).toBeGreaterThan(0);
    expect(home.data.map((r: Row) => r.uuid).sort()).toEqual(expiring.map((p) => p.uuid).sort());
    const dates = home.data.map((r: Row) => r.dtscad);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('API description', () => {
  it('publishes the new endpoints in the OpenAPI document', async () => {
    const doc = (await as.anonymous.get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/partner',
        '/api/partner/{id}',
        '/api/partner/nuovo',
        '/api/npartner',
        '/api/partner_ca2',
        '/api/partner/{id}/pagamenti',
        '/api/partner/{id}/pagamenti/{name}',
        '/api/caricapag/{id}',
        '/api/capoarea/{id}/stato',
        '/api/riventitore',
        '/api/rivenditori_ca',
        '/api/myprofile',
      ]),
    );
  });
});

describe('partner record', () => {
  it('admin reads any partner with the fields of the spec', async () => {
    const id = await outsider();
    const res = await as.admin.get(`/api/partner/${id}`);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(Object.keys(p).sort()).toEqual(
      [
        'uuid',
        'ragsoc',
        'priorita',
        'piva',
        'codfis',
        'code',
        'dtstart',
        'dtend',
        'address',
        'city',
        'cap',
        'state',
        'phone',
        'cell',
        'email',
        'website',
        'capoarea',
        'rivenditore',
        'img',
        'dtrinnovo',
        'dtscad',
        'editable',
      ].sort(),
    );
    expect(p).toMatchObject({ uuid: id, editable: true });
    expect(p.dtstart).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('refuses what is out of reach: 404 outside the scope, 400 on a malformed id, 403 for installers', async () => {
    expect((await as.capoarea.get(`/api/partner/${await outsider()}`)).statusCode).toBe(404);
    expect((await as.rivenditore.get(`/api/partner/${await outsider()}`)).statusCode).toBe(404);
    expect((await as.rivenditore.get(`/api/partner/${await caOnly()}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/partner/${NOBODY}`)).statusCode).toBe(404);
    expect((await as.admin.get('/api/partner/not-a-uuid')).statusCode).toBe(400);
    expect((await as.posatore.get(`/api/partner/${await assignedToRiv()}`)).statusCode).toBe(403);
    expect((await as.anonymous.get(`/api/partner/${await assignedToRiv()}`)).statusCode).toBe(401);
  });

  it('tells the reseller which partners they may save', async () => {
    expect((await as.rivenditore.get(`/api/partner/${await assignedToRiv()}`)).json().editable).toBe(true);
    expect((await as.rivenditore.get(`/api/partner/${await areaOnly()}`)).json().editable).toBe(false);
    expect((await as.capoarea.get(`/api/partner/${await caOnly()}`)).json().editable).toBe(true);
  });

  it('npartner is a blank record; an area manager’s comes assigned to them', async () => {
    const empty = (await as.admin.get('/api/npartner')).json();
    expect(empty).toMatchObject({ uuid: '', ragsoc: '', capoarea: '', rivenditore: '', editable: true });
    expect((await as.capoarea.get('/api/npartner')).json().capoarea).toBe(demoCa);
  });
});

describe('creating and saving partners', () => {
  it('admin creates a partner at /api/partner/nuovo and finds it in the lists', async () => {
    const res = await as.admin.post('/api/partner/nuovo', { ...blank, ragsoc: 'Creata da Admin S.r.l.' });
    expect(res.statusCode, res.body).toBe(200);
    const { res: outcome, uuid } = res.json();
    expect(outcome).toBe('OK');
    const p = (await as.admin.get(`/api/partner/${uuid}`)).json();
    expect(p).toMatchObject({ ...blank, ragsoc: 'Creata da Admin S.r.l.', uuid, dtrinnovo: '', dtscad: '', img: '' });
    expect((await all('/api/partner?ragsoc=creata da admin')).map((r) => r.uuid)).toEqual([uuid]);
    // In Bergamo: the demo area manager sees it too.
    expect((await as.capoarea.get(`/api/partner/${uuid}`)).statusCode).toBe(200);
  });

  it('checks the record: company name, months, e-mail shape, references, sizes', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ragsoc: '' }, 'ragsoc', 'Campo obbligatorio'],
      [{ dtstart: '2025-13-01' }, 'dtstart', 'Mese non valido'],
      [{ dtstart: '2025-03-15' }, 'dtstart', 'Mese non valido'],
      [{ dtstart: '2025-03-01', dtend: '2024-12-01' }, 'dtend', 'La fine non può precedere l’inizio'],
      [{ email: 'non-una-email' }, 'email', 'Indirizzo e-mail non valido'],
      [{ priorita: '9' }, 'priorita', 'Priorità non valida'],
      [{ capoarea: NOBODY }, 'capoarea', 'Capo area non valido'],
      [{ rivenditore: NOBODY }, 'rivenditore', 'Rivenditore non valido'],
      [{ capoarea: 'x' }, 'capoarea', expect.any(String) as unknown as string],
      [{ cap: '2412a' }, 'cap', 'Usare solo cifre'],
      [{ state: 'XX' }, 'state', 'Provincia non valida'],
      [{ ragsoc: 'x'.repeat(101) }, 'ragsoc', 'Massimo 100 caratteri'],
    ];
    for (const [change, field, message] of cases) {
      const res = await as.admin.post('/api/partner/nuovo', { ...blank, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ res: 'KO', reason: CORREGGERE, fields: { [field]: message } });
    }
    const { ragsoc: _omitted, ...missing } = blank;
    expect((await as.admin.post('/api/partner/nuovo', missing)).json()).toMatchObject({
      fields: { ragsoc: expect.any(String) },
    });
  });

  it('area manager creates partners only inside their reach', async () => {
    const inside = await as.capoarea.post('/api/partner/nuovo', { ...blank, ragsoc: 'Bergamasca S.r.l.' });
    expect(inside.json().res).toBe('OK');
    const away = { ...blank, ragsoc: 'Romana S.r.l.', state: 'RM', city: 'Roma', cap: '00184' };
    const refused = await as.capoarea.post('/api/partner/nuovo', away);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      capoarea: 'Il partner deve restare nella tua area: indica te come capo area o una tua provincia',
    });
    const mine = await as.capoarea.post('/api/partner/nuovo', { ...away, capoarea: demoCa });
    expect(mine.json().res).toBe('OK');
    expect((await all('/api/partner_ca?state=RM', as.capoarea)).map((r) => r.uuid)).toContain(mine.json().uuid);
    expect((await as.rivenditore.post('/api/partner/nuovo', blank)).statusCode).toBe(403);
    expect((await as.posatore.post('/api/partner/nuovo', blank)).statusCode).toBe(403);
    expect((await as.anonymous.post('/api/partner/nuovo', blank)).statusCode).toBe(401);
  });

  it('saves: admin anywhere, the area manager in reach, never beyond', async () => {
    const id = await caOnly();
    const current = (await as.admin.get(`/api/partner/${id}`)).json();
    const saved = await as.capoarea.post(`/api/partner/${id}`, { ...current, phone: '02 999999', uuid: 'ignored' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ res: 'OK' });
    expect((await as.admin.get(`/api/partner/${id}`)).json()).toMatchObject({ phone: '02 999999', uuid: id });
    // Moving it out of their reach is refused; the admin may.
    const away = { ...current, state: 'RM', capoarea: '' };
    expect((await as.capoarea.post(`/api/partner/${id}`, away)).statusCode).toBe(400);
    const far = await outsider();
    const farRecord = (await as.admin.get(`/api/partner/${far}`)).json();
    expect((await as.capoarea.post(`/api/partner/${far}`, farRecord)).statusCode).toBe(404);
    expect((await as.admin.post(`/api/partner/${far}`, { ...farRecord, code: 'ADM1' })).json().res).toBe('OK');
    expect((await as.posatore.post(`/api/partner/${far}`, farRecord)).statusCode).toBe(403);
    expect((await as.admin.post(`/api/partner/${NOBODY}`, farRecord)).statusCode).toBe(404);
  });

  it('the reseller saves the partners assigned to them, without reassigning them, and reads the others', async () => {
    const id = await assignedToRiv();
    const current = (await as.rivenditore.get(`/api/partner/${id}`)).json();
    const res = await as.rivenditore.post(`/api/partner/${id}`, {
      ...current,
      website: 'www.aggiornato.it',
      capoarea: '',
      rivenditore: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await as.admin.get(`/api/partner/${id}`)).json();
    expect(after).toMatchObject({ website: 'www.aggiornato.it', rivenditore: demoRiv, capoarea: current.capoarea });
    const other = await areaOnly();
    const record = (await as.rivenditore.get(`/api/partner/${other}`)).json();
    const refused = await as.rivenditore.post(`/api/partner/${other}`, record);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ res: 'KO', reason: 'Operazione non consentita' });
    const far = await outsider();
    expect(
      (await as.rivenditore.post(`/api/partner/${far}`, (await as.admin.get(`/api/partner/${far}`)).json())).statusCode,
    ).toBe(404);
  });
});

describe('partner logo', () => {
  it('goes through /api/saveimg/{uuid}/profile for whoever may save the partner', async () => {
    const id = await assignedToRiv();
    const up = await uploadLogo(id, as.admin);
    expect(up.statusCode, up.body).toBe(200);
    const url: string = up.json().path;
    expect(url).toMatch(new RegExp(`^/api/files/partners/${id}/profile/[a-z0-9-]+\\.webp$`));
    expect((await as.admin.get(`/api/partner/${id}`)).json().img).toBe(url);
    expect((await all('/api/partner')).find((r) => r.uuid === id)!.img).toBe(url);
    expect((await as.posatore.get(url)).statusCode).toBe(200);
    const send = uploadLogo;
    expect((await send(id, as.capoarea)).statusCode).toBe(200);
    expect((await send(id, as.rivenditore)).statusCode).toBe(200);
    expect((await send(await areaOnly(), as.rivenditore)).statusCode).toBe(403);
    expect((await send(await outsider(), as.rivenditore)).statusCode).toBe(404);
    expect((await send(await outsider(), as.capoarea)).statusCode).toBe(404);
    expect((await send(id, as.posatore)).statusCode).toBe(404);
  });
});

describe('deleting partners', () => {
  it('only admin and the area manager in reach delete', async () => {
    expect((await as.rivenditore.delete(`/api/partner/${await areaOnly()}`)).statusCode).toBe(403);
    expect((await as.posatore.delete(`/api/partner/${await areaOnly()}`)).statusCode).toBe(403);
    expect((await as.capoarea.delete(`/api/partner/${await outsider()}`)).statusCode).toBe(404);
    expect((await as.admin.delete(`/api/partner/${NOBODY}`)).statusCode).toBe(404);
    expect((await as.anonymous.delete(`/api/partner/${await outsider()}`)).statusCode).toBe(401);
    const id = await caOnly();
    expect((await as.capoarea.delete(`/api/partner/${id}`)).json()).toEqual({ res: 'OK' });
    expect((await as.admin.get(`/api/partner/${id}`)).statusCode).toBe(404);
  });

  it('removes the payments with their files and the logo', async () => {
    const withFiles = await ctx.db
      .selectFrom('partner_payments')
      .select(['partner_uuid'])
      .where('file', '<>', '')
      .groupBy('partner_uuid')
      .orderBy('partner_uuid')
      .executeTakeFirstOrThrow();
    const id = withFiles.partner_uuid;
    expect((await uploadLogo(id, as.admin)).statusCode).toBe(200);
    const payments = (await as.admin.get(`/api/partner/${id}/pagamenti`)).json();
    expect(payments.length).toBeGreaterThan(0);
    const stored = await storedKeys(ctx.config, `partners/${id}`);
    expect(stored.filter((k) => k.startsWith(`partners/${id}/pagamenti/`))).toHaveLength(payments.length);
    expect((await as.admin.delete(`/api/partner/${id}`)).json()).toEqual({ res: 'OK' });
    expect(await storedKeys(ctx.config, `partners/${id}`)).toEqual([]);
    const left = await ctx.db.selectFrom('partner_payments').select('name').where('partner_uuid', '=', id).execute();
    expect(left).toEqual([]);
    expect((await as.admin.get(payments[0].url)).statusCode).toBe(404);
  });
});
