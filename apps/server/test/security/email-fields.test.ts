import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, personOfUser, sheetInstaller, type TestContext } from '../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../helpers-clients.ts';

/**
 * An e-mail field holds one address or nothing, on every path that saves one: a stored 'a@example.it, b@example.it'
 * sends the person's next notification to both.
 */

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

const LIST = 'a@example.it, spia@evil.example';
const NOT_VALID = 'Indirizzo e-mail non valido';

const get = async (url: string, client: ApiClient) => {
  const res = await client.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown>;
};

/** Sends the record the GET gave with the e-mail replaced, and expects the field refused with nothing stored. */
async function refused(url: string, record: Record<string, unknown>, client: ApiClient, message = NOT_VALID) {
  const res = await client.post(url, { ...record, email: LIST });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  expect(res.json().fields?.email ?? res.json().reason, url).toContain(message);
}

const emailsContaining = async (text: string) =>
  (
    await Promise.all(
      (['posatori', 'capoarea', 'rivenditori', 'admins', 'partners', 'users'] as const).map((table) =>
        ctx.db.selectFrom(table).select('email').where('email', 'like', `%${text}%`).execute(),
      ),
    )
  ).flat();

describe('every e-mail field takes one address', () => {
  it("the admin's installer save, whose other rules are off", async () => {
    const mario = await personOfUser(ctx.db, 'posatori', 'posatore');
    await refused(`/api/posatori/${mario}`, await get(`/api/posatori/${mario}`, as.admin), as.admin);
  });

  it("the installer's own save and the area manager's save of an installer", async () => {
    const mario = await personOfUser(ctx.db, 'posatori', 'posatore');
    await refused(`/api/posatori/${mario}`, await get(`/api/posatori/${mario}`, as.posatore), as.posatore);
    await refused(`/api/posatori/${mario}`, await get(`/api/posatori/${mario}`, as.capoarea), as.capoarea);
  });

  it('area managers, resellers and partners, created and saved', async () => {
    const ca = await personOfUser(ctx.db, 'capoarea', 'capoarea.nordest');
    const caRecord = await get(`/api/capoarea/${ca}`, as.admin);
    await refused(`/api/capoarea/${ca}`, caRecord, as.admin);
    await refused('/api/capoarea', caRecord, as.admin);
    const reseller = await personOfUser(ctx.db, 'rivenditori', 'rivenditore.bergamo');
    const rivRecord = await get(`/api/rivenditore/${reseller}`, as.admin);
    await refused(`/api/rivenditore/${reseller}`, rivRecord, as.admin);
    await refused('/api/riventitore', rivRecord, as.admin);
    const partner = await ctx.db.selectFrom('partners').select('uuid').limit(1).executeTakeFirstOrThrow();
    const partnerRecord = await get(`/api/partner/${partner.uuid}`, as.admin);
    await refused(`/api/partner/${partner.uuid}`, partnerRecord, as.admin);
    await refused('/api/partner/nuovo', partnerRecord, as.admin);
  });

  it('the own profiles of the admin, an area manager and a reseller', async () => {
    for (const client of [as.admin, as.capoarea, as.rivenditore]) {
      await refused('/api/myprofile', await get('/api/myprofile', client), client);
    }
  });

  it('an imported installer or company', async () => {
    const row = await as.admin.post('/api/imports/posatori', sheetInstaller(900, { email: LIST }));
    expect(row.statusCode, row.body).toBe(400);
    expect(row.json().reason).toContain(`EMAIL: ${NOT_VALID}`);
    const company = await as.admin.post('/api/imports/azienda', {
      code: 'CRM-MULTI',
      ragsoc: 'Multi Srl',
      email: LIST,
      phone: '',
      website: '',
      address: '',
      cap: '',
      city: '',
      state: '',
      dtstart: '',
      dtend: '',
    });
    expect(company.statusCode, company.body).toBe(400);
    expect(company.json().reason).toContain(NOT_VALID);
  });

  it('stored nothing on the way', async () => {
    expect(await emailsContaining('spia@evil')).toEqual([]);
  });
});
