import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponCodeFrom, normalizeCouponCode } from '@portal/shared/validation/coupon-code';
import { addDays, addMonths, todayInRome } from '../../../src/lib/clock.ts';
import { noCouponTotals, type PosatoreStato } from '../../../src/modules/posatori/posatori.table.ts';
import { createTestContext, personOfUser, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
let mario: string;
let demoRiv: string;
let tipo: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
  demoRiv = await personOfUser(ctx.db, 'rivenditori', 'rivenditore');
  const created = await as.admin.post('/api/tcoupon/nuovo', {
    tipo: 'Test assegnazione',
    valore: 20,
    descri: '',
    colore: '#1976d2',
    ncoupon: 2,
    minima: 0,
    mesi: 6,
  });
  tipo = (created.json() as { uuid: string }).uuid;
});
afterAll(() => ctx.close());

type Coupon = { uuid: string; code: string; stato: string; scadenza: string; dtesecuzione: string; valore: number };
type Page = {
  data: Coupon[];
  reccount: number;
  pages: number;
  posatore: string;
  totals: Record<'tot' | 'valid' | 'used' | 'expired', { n: number; valore: number }>;
};
const couponsOf = async (uuid: string, client: ApiClient = as.admin, query = '?size=200') =>
  (await client.get(`/api/coupons/${uuid}${query}`)).json() as Page;
const held = async (uuid: string) =>
  (await ctx.db.selectFrom('posatori').select('coupon').where('uuid', '=', uuid).executeTakeFirstOrThrow()).coupon;

/** A fresh installer of the demo reseller, in Milan, with no coupons. */
async function installer(o: { stato?: PosatoreStato; rivenditore?: string | null; state?: string } = {}) {
  const template = await ctx.db.selectFrom('posatori').selectAll().where('uuid', '=', mario).executeTakeFirstOrThrow();
  const uuid = crypto.randomUUID();
  const code = `CPT${uuid.slice(0, 8)}`;
  await ctx.db
    .insertInto('posatori')
    .values({
      ...template,
      uuid,
      user_uuid: null,
      userstato: 'none',
      code,
      code_key: code.toLowerCase(),
      ...noCouponTotals,
      stato: o.stato ?? 'OK',
      rivenditore: o.rivenditore === undefined ? demoRiv : o.rivenditore,
      ...(o.state ? { state: o.state, capoarea: null } : {}),
    })
    .execute();
  return uuid;
}
const assign = async (someone: string, type = tipo) => {
  const res = await as.admin.post('/api/assegnacoupon', { tipo: type, posatore: someone });
  expect(res.statusCode).toBe(200);
  return (await couponsOf(someone)).data;
};
const redeem = (posatoreUuid: string, code: string, client: ApiClient = as.rivenditore) =>
  client.post(`/api/posatori/${posatoreUuid}/coupon`, { code });

describe('assigning coupons', () => {
  it('gives one installer the type’s ncoupon coupons, expiring today + its months', async () => {
    const p = await installer();
    const reply = await as.admin.post('/api/assegnacoupon', { tipo, posatore: p });
    expect(reply.json()).toEqual({ res: 'OK', posatori: 1, coupon: 2 });
    const page = await couponsOf(p);
    expect(page.data).toHaveLength(2);
    for (const c of page.data) {
      expect(c).toMatchObject({ stato: 'valid', valore: 20, dtesecuzione: '', scadenza: addMonths(todayInRome(), 6) });
      expect(normalizeCouponCode(c.code)).toBe(c.code);
    }
    expect(new Set(page.data.map((c) => c.code)).size).toBe(2);
    expect(await held(p)).toBe(2);
    expect(page.totals.valid).toEqual({ n: 2, valore: 40 });
  });

  it('gives every installer of a filtered list their coupons in one step', async () => {
    const listed = (await as.admin.get('/api/posatori?state=BG&size=200')).json() as {
      reccount: number;
      data: { uuid: string; coupon: number }[];
    };
    expect(listed.reccount).toBeGreaterThan(0);
    const reply = await as.admin.post('/api/assegnacoupon', { tipo, filtro: { state: 'BG' } });
    expect(reply.json()).toEqual({ res: 'OK', posatori: listed.reccount, coupon: listed.reccount * 2 });
    const after = (await as.admin.get('/api/posatori?state=BG&size=200')).json() as typeof listed;
    for (const row of after.data) {
      expect(row.coupon).toBe((listed.data.find((r) => r.uuid === row.uuid)?.coupon ?? -99) + 2);
    }
  });

  it('refuses a disabled or unknown type, and an unknown installer', async () => {
    const promo = ((await as.admin.get('/api/tcoupons')).json() as { uuid: string; disattiva: boolean }[]).find(
      (t) => t.disattiva,
    );
    const p = await installer();
    const disabled = await as.admin.post('/api/assegnacoupon', { tipo: promo?.uuid, posatore: p });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json()).toMatchObject({ reason: 'Tipo coupon disattivato' });
    const unknown = await as.admin.post('/api/assegnacoupon', { tipo: crypto.randomUUID(), posatore: p });
    expect(unknown.statusCode).toBe(400);
    expect((await as.admin.post('/api/assegnacoupon', { tipo, posatore: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await as.admin.post('/api/assegnacoupon', { tipo })).statusCode).toBe(400);
    expect((await as.admin.post('/api/assegnacoupon', { tipo, filtro: { state: 'Milano' } })).statusCode).toBe(400);
    expect(await held(p)).toBe(0);
  });
});

describe('reading coupons', () => {
  it('lists valid coupons first with the totals of every state', async () => {
    const page = await couponsOf(mario);
    expect(page.posatore).toBe('Mario Rossi');
    const states = page.data.map((c) => c.stato);
    expect(states.indexOf('used')).toBeGreaterThan(states.lastIndexOf('valid'));
    expect(page.totals.tot.n).toBe(page.reccount);
    expect(page.totals.valid.n + page.totals.used.n + page.totals.expired.n).toBe(page.totals.tot.n);
    const valid = page.data.filter((c) => c.stato === 'valid').map((c) => c.scadenza);
    expect(valid).toEqual([...valid].sort());
  });

  it('pages the list', async () => {
    const first = await couponsOf(mario, as.admin, '?size=2&page=1');
    expect(first.data).toHaveLength(2);
    expect(first.pages).toBe(Math.ceil(first.reccount / 2));
    const second = await couponsOf(mario, as.admin, '?size=2&page=2');
    expect(second.data[0]?.uuid).not.toBe(first.data[0]?.uuid);
    expect((await as.admin.get(`/api/coupons/${mario}?size=0`)).statusCode).toBe(400);
  });

  it('lets the area manager and the installer read, read-only, only what is theirs', async () => {
    expect((await as.capoarea.get(`/api/readcoupons/${mario}`)).statusCode).toBe(200);
    expect((await as.posatore.get(`/api/readcoupons/${mario}`)).statusCode).toBe(200);
    expect((await as.capoarea.get(`/api/coupons/${mario}`)).statusCode).toBe(403);
    expect((await as.rivenditore.get(`/api/readcoupons/${mario}`)).statusCode).toBe(403);
    const stranger = await installer({ state: 'PA', rivenditore: null });
    expect((await as.posatore.get(`/api/readcoupons/${stranger}`)).statusCode).toBe(404);
    expect((await as.capoarea.get(`/api/readcoupons/${stranger}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/readcoupons/${stranger}`)).statusCode).toBe(200);
    expect((await as.admin.get(`/api/coupons/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('changing coupons', () => {
  it('changes type (its value follows) and expiry while not redeemed; renewal is today + 90 days', async () => {
    const p = await installer();
    const [c] = await assign(p);
    const base = (
      (await as.admin.get('/api/tcoupons')).json() as { uuid: string; tipo: string; valore: number }[]
    ).find((t) => t.tipo === 'Corso base');
    expect((await as.admin.post(`/api/setcoupon/${c?.uuid}`, { ptipo: base?.uuid })).statusCode).toBe(200);
    const renewed = addDays(todayInRome(), 90);
    expect((await as.admin.post(`/api/setcoupon/${c?.uuid}`, { pscadenza: renewed })).statusCode).toBe(200);
    const after = (await couponsOf(p)).data.find((x) => x.uuid === c?.uuid);
    expect(after).toMatchObject({ valore: base?.valore, scadenza: renewed });
    const trail = (await as.admin.get(`/api/audit?entity=coupon&id=${c?.uuid}`)).json() as {
      data: { action: string; changes: { field: string; after: string | null }[] }[];
    };
    expect(trail.data.map((r) => r.action)).toEqual(['modifica', 'modifica']);
    expect(trail.data[0]?.changes).toEqual([{ field: 'scadenza', before: c?.scadenza, after: renewed }]);
  });

  it('refuses bad changes with a reason', async () => {
    const p = await installer();
    const [c] = await assign(p);
    const bad = await as.admin.post(`/api/setcoupon/${c?.uuid}`, { pscadenza: '2027-02-30' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { reason: string }).reason).toMatch(/data/i);
    expect(
      (await as.admin.post(`/api/setcoupon/${c?.uuid}`, { ptipo: tipo, pscadenza: '2030-01-01' })).statusCode,
    ).toBe(400);
    expect((await as.admin.post(`/api/setcoupon/${c?.uuid}`, {})).statusCode).toBe(400);
    expect((await as.admin.post(`/api/setcoupon/${crypto.randomUUID()}`, { pscadenza: '2030-01-01' })).statusCode).toBe(
      404,
    );
  });

  it('deletes a coupon not redeemed, and locks a redeemed one', async () => {
    const p = await installer();
    const [a, b] = await assign(p);
    expect((await as.admin.delete(`/api/coupon/${a?.uuid}`)).statusCode).toBe(200);
    expect(await held(p)).toBe(1);
    expect((await redeem(p, b?.code ?? '')).json()).toMatchObject({ res: 'OK' });
    const locked = [
      await as.admin.delete(`/api/coupon/${b?.uuid}`),
      await as.admin.post(`/api/setcoupon/${b?.uuid}`, { pscadenza: '2030-01-01' }),
      await as.admin.post(`/api/setcoupon/${b?.uuid}`, { ptipo: tipo }),
    ];
    for (const res of locked) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ reason: 'Coupon già utilizzato: non si può modificare né eliminare' });
    }
    expect(await held(p)).toBe(1);
  });
});

describe('redeeming at the reseller’s counter', () => {
  it('redeems a valid code once, typed in any case and without the dash', async () => {
    const p = await installer();
    const [c] = await assign(p);
    const typed = (c?.code ?? '').replace('-', '').toLowerCase();
    expect((await redeem(p, typed)).json()).toEqual({ res: 'OK', code: c?.code });
    const after = (await couponsOf(p)).data.find((x) => x.uuid === c?.uuid);
    expect(after).toMatchObject({ stato: 'used', dtesecuzione: todayInRome() });
    expect((await redeem(p, c?.code ?? '')).json()).toEqual({ res: 'KO', code: c?.code, reason: 'Coupon non valido' });
    // The audit trail says who redeemed it, once: the refused second try wrote nothing.
    const trail = (await as.admin.get(`/api/audit?entity=coupon&id=${c?.uuid}`)).json() as {
      data: { action: string; actorName: string; changes: { field: string; after: string | null }[] }[];
    };
    expect(trail.data).toHaveLength(1);
    expect(trail.data[0]).toMatchObject({ action: 'coupon-usato', actorName: 'rivenditore' });
    expect(trail.data[0]?.changes).toContainEqual({ field: 'posatore', before: null, after: p });
  });

  it('says only "Coupon non valido" for another installer’s, an expired, a disabled-type or a suspended one', async () => {
    const p = await installer();
    const other = await installer();
    const [mine] = await assign(p);
    const [theirs] = await assign(other);
    const ko = { res: 'KO', reason: 'Coupon non valido' };
    expect((await redeem(p, theirs?.code ?? '')).json()).toMatchObject(ko);

    await as.admin.post(`/api/setcoupon/${mine?.uuid}`, { pscadenza: addDays(todayInRome(), -1) });
    expect((await redeem(p, mine?.code ?? '')).json()).toMatchObject(ko);
    await as.admin.post(`/api/setcoupon/${mine?.uuid}`, { pscadenza: todayInRome() });

    await as.admin.post(`/api/disabletcoupon/${tipo}`, {});
    expect((await redeem(p, mine?.code ?? '')).json()).toMatchObject(ko);
    await as.admin.post(`/api/enabletcoupon/${tipo}`, {});

    await as.admin.post(`/api/posatori/${p}/sospensione`, { sospeso: true });
    expect((await redeem(p, mine?.code ?? '')).json()).toMatchObject(ko);
    await as.admin.post(`/api/posatori/${p}/sospensione`, { sospeso: false });

    // Expiring today is still valid today.
    expect((await redeem(p, mine?.code ?? '')).json()).toMatchObject({ res: 'OK' });
  });

  it('says "Coupon non valido" for an installer whose profile is INCOMPLETO, and redeems once it is in order', async () => {
    const p = await installer({ stato: 'INCOMPLETO' });
    const [c] = await assign(p);
    expect((await redeem(p, c?.code ?? '')).json()).toEqual({ res: 'KO', code: c?.code, reason: 'Coupon non valido' });
    expect((await couponsOf(p)).data.find((x) => x.uuid === c?.uuid)).toMatchObject({ stato: 'valid' });
    await ctx.db.updateTable('posatori').set({ stato: 'OK' }).where('uuid', '=', p).execute();
    expect((await redeem(p, c?.code ?? '')).json()).toEqual({ res: 'OK', code: c?.code });
  });

  it('refuses a mistyped code before the database, and installers out of the reseller’s reach', async () => {
    const p = await installer();
    const [c] = await assign(p);
    const code = c?.code ?? '';
    const typo = `${code.slice(0, 10)}${code.endsWith('2') ? '3' : '2'}`;
    const res = await redeem(p, typo);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ res: 'KO', reason: 'Coupon non valido' });
    expect((await redeem(p, 'x'.repeat(500))).statusCode).toBe(400);
    const elsewhere = await installer({ rivenditore: null });
    expect((await redeem(elsewhere, code)).statusCode).toBe(404);
    expect((await redeem(p, code, as.admin)).statusCode).toBe(403);
    expect((await redeem(p, code, as.posatore)).statusCode).toBe(403);
  });

  it('gives exactly one success to 50 parallel redemptions of one code', async () => {
    const p = await installer();
    const [c] = await assign(p);
    const replies = await Promise.all(Array.from({ length: 50 }, () => redeem(p, c?.code ?? '')));
    const ok = replies.filter((r) => (r.json() as { res: string }).res === 'OK');
    expect(ok).toHaveLength(1);
    const row = await ctx.db
      .selectFrom('coupons')
      .selectAll()
      .where('uuid', '=', c?.uuid ?? '')
      .executeTakeFirstOrThrow();
    expect(row.rivenditore).toBe(demoRiv);
  });

  it('counts every one of an installer’s coupons redeemed at the same time in the registry’s figures', async () => {
    const p = await installer();
    await assign(p);
    const coupons = await assign(p);
    expect(coupons).toHaveLength(4);
    // The other tests' wrong codes must not pause this reseller.
    await ctx.db.deleteFrom('login_failures').where('key', 'like', 'coupon:%').execute();
    const replies = await Promise.all(coupons.map((c) => redeem(p, c.code)));
    expect(replies.map((r) => (r.json() as { res: string }).res)).toEqual(['OK', 'OK', 'OK', 'OK']);
    const res = await as.admin.get('/api/export');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0] ?? ''] ?? {});
    const code = (await ctx.db.selectFrom('posatori').select('code').where('uuid', '=', p).executeTakeFirstOrThrow())
      .code;
    expect(rows.find((r) => r.CODICE === code)).toMatchObject({
      'COUPON TOTALI': 4,
      'COUPON UTILIZZATI': 4,
      'COUPON VALIDI': 0,
      'COUPON SCADUTI': 0,
    });
  });

  it('pauses a reseller after 10 wrong codes in 15 minutes, even for a right one', async () => {
    // A reseller of its own, so the other tests' wrong codes do not count.
    const p = await installer();
    const [c] = await assign(p);
    const client = await as.login('rivenditore', undefined, '10.0.0.77');
    await ctx.db.deleteFrom('login_failures').where('key', 'like', 'coupon:%').execute();
    for (let i = 0; i < 10; i++) {
      const wrong = couponCodeFrom([i, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect((await redeem(p, wrong, client)).json()).toMatchObject({ reason: 'Coupon non valido' });
    }
    const paused = (await redeem(p, c?.code ?? '', client)).json();
    expect(paused).toMatchObject({ res: 'KO', reason: 'Troppi codici non validi: riprova tra 15 minuti' });
    await ctx.db.deleteFrom('login_failures').where('key', 'like', 'coupon:%').execute();
    expect((await redeem(p, c?.code ?? '', client)).json()).toMatchObject({ res: 'OK' });
  });
});
