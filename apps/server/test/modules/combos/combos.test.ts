import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provinces } from '@portal/shared/provinces';
import { posaOrders, posatoreStati } from '@portal/shared/schemas/posatori';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

type Option = { value: string; label: string };
const list = async (url: string): Promise<Option[]> => {
  const res = await as.posatore.get(url);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const combos = [
  '/api/qualifiche',
  '/api/cbocapoarea',
  '/api/cborivenditori',
  '/api/priolist',
  '/api/liststates',
  '/api/cbocorsi',
  '/api/cbotcoupons',
  '/api/cbotcoupons2',
  '/api/tipiposa',
  '/api/tipicert',
  '/api/cbostato',
  '/api/posaorder',
];

describe('combos', () => {
  it.each(combos)('%s answers 401 without a session', async (url) => {
    const res = await as.anonymous.get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ res: 'KO', reason: 'Accesso non effettuato' });
  });

  it.each(combos)('%s is a non-empty list of {value, label} strings with no empty value', async (url) => {
    const options = await list(url);
    expect(options.length).toBeGreaterThan(0);
    for (const o of options) {
      expect(Object.keys(o).sort()).toEqual(['label', 'value']);
      expect(typeof o.value).toBe('string');
      expect(o.value).not.toBe('');
      expect(o.label).not.toBe('');
    }
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });

  it('every role may read them', async () => {
    for (const client of [as.admin, as.capoarea, as.rivenditore, as.posatore]) {
      expect((await client.get('/api/qualifiche')).statusCode).toBe(200);
    }
  });

  it('qualifiche in their order', async () => {
    const options = await list('/api/qualifiche');
    expect(options.map((o) => o.value)).toEqual(['BASE', 'QUALIFICATO', 'ESPERTO', 'MASTER']);
    expect(options[0]).toEqual({ value: 'BASE', label: 'Base' });
  });

  it('liststates: the 107 provinces and EE, labelled for a typeahead', async () => {
    const states = await list('/api/liststates');
    expect(states).toHaveLength(108);
    expect(states).toHaveLength(provinces.length);
    expect(states).toContainEqual({ value: 'MI', label: 'MI - Milano' });
    expect(states).toContainEqual({ value: 'SU', label: 'SU - Sud Sardegna' });
    expect(states.at(-1)).toEqual({ value: 'EE', label: 'EE - Estero' });
  });

  it('cbocapoarea filters by the provinces of competence', async () => {
    const all = await list('/api/cbocapoarea');
    expect(all.map((o) => o.label)).toContain('Giorgio Valli');
    expect(all.length).toBe(6);
    expect((await list('/api/cbocapoarea?prov=BG')).map((o) => o.label)).toEqual(['Giorgio Valli']);
    expect((await list('/api/cbocapoarea?prov=VR')).map((o) => o.label)).toEqual(['Elisa Martini']);
    expect(await list('/api/cbocapoarea?prov=CA')).toEqual([]);
    expect(await list('/api/cbocapoarea?prov=')).toEqual(all);
    const demo = await ctx.db
      .selectFrom('capoarea')
      .select('uuid')
      .where('name', '=', 'Giorgio')
      .executeTakeFirstOrThrow();
    expect((await list('/api/cbocapoarea?prov=MI'))[0]!.value).toBe(demo.uuid);
  });

  it('cborivenditori filters by province', async () => {
    const mi = await list('/api/cborivenditori?prov=MI');
    expect(mi.map((o) => o.label)).toEqual(['Ceramiche Lombarde S.r.l.']);
    expect((await list('/api/cborivenditori?prov=MB')).map((o) => o.label)).toEqual(['Ceramiche Lombarde S.r.l.']);
    expect(await list('/api/cborivenditori?prov=AO')).toEqual([]);
    expect((await list('/api/cborivenditori')).length).toBe(13);
  });

  it('refuses a malformed province with a 400', async () => {
    const res = await as.posatore.get('/api/cbocapoarea?prov=milano');
    expect(res.statusCode).toBe(400);
    expect(res.json().res).toBe('KO');
  });

  it('coupon types: active only, or all with the disabled ones', async () => {
    const active = (await list('/api/cbotcoupons')).map((o) => o.label);
    const all = (await list('/api/cbotcoupons2')).map((o) => o.label);
    expect(active).not.toContain('Promo estate 2025');
    expect(all).toContain('Promo estate 2025');
    expect(all).toEqual(expect.arrayContaining(active));
    expect(all.length).toBe(active.length + 1);
  });

  it('cbostato, tipicert and posaorder match what the installer lists accept', async () => {
    expect((await list('/api/cbostato')).map((o) => o.value)).toEqual([...posatoreStati]);
    expect(await list('/api/cbostato')).toContainEqual({ value: 'SOSPESO', label: 'Sospeso' });
    expect((await list('/api/tipicert')).map((o) => o.value).sort()).toEqual(['0', '1']);
    expect((await list('/api/posaorder')).map((o) => o.value)).toEqual([...posaOrders]);
  });
});
