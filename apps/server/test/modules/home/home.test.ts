import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInRome } from '../../../src/lib/clock.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

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
    expect((await as.anonymous.get('/api/statohome')).statusCode).toBe(401);
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
    const res = await as.admin.get('/api/statohome');
    expect(res.json()).toEqual({ cusati: used, cposatori: installers, cscad: expired });
    expect(used).toBeGreaterThan(0);
    expect(expired).toBeGreaterThan(0);
  });

  it('follows a coupon being used at once (the cached count knows the table changed)', async () => {
    const before = (await as.admin.get('/api/statohome')).json();
    const open = await coupons()
      .select('uuid')
      .where('dtesecuzione', 'is', null)
      .where('scadenza', '<', todayInRome())
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('coupons').set({ dtesecuzione: todayInRome() }).where('uuid', '=', open.uuid).execute();
    expect((await as.admin.get('/api/statohome')).json()).toEqual({
      ...before,
      cusati: before.cusati + 1,
      cscad: before.cscad - 1,
    });
  });

  it('gives the area manager and the reseller the figures of their homes’ lists', async () => {
    const ca = (await as.capoarea.get('/api/partner_ca2')).json();
    expect((await as.capoarea.get('/api/statohome')).json()).toEqual({
      caziende: ca.caziende,
      criv: ca.criv,
      caziendescad: ca.caziendescad,
    });
    expect(ca.caziende).toBeGreaterThan(0);
    const ri = (await as.rivenditore.get('/api/posatori4ri_home')).json();
    expect((await as.rivenditore.get('/api/statohome')).json()).toEqual({
      cposatori: ri.cposatori,
      ccopoun: ri.ccopoun,
    });
    expect(ri.cposatori).toBeGreaterThan(0);
  });

  it('gives the installer no counters', async () => {
    expect((await as.posatore.get('/api/statohome')).json()).toEqual({});
  });
});
