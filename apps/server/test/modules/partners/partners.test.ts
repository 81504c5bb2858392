import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARTNERS } from '../../../src/db/seed/demo-partners.ts';
import { addDays, todayInRome } from '../../../src/lib/clock.ts';
import { createTestContext, type TestContext, loginEveryRole } from '../../helpers.ts';
import { imageForm } from '../../multipart.ts';

let ctx: TestContext;
let admin: string;
let capoarea: string;
let rivenditore: string;
let posatore: string;
let demoCa: string;
let demoRiv: string;
let webp: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, capoarea, rivenditore, posatore] = await loginEveryRole(ctx.app);
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

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const del = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

const uploadLogo = (target: string, cookie: string) => {
  const form = imageForm(webp, 'logo.webp', 'image/webp');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/saveimg/${target}/profile`,
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
};

type Row = Record<string, unknown> & { uuid: string; ragsoc: string; prov: string; dtscad: string };
type Page = { data: Row[]; page: number; pages: number; reccount: number };
const page = async (url: string, cookie = admin): Promise<Page> => {
  const res = await get(url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const all = async (url: string, cookie = admin) =>
  (await page(`${url}${url.includes('?') ? '&' : '?'}size=200`, cookie)).data;

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
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, posatore)).statusCode, url).toBe(403);
    }
    expect((await get('/api/partner_ca', admin)).statusCode).toBe(403);
    expect((await get('/api/partner_ca', rivenditore)).statusCode).toBe(403);
    expect((await get('/api/partner_ca2', rivenditore)).statusCode).toBe(403);
    expect((await get('/api/partner_ri', admin)).statusCode).toBe(403);
    expect((await get('/api/partner_ri', capoarea)).statusCode).toBe(403);
    expect((await get('/api/npartner', rivenditore)).json()).toEqual({
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
    expect((await get('/api/partner?state=Milano', admin)).statusCode).toBe(400);
    expect((await get('/api/partner?size=0', admin)).statusCode).toBe(400);
  });

  it('area manager: the partners assigned to them or in their provinces, in both of their lists', async () => {
    const expected = (await partnersWhere(inCaScope)).map((p) => p.uuid).sort();
    expect(expected.length).toBeGreaterThan(10);
    expect((await all('/api/partner_ca', capoarea)).map((r) => r.uuid).sort()).toEqual(expected);
    expect((await all('/api/partner', capoarea)).map((r) => r.uuid).sort()).toEqual(expected);
    // Assigned by name outside their provinces: still theirs.
    const byName = await partnersWhere((p) => p.capoarea === demoCa && !CA_PROVS.includes(p.state));
    expect(byName.length).toBeGreaterThan(0);
    expect(expected).toEqual(expect.arrayContaining(byName.map((p) => p.uuid)));
  });

  it('reseller: the partners assigned to them or in their area, and no other', async () => {
    const expected = (await partnersWhere(inRivArea)).map((p) => p.uuid).sort();
    expect(expected.length).toBeGreaterThan(3);
    expect((await all('/api/partner_ri', rivenditore)).map((r) => r.uuid).sort()).toEqual(expected);
    expect((await all('/api/partner', rivenditore)).map((r) => r.uuid).sort()).toEqual(expected);
    expect((await all('/api/partner_ri?state=BS', rivenditore)).length).toBe(
      (await partnersWhere((p) => inRivArea(p) && p.state === 'BS')).length,
    );
  });

  it('area manager home: counts and the partners expiring within 30 days, soonest first', async () => {
    const res = await get('/api/partner_ca2', capoarea);
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
    const doc = (await get('/api/docs/json')).json();
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
  it('admin reads any partner with the fields of spec section 3', async () => {
    const id = await outsider();
    const res = await get(`/api/partner/${id}`, admin);
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
    expect((await get(`/api/partner/${await outsider()}`, capoarea)).statusCode).toBe(404);
    expect((await get(`/api/partner/${await outsider()}`, rivenditore)).statusCode).toBe(404);
    expect((await get(`/api/partner/${await caOnly()}`, rivenditore)).statusCode).toBe(404);
    expect((await get(`/api/partner/${NOBODY}`, admin)).statusCode).toBe(404);
    expect((await get('/api/partner/not-a-uuid', admin)).statusCode).toBe(400);
    expect((await get(`/api/partner/${await assignedToRiv()}`, posatore)).statusCode).toBe(403);
    expect((await get(`/api/partner/${await assignedToRiv()}`)).statusCode).toBe(401);
  });

  it('tells the reseller which partners they may save', async () => {
    expect((await get(`/api/partner/${await assignedToRiv()}`, rivenditore)).json().editable).toBe(true);
    expect((await get(`/api/partner/${await areaOnly()}`, rivenditore)).json().editable).toBe(false);
    expect((await get(`/api/partner/${await caOnly()}`, capoarea)).json().editable).toBe(true);
  });

  it('npartner is a blank record; an area manager’s comes assigned to them', async () => {
    const empty = (await get('/api/npartner', admin)).json();
    expect(empty).toMatchObject({ uuid: '', ragsoc: '', capoarea: '', rivenditore: '', editable: true });
    expect((await get('/api/npartner', capoarea)).json().capoarea).toBe(demoCa);
  });
});

describe('creating and saving partners', () => {
  it('admin creates a partner at /api/partner/nuovo and finds it in the lists', async () => {
    const res = await post('/api/partner/nuovo', { ...blank, ragsoc: 'Creata da Admin S.r.l.' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { res: outcome, uuid } = res.json();
    expect(outcome).toBe('OK');
    const p = (await get(`/api/partner/${uuid}`, admin)).json();
    expect(p).toMatchObject({ ...blank, ragsoc: 'Creata da Admin S.r.l.', uuid, dtrinnovo: '', dtscad: '', img: '' });
    expect((await all('/api/partner?ragsoc=creata da admin')).map((r) => r.uuid)).toEqual([uuid]);
    // In Bergamo: the demo area manager sees it too.
    expect((await get(`/api/partner/${uuid}`, capoarea)).statusCode).toBe(200);
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
      const res = await post('/api/partner/nuovo', { ...blank, ...change }, admin);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ res: 'KO', reason: CORREGGERE, fields: { [field]: message } });
    }
    const { ragsoc: _omitted, ...missing } = blank;
    expect((await post('/api/partner/nuovo', missing, admin)).json()).toMatchObject({
      fields: { ragsoc: expect.any(String) },
    });
  });

  it('area manager creates partners only inside their reach', async () => {
    const inside = await post('/api/partner/nuovo', { ...blank, ragsoc: 'Bergamasca S.r.l.' }, capoarea);
    expect(inside.json().res).toBe('OK');
    const away = { ...blank, ragsoc: 'Romana S.r.l.', state: 'RM', city: 'Roma', cap: '00184' };
    const refused = await post('/api/partner/nuovo', away, capoarea);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      capoarea: 'Il partner deve restare nella tua area: indica te come capo area o una tua provincia',
    });
    const mine = await post('/api/partner/nuovo', { ...away, capoarea: demoCa }, capoarea);
    expect(mine.json().res).toBe('OK');
    expect((await all('/api/partner_ca?state=RM', capoarea)).map((r) => r.uuid)).toContain(mine.json().uuid);
    expect((await post('/api/partner/nuovo', blank, rivenditore)).statusCode).toBe(403);
    expect((await post('/api/partner/nuovo', blank, posatore)).statusCode).toBe(403);
    expect((await post('/api/partner/nuovo', blank)).statusCode).toBe(401);
  });

  it('saves: admin anywhere, the area manager in reach, never beyond', async () => {
    const id = await caOnly();
    const current = (await get(`/api/partner/${id}`, admin)).json();
    const saved = await post(`/api/partner/${id}`, { ...current, phone: '02 999999', uuid: 'ignored' }, capoarea);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ res: 'OK' });
    expect((await get(`/api/partner/${id}`, admin)).json()).toMatchObject({ phone: '02 999999', uuid: id });
    // Moving it out of their reach is refused; the admin may.
    const away = { ...current, state: 'RM', capoarea: '' };
    expect((await post(`/api/partner/${id}`, away, capoarea)).statusCode).toBe(400);
    const far = await outsider();
    const farRecord = (await get(`/api/partner/${far}`, admin)).json();
    expect((await post(`/api/partner/${far}`, farRecord, capoarea)).statusCode).toBe(404);
    expect((await post(`/api/partner/${far}`, { ...farRecord, code: 'ADM1' }, admin)).json().res).toBe('OK');
    expect((await post(`/api/partner/${far}`, farRecord, posatore)).statusCode).toBe(403);
    expect((await post(`/api/partner/${NOBODY}`, farRecord, admin)).statusCode).toBe(404);
  });

  it('the reseller saves the partners assigned to them, without reassigning them, and reads the others', async () => {
    const id = await assignedToRiv();
    const current = (await get(`/api/partner/${id}`, rivenditore)).json();
    const res = await post(
      `/api/partner/${id}`,
      { ...current, website: 'www.aggiornato.it', capoarea: '', rivenditore: '' },
      rivenditore,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (await get(`/api/partner/${id}`, admin)).json();
    expect(after).toMatchObject({ website: 'www.aggiornato.it', rivenditore: demoRiv, capoarea: current.capoarea });
    const other = await areaOnly();
    const record = (await get(`/api/partner/${other}`, rivenditore)).json();
    const refused = await post(`/api/partner/${other}`, record, rivenditore);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ res: 'KO', reason: 'Operazione non consentita' });
    const far = await outsider();
    expect(
      (await post(`/api/partner/${far}`, (await get(`/api/partner/${far}`, admin)).json(), rivenditore)).statusCode,
    ).toBe(404);
  });
});

describe('partner logo', () => {
  it('goes through /api/saveimg/{uuid}/profile for whoever may save the partner', async () => {
    const id = await assignedToRiv();
    const up = await uploadLogo(id, admin);
    expect(up.statusCode, up.body).toBe(200);
    const url: string = up.json().path;
    expect(url).toMatch(new RegExp(`^/api/files/partners/${id}/profile/[a-z0-9-]+\\.webp$`));
    expect((await get(`/api/partner/${id}`, admin)).json().img).toBe(url);
    expect((await all('/api/partner')).find((r) => r.uuid === id)!.img).toBe(url);
    expect((await get(url, posatore)).statusCode).toBe(200);
    const send = uploadLogo;
    expect((await send(id, capoarea)).statusCode).toBe(200);
    expect((await send(id, rivenditore)).statusCode).toBe(200);
    expect((await send(await areaOnly(), rivenditore)).statusCode).toBe(403);
    expect((await send(await outsider(), rivenditore)).statusCode).toBe(404);
    expect((await send(await outsider(), capoarea)).statusCode).toBe(404);
    expect((await send(id, posatore)).statusCode).toBe(404);
  });
});

describe('deleting partners', () => {
  it('only admin and the area manager in reach delete', async () => {
    expect((await del(`/api/partner/${await areaOnly()}`, rivenditore)).statusCode).toBe(403);
    expect((await del(`/api/partner/${await areaOnly()}`, posatore)).statusCode).toBe(403);
    expect((await del(`/api/partner/${await outsider()}`, capoarea)).statusCode).toBe(404);
    expect((await del(`/api/partner/${NOBODY}`, admin)).statusCode).toBe(404);
    expect((await del(`/api/partner/${await outsider()}`)).statusCode).toBe(401);
    const id = await caOnly();
    expect((await del(`/api/partner/${id}`, capoarea)).json()).toEqual({ res: 'OK' });
    expect((await get(`/api/partner/${id}`, admin)).statusCode).toBe(404);
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
    expect((await uploadLogo(id, admin)).statusCode).toBe(200);
    const payments = (await get(`/api/partner/${id}/pagamenti`, admin)).json();
    expect(payments.length).toBeGreaterThan(0);
    const folder = path.join(ctx.config.dataDir, 'files', 'partners', id);
    expect(fs.readdirSync(path.join(folder, 'pagamenti')).length).toBe(payments.length);
    expect((await del(`/api/partner/${id}`, admin)).json()).toEqual({ res: 'OK' });
    expect(fs.existsSync(folder)).toBe(false);
    const left = await ctx.db.selectFrom('partner_payments').select('name').where('partner_uuid', '=', id).execute();
    expect(left).toEqual([]);
    expect((await get(payments[0].url, admin)).statusCode).toBe(404);
  });
});
