import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, personOfUser, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { readPdf } from './pdf-reader.ts';

let ctx: TestContext;
let as: RoleClients;
let mario: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
});
afterAll(() => ctx.close());

async function pdfOf(url: string, client: ApiClient) {
  const res = await client.get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('private, no-store');
  return { res, ...(await readPdf(res.rawPayload)) };
}

type Coupon = { uuid: string; code: string; stato: string; tipodisattivo: boolean };
const marioCoupons = async () =>
  ((await as.admin.get(`/api/coupons/${mario}?size=200`)).json() as { data: Coupon[] }).data;

describe('the list of reports (/api/reports)', () => {
  it('names the three reports and the form each prints', async () => {
    const res = await as.admin.get('/api/reports');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { id: string; titolo: string; form: string }[] };
    expect(data.map((r) => [r.id, r.titolo, r.form])).toEqual([
      ['posatore', 'Scheda posatore', 'posatore'],
      ['coupon', 'Buono coupon', 'coupon'],
      ['pagamenti', 'Riepilogo pagamenti partner', 'partner'],
    ]);
  });

  it('is the admin’s only', async () => {
    for (const client of [as.capoarea, as.rivenditore, as.posatore])
      expect((await client.get('/api/reports')).statusCode).toBe(403);
    expect((await as.anonymous.get('/api/reports')).statusCode).toBe(401);
  });
});

describe('the installer’s profile sheet (/api/report/posatore/{id})', () => {
  it('prints the profile form’s data, with the names of the area manager and the reseller', async () => {
    const profile = (await as.admin.get(`/api/posatori/${mario}`)).json() as Record<string, string>;
    const { res, text, pages } = await pdfOf(`/api/report/posatore/${mario}`, as.admin);
    expect(pages).toBe(1);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="scheda-mario-rossi\.pdf"/);
    expect(text).toContain('Scheda posatore');
    expect(text).toContain('Mario Rossi');
    for (const key of ['codfis', 'city', 'email', 'code']) expect(text).toContain(profile[key]);
    expect(text).toContain('Capo area Giorgio');
    expect(text).toMatch(/Rivenditore \S/);
    expect(text).toMatch(/generato il \d{2}\/\d{2}\/\d{4}/);
  });

  it('is the installer’s own too, and nobody’s out of reach', async () => {
    await pdfOf(`/api/report/posatore/${mario}`, as.posatore);
    const other = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('uuid', '!=', mario)
      .executeTakeFirstOrThrow();
    expect((await as.posatore.get(`/api/report/posatore/${other.uuid}`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/report/posatore/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('refuses an id that is no uuid with a message', async () => {
    const res = await as.admin.get('/api/report/posatore/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ res: 'KO', reason: expect.stringMatching(/non valido/) });
  });
});

describe('the coupon voucher (/api/report/coupon/{id})', () => {
  it('prints type, value, expiry and code, and its QR decodes to the code', async () => {
    const valid = (await marioCoupons()).find((c) => c.stato === 'valid' && !c.tipodisattivo);
    if (!valid) throw new Error('the demo installer has a valid coupon');
    const { res, text, qr } = await pdfOf(`/api/report/coupon/${valid.uuid}`, as.posatore);
    expect(res.headers['content-disposition']).toContain(`filename="coupon-${valid.code}.pdf"`);
    expect(text).toContain('Buono coupon');
    expect(text).toContain(valid.code);
    expect(text).toMatch(/Valido fino al \d{2}\/\d{2}\/\d{4}/);
    expect(text).toMatch(/\d+,\d{2} €/);
    expect(qr).toBe(valid.code);
  });

  it('a used or expired coupon prints its state and no QR', async () => {
    const coupons = await marioCoupons();
    for (const stato of ['used', 'expired']) {
      const c = coupons.find((x) => x.stato === stato);
      if (!c) throw new Error(`the demo installer has a ${stato} coupon`);
      const { text, qr } = await pdfOf(`/api/report/coupon/${c.uuid}`, as.admin);
      expect(text).toContain(stato === 'used' ? 'Utilizzato il' : 'Scaduto il');
      expect(text).toContain('Coupon non più utilizzabile');
      expect(qr).toBeNull();
    }
  });

  it('a reseller gets 403, an area manager out of reach and an unknown coupon 404', async () => {
    const [c] = await marioCoupons();
    if (!c) throw new Error('coupons');
    expect((await as.rivenditore.get(`/api/report/coupon/${c.uuid}`)).statusCode).toBe(403);
    expect((await as.admin.get(`/api/report/coupon/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await as.anonymous.get(`/api/report/coupon/${c.uuid}`)).statusCode).toBe(401);
  });
});

describe('the partner’s payment summary (/api/report/pagamenti/{id})', () => {
  it('lists each payment with date and amount, and the total', async () => {
    const partner = await ctx.db.selectFrom('partners').select(['uuid', 'ragsoc']).executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('partner_payments').where('partner_uuid', '=', partner.uuid).execute();
    const now = new Date().toISOString();
    const payment = (name: string, dtrinnovo: string, fatturato: number) => ({
      name,
      partner_uuid: partner.uuid,
      dtrinnovo,
      fatturato,
      file: '',
      filename: '',
      created_at: now,
      updated_at: now,
    });
    await ctx.db
      .insertInto('partner_payments')
      .values([payment('p-1', '2025-03-15', 123456), payment('p-2', '2026-03-15', 50)])
      .execute();
    const { text } = await pdfOf(`/api/report/pagamenti/${partner.uuid}`, as.admin);
    expect(text).toContain('Riepilogo pagamenti');
    expect(text).toContain(partner.ragsoc);
    expect(text).toContain('15/03/2025');
    expect(text).toContain('1234,56 €'); // as the screens show it (it-IT groups from 10.000)
    expect(text).toContain('0,50 €');
    expect(text).toContain('Totale (2 pagamenti)');
    expect(text).toContain('1235,06 €');
  });

  it('says so when there is no payment, and is refused to resellers and installers', async () => {
    const partner = await ctx.db.selectFrom('partners').select('uuid').limit(1).offset(1).executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('partner_payments').where('partner_uuid', '=', partner.uuid).execute();
    const { text } = await pdfOf(`/api/report/pagamenti/${partner.uuid}`, as.admin);
    expect(text).toContain('Nessun pagamento registrato.');
    expect((await as.rivenditore.get(`/api/report/pagamenti/${partner.uuid}`)).statusCode).toBe(403);
    expect((await as.posatore.get(`/api/report/pagamenti/${partner.uuid}`)).statusCode).toBe(403);
  });
});
