import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, loginEveryRole, type TestContext } from '../../helpers.ts';

let ctx: TestContext;
let admin: string;
let capoarea: string;
let riv: string;
let posatore: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, capoarea, riv, posatore] = await loginEveryRole(ctx.app);
});
afterAll(() => ctx.close());

type Result = { tipo: string; uuid: string; descri: string };
const search = (text: string, cookie?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/ricerca?pricerca=${encodeURIComponent(text)}`,
    headers: cookie ? { cookie } : {},
  });
const results = async (text: string, cookie: string) => (await search(text, cookie)).json() as Result[];
const uuids = (rows: Result[], tipo: string) => rows.filter((r) => r.tipo === tipo).map((r) => r.uuid);

describe('GET /api/ricerca', () => {
  it('answers 401 without a session and 400 under 3 characters', async () => {
    expect((await search('rossi')).statusCode).toBe(401);
    const short = await search('ro', admin);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ res: 'KO' });
    expect(short.json().reason).toContain('Scrivi almeno 3 caratteri per cercare');
    expect((await search('x'.repeat(101), admin)).statusCode).toBe(400);
  });

  it('finds people, companies and messages, at most 20 of each kind', async () => {
    const found = await results('ros', admin);
    expect(found.some((r) => r.tipo === 'pers' && r.descri.startsWith('Mario Rossi'))).toBe(true);
    for (const tipo of ['company', 'pers', 'msg']) expect(uuids(found, tipo).length).toBeLessThanOrEqual(20);
    const messages = await results('catalogo', admin);
    expect(messages).toContainEqual(expect.objectContaining({ tipo: 'msg', descri: 'Nuovo catalogo 2027' }));
    const companies = await results('ceramiche', admin);
    expect(uuids(companies, 'company').length).toBeGreaterThan(0);
  });

  it('gives each role only what it may see', async () => {
    // Every installer the reseller finds is one of theirs; the admin finds more.
    const everyone = uuids(await results('ros', admin), 'pers');
    const theirs = uuids(await results('ros', riv), 'pers');
    const own = (await ctx.app.inject({ method: 'GET', url: '/api/posatori4ri?size=200', headers: { cookie: riv } }))
      .json()
      .data.map((p: { uuid: string }) => p.uuid);
    for (const uuid of theirs) expect(own).toContain(uuid);
    expect(everyone.length).toBeGreaterThanOrEqual(theirs.length);
    // The area manager's partners are those of their list.
    const areaPartners = (
      await ctx.app.inject({ method: 'GET', url: '/api/partner_ca?size=200', headers: { cookie: capoarea } })
    )
      .json()
      .data.map((p: { uuid: string }) => p.uuid);
    for (const uuid of uuids(await results('ceramiche', capoarea), 'company')) expect(areaPartners).toContain(uuid);
    // An installer finds no one, only their own messages; a stranger's message never shows.
    const installer = await results('ros', posatore);
    expect(installer.filter((r) => r.tipo !== 'msg')).toEqual([]);
    expect(await results('Rinnovi partner', posatore)).toEqual([]);
    expect((await results('Rinnovi partner', admin)).map((r) => r.descri)).toContain('Rinnovi partner Lombardia');
    expect(await results('Rinnovi partner', riv)).toEqual([]);
    // Documents: the group's own; the resellers' conditions are not the installers'.
    expect((await results('condizioni', riv)).filter((r) => r.tipo === 'doc').map((r) => r.descri)).toEqual([
      'Condizioni commerciali rivenditori',
    ]);
    expect((await results('condizioni', posatore)).filter((r) => r.tipo === 'doc')).toEqual([]);
    expect((await results('listino', admin)).some((r) => r.tipo === 'doc')).toBe(true);
  });
});
