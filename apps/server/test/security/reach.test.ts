import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, personOfUser, type TestContext } from '../helpers.ts';
import { loginAs, type RoleClients } from '../helpers-clients.ts';

/** Reach cannot be self-granted, and an area manager assigns only within their reach. */

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

const byUsername = (table: 'capoarea' | 'rivenditori', username: string) => personOfUser(ctx.db, table, username);

describe('a reseller cannot widen their reach from their own profile', () => {
  it('saving another province as their own does not make that province’s partners readable', async () => {
    const before = (await as.rivenditore.get('/api/partner_ri?size=1')).json().reccount;
    const rome = await ctx.db
      .selectFrom('partners')
      .select('uuid')
      .where('state', '=', 'RM')
      .where('rivenditore', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await as.rivenditore.get(`/api/partner/${rome.uuid}`)).statusCode).toBe(404);

    const own = (await as.rivenditore.get('/api/myprofile')).json();
    const saved = await as.rivenditore.post('/api/myprofile', { ...own, state: 'RM', city: 'Roma', cap: '00184' });
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await as.rivenditore.get('/api/partner_ri?size=1')).json().reccount).toBe(before);
    expect((await as.rivenditore.get(`/api/partner/${rome.uuid}`)).statusCode).toBe(404);
    // Repeated with every province: still the same partners.
    for (const state of ['TO', 'NA', 'PA']) {
      await as.rivenditore.post('/api/myprofile', { ...own, state });
      expect((await as.rivenditore.get('/api/partner_ri?size=1')).json().reccount).toBe(before);
    }
    await as.rivenditore.post('/api/myprofile', own);
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
    const record = (await as.capoarea.get(`/api/posatori/${mario}`)).json();

    const toOther = await as.capoarea.post(`/api/posatori/${mario}`, { ...record, capoarea: await otherCa() });
    expect(toOther.statusCode).toBe(400);
    expect(toOther.json().fields).toEqual({ capoarea: 'Come capo area puoi indicare solo te stesso' });

    const toFar = await as.capoarea.post(`/api/posatori/${mario}`, { ...record, rivenditore: await farReseller() });
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
    const ok = await as.capoarea.post(`/api/posatori/${mario}`, {
      ...record,
      capoarea: await demoCa(),
      rivenditore: await nearReseller(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // The admin assigns anywhere.
    const byAdmin = await as.admin.post(`/api/posatori/${mario}`, { ...record, rivenditore: await farReseller() });
    expect(byAdmin.statusCode).toBe(200);
    await as.admin.post(`/api/posatori/${mario}`, record);
  });

  it('partners: the same rule', async () => {
    const partner = await ctx.db
      .selectFrom('partners')
      .select('uuid')
      .where('state', '=', 'MI')
      .orderBy('ragsoc')
      .executeTakeFirstOrThrow();
    const record = (await as.capoarea.get(`/api/partner/${partner.uuid}`)).json();
    const toOther = await as.capoarea.post(`/api/partner/${partner.uuid}`, { ...record, capoarea: await otherCa() });
    expect(toOther.statusCode).toBe(400);
    expect(toOther.json().fields.capoarea).toBe('Come capo area puoi indicare solo te stesso');
    const toFar = await as.capoarea.post(`/api/partner/${partner.uuid}`, {
      ...record,
      rivenditore: await farReseller(),
    });
    expect(toFar.statusCode).toBe(400);
    expect(toFar.json().fields.rivenditore).toBe('Il rivenditore non è nella tua area');
    // The far reseller still cannot read it.
    const palermo = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { user: 'rivenditore.palermo', pwd: 'portale-demo' },
    });
    const cookie = `portale_sid=${palermo.cookies.find((c) => c.name === 'portale_sid')?.value}`;
    expect((await as.withCookie(cookie).get(`/api/partner/${partner.uuid}`)).statusCode).toBe(404);
  });
});
