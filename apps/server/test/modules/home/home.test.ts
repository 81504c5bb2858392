import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInRome } from '../../../src/lib/clock.ts';
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

const get = async (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const count = async (where: (q: ReturnType<typeof coupons>) => ReturnType<typeof coupons>) =>
  Number(
    (
      await where(coupons())
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const coupons = () => ctx.db.selectFrom('coupons');

describe('GET /api/statohome', () => {
  it('answers 401 without a session', async () => {
    expect((await get('/api/statohome')).statusCode).toBe(401);
  });

  it('gives the admin the coupons used and expired and the installers registered', async () => {
    const today = todayInRome();
    const used = await count((q) => q.where('dtesecuzione', 'is not', null));
    const expired = await count((q) => q.where('dtesecuzione', 'is', null).where('scadenza', '<', today));
    const installers = Number(
      (
        await ctx.db
          .selectFrom('posatori')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await get('/api/statohome', admin);
    expect(res.json()).toEqual({ cusati: used, cposatori: installers, cscad: expired });
    expect(used).toBeGreaterThan(0);
    expect(expired).toBeGreaterThan(0);
  });

  it('follows a coupon being used at once (the cached count knows the table changed)', async () => {
    const before = (await get('/api/statohome', admin)).json();
    const open = await coupons()
      .select('uuid')
      .where('dtesecuzione', 'is', null)
      .where('scadenza', '<', todayInRome())
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('coupons').set({ dtesecuzione: todayInRome() }).where('uuid', '=', open.uuid).execute();
    expect((await get('/api/statohome', admin)).json()).toEqual({
      ...before,
      cusati: before.cusati + 1,
      cscad: before.cscad - 1,
    });
  });

  it('gives the area manager and the reseller the figures of their homes’ lists', async () => {
    const ca = (await get('/api/partner_ca2', capoarea)).json();
    expect((await get('/api/statohome', capoarea)).json()).toEqual({
      caziende: ca.caziende,
      criv: ca.criv,
      caziendescad: ca.caziendescad,
    });
    expect(ca.caziende).toBeGreaterThan(0);
    const ri = (await get('/api/posatori4ri_home', riv)).json();
    expect((await get('/api/statohome', riv)).json()).toEqual({ cposatori: ri.cposatori, ccopoun: ri.ccopoun });
    expect(ri.cposatori).toBeGreaterThan(0);
  });

  it('gives the installer no counters', async () => {
    expect((await get('/api/statohome', posatore)).json()).toEqual({});
  });
});
