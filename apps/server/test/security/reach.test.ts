import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, loginEveryRole, personOfUser, type TestContext } from '../helpers.ts';

/** Issue 8, item 6: reach cannot be self-granted, and an area manager assigns only within their reach. */

let ctx: TestContext;
let admin: string;
let capoarea: string;
let rivenditore: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, capoarea, rivenditore] = await loginEveryRole(ctx.app);
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const byUsername = (table: 'capoarea' | 'rivenditori', username: string) => personOfUser(ctx.db, table, username);

describe('a reseller cannot widen their reach from their own profile', () => {
  it('saving another province as their own does not make that province’s partners readable', async () => {
    const before = (await get('/api/partner_ri?size=1', rivenditore)).json().reccount;
    const rome = await ctx.db
      .selectFrom('partners')
      .select('uuid')
      .where('state', '=', 'RM')
      .where('rivenditore', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/partner/${rome.uuid}`, rivenditore)).statusCode).toBe(404);

    const own = (await get('/api/myprofile', rivenditore)).json();
    const saved = await post('/api/myprofile', { ...own, state: 'RM', city: 'Roma', cap: '00184' }, rivenditore);
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await get('/api/partner_ri?size=1', rivenditore)).json().reccount).toBe(before);
    expect((await get(`/api/partner/${rome.uuid}`, rivenditore)).statusCode).toBe(404);
    // Repeated with every province: still the same partners.
    for (const state of ['TO', 'NA', 'PA']) {
      await post('/api/myprofile', { ...own, state }, rivenditore);
      expect((await get('/api/partner_ri?size=1', rivenditore)).json().reccount).toBe(before);
    }
    await post('/api/myprofile', own, rivenditore);
  });
});

describe('an area manager assigns only within their reach', () => {
  const demoCa = () => byUsername('capoarea', 'capoarea');
  const otherCa = () => byUsername('capoarea', 'capoarea.sud');
  /** The demo reseller: assigned to the demo area manager's provinces. */
  const nearReseller = () => byUsername('rivenditori', 'rivenditore');
  /** A reseller in Palermo, out of the demo area manager's reach. */
  const farReseller = () => byUsername('rivenditori', 'rivenditore.palermo');

  it('installers: not to another area manager, not to a reseller out of reach', async () => {
    const mario = (
      await ctx.db.selectFrom('posatori').select('uuid').where('code', '=', 'POS0001').executeTakeFirstOrThrow()
    ).uuid;
    const record = (await get(`/api/posatori/${mario}`, capoarea)).json();

    const toOther = await post(`/api/posatori/${mario}`, { ...record, capoarea: await otherCa() }, capoarea);
    expect(toOther.statusCode).toBe(400);
    expect(toOther.json().fields).toEqual({ capoarea: 'Come capo area puoi indicare solo te stesso' });

    const toFar = await post(`/api/posatori/${mario}`, { ...record, rivenditore: await farReseller() }, capoarea);
    expect(toFar.statusCode).toBe(400);
    expect(toFar.json().fields).toEqual({ rivenditore: 'Il rivenditore non è nella tua area' });

    const rivPalermo = await ctx.db
      .selectFrom('users')
      .select('username')
      .where('username', '=', 'rivenditore.palermo')
      .executeTakeFirstOrThrow();
    expect(rivPalermo.username).toBe('rivenditore.palermo');
    const stored = await ctx.db
      .selectFrom('posatori')
      .select(['capoarea', 'rivenditore'])
      .where('uuid', '=', mario)
      .executeTakeFirstOrThrow();
    expect(stored.capoarea).toBe(await demoCa());
    expect(stored.rivenditore).toBe(await nearReseller());

    // Within reach: themselves, a reseller they reach, or nobody.
    const ok = await post(
      `/api/posatori/${mario}`,
      { ...record, capoarea: await demoCa(), rivenditore: await nearReseller() },
      capoarea,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    // The admin assigns anywhere.
    const byAdmin = await post(`/api/posatori/${mario}`, { ...record, rivenditore: await farReseller() }, admin);
    expect(byAdmin.statusCode).toBe(200);
    await post(`/api/posatori/${mario}`, record, admin);
  });

  it('partners: the same rule', async () => {
    const partner = await ctx.db
      .selectFrom('partners')
      .select('uuid')
      .where('state', '=', 'MI')
      .orderBy('ragsoc')
      .executeTakeFirstOrThrow();
    const record = (await get(`/api/partner/${partner.uuid}`, capoarea)).json();
    const toOther = await post(`/api/partner/${partner.uuid}`, { ...record, capoarea: await otherCa() }, capoarea);
    expect(toOther.statusCode).toBe(400);
    expect(toOther.json().fields.capoarea).toBe('Come capo area puoi indicare solo te stesso');
    const toFar = await post(`/api/partner/${partner.uuid}`, { ...record, rivenditore: await farReseller() }, capoarea);
    expect(toFar.statusCode).toBe(400);
    expect(toFar.json().fields.rivenditore).toBe('Il rivenditore non è nella tua area');
    // The far reseller still cannot read it.
    const palermo = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { user: 'rivenditore.palermo', pwd: 'portale-demo' },
    });
    const cookie = `portale_sid=${palermo.cookies.find((c) => c.name === 'portale_sid')?.value}`;
    expect((await get(`/api/partner/${partner.uuid}`, cookie)).statusCode).toBe(404);
  });
});
