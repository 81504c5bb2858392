import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, todayInRome } from '../../../src/lib/clock.ts';
import { isPdf, simplePdf } from '../../../src/lib/pdf-files.ts';
import { createTestContext, storedKeys, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { multipart } from '../../multipart.ts';

let ctx: TestContext;
let as: RoleClients;
/** In the demo area manager's reach and the demo reseller's area (Milan). */
let mine: string;
/** Out of the demo area manager's reach. */
let far: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mine = (
    await ctx.db
      .selectFrom('partners')
      .select('uuid')
      .where('state', '=', 'MI')
      .orderBy('code')
      .executeTakeFirstOrThrow()
  ).uuid;
  const demoCa = await ctx.db
    .selectFrom('capoarea')
    .innerJoin('users', 'users.uuid', 'capoarea.user_uuid')
    .select('capoarea.uuid')
    .where('users.username', '=', 'capoarea')
    .executeTakeFirstOrThrow();
  far = (
    await ctx.db
      .selectFrom('partners')
      .select('uuid')
      .where('state', 'not in', ['MI', 'BG', 'BS', 'MB'])
      .where((eb) => eb.or([eb('capoarea', 'is', null), eb('capoarea', '<>', demoCa.uuid)]))
      .orderBy('code')
      .executeTakeFirstOrThrow()
  ).uuid;
});
afterAll(() => ctx.close());

const NOBODY = '00000000-0000-4000-8000-000000000000';
/** The partner's newest audit entry of this action: who, and the fields. */
const lastEntry = async (partner: string, action: string) => {
  const row = await ctx.db
    .selectFrom('audit_log')
    .select(['actor_name', 'changes'])
    .where('entity', '=', 'partner')
    .where('entity_id', '=', partner)
    .where('action', '=', action)
    .orderBy('at', 'desc')
    .orderBy('uuid', 'desc')
    .executeTakeFirst();
  return row && { by: row.actor_name, changes: JSON.parse(row.changes) as unknown[] };
};
const NON_PDF = 'Il file non è un PDF valido';

type Payment = { name: string; dtrinnovo: string; fatturato: number; url: string };

/** The payment upload form: the PDF as `file`, its name as `filename`, and optional date and amount. */
const pdfForm = (data: Buffer | string, extra: Record<string, string> = {}, filename = 'ricevuta.pdf') =>
  multipart([
    { name: 'file', filename, contentType: 'application/pdf', data },
    { name: 'filename', data: filename },
    ...Object.entries(extra).map(([name, value]) => ({ name, data: value })),
  ]);
const upload = (partner: string, form: ReturnType<typeof multipart>, client: ApiClient = as.anonymous) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/caricapag/${partner}`,
    payload: form.payload,
    headers: { ...form.headers, ...(client.cookie ? { cookie: client.cookie } : {}) },
  });
const payments = async (partner: string, client: ApiClient = as.admin): Promise<Payment[]> => {
  const res = await client.get(`/api/partner/${partner}/pagamenti`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const partnerRow = (uuid: string) =>
  ctx.db.selectFrom('partners').select(['dtrinnovo', 'dtscad']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

const receipt = simplePdf(['Ricevuta di prova', 'Importo: 1.234,56 EUR']);

describe('demo payments', () => {
  it('are listed newest first with real PDFs behind their links', async () => {
    const withPayments = await ctx.db
      .selectFrom('partner_payments')
      .select('partner_uuid')
      .groupBy('partner_uuid')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .orderBy('partner_uuid')
      .executeTakeFirstOrThrow();
    const list = await payments(withPayments.partner_uuid);
    expect(list.length).toBeGreaterThan(1);
    expect(Object.keys(list[0]!).sort()).toEqual(['dtrinnovo', 'fatturato', 'name', 'url']);
    const dates = list.map((p) => p.dtrinnovo);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const p of list) {
      expect(p.dtrinnovo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isInteger(Math.round(p.fatturato * 100))).toBe(true);
      const file = await as.admin.get(p.url);
      expect(file.statusCode).toBe(200);
      expect(isPdf(file.rawPayload)).toBe(true);
    }
    const partner = await partnerRow(withPayments.partner_uuid);
    expect(partner.dtrinnovo).toBe(dates[0]);
    expect(partner.dtscad).toBe(addMonths(dates[0]!, 12));
  });
});

describe('uploading a payment PDF', () => {
  it('accepts a real PDF, dated today with amount 0 unless the form says otherwise', async () => {
    const res = await upload(mine, pdfForm(receipt), as.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ res: 'OK', dtrinnovo: todayInRome(), fatturato: 0 });
    expect(body.name).toMatch(/^[a-z0-9-]+$/);
    expect(body.url).toBe(`/api/partner/${mine}/pagamenti/${body.name}/pdf`);
    expect((await payments(mine)).map((p) => p.name)).toContain(body.name);
    const file = await as.admin.get(body.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`inline; filename="ricevuta.pdf"; filename*=UTF-8''ricevuta.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(receipt)).toBe(true);
    // The renewal is today: the partner is renewed for a year.
    expect(await partnerRow(mine)).toEqual({ dtrinnovo: todayInRome(), dtscad: addMonths(todayInRome(), 12) });
  });

  it('takes the renewal date and the amount from the form, with a decimal comma too', async () => {
    const res = await upload(mine, pdfForm(receipt, { dtrinnovo: '2024-05-10', fatturato: '1234,56' }), as.capoarea);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dtrinnovo: '2024-05-10', fatturato: 1234.56 });
    const stored = await ctx.db
      .selectFrom('partner_payments')
      .select('fatturato')
      .where('name', '=', res.json().name)
      .executeTakeFirstOrThrow();
    expect(stored.fatturato).toBe(123456);
    expect(await lastEntry(mine, 'pagamento-registrato')).toEqual({
      by: 'capoarea',
      changes: [
        { field: 'dtrinnovo', before: null, after: '2024-05-10' },
        { field: 'fatturato', before: null, after: '1234.56' },
        { field: 'filename', before: null, after: 'ricevuta.pdf' },
      ],
    });
    const bad = await upload(mine, pdfForm(receipt, { fatturato: '12,345' }), as.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('fatturato');
    expect((await upload(mine, pdfForm(receipt, { dtrinnovo: '31/12/2024' }), as.admin)).json()).toMatchObject({
      res: 'KO',
      reason: 'Data non valida',
    });
  });

  it('refuses a text file named .pdf, an image, and a broken PDF', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const truncated = receipt.subarray(0, receipt.length - 40);
    const wrongXref = Buffer.from(
      receipt.toString('latin1').replace(/startxref\n\d+/, 'startxref\n99999999'),
      'latin1',
    );
    const header = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);
    for (const [what, data] of [
      ['text', 'Questo non è un PDF, anche se si chiama ricevuta.pdf\n'.repeat(5)],
      ['png', png],
      ['truncated', truncated],
      ['wrong xref', wrongXref],
      ['header only', header],
    ] as const) {
      const res = await upload(mine, pdfForm(data), as.admin);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ res: 'KO', reason: NON_PDF });
    }
  });

  it('refuses more than 10 MB and accepts a large PDF under it', async () => {
    const big = Buffer.concat([receipt, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await upload(mine, pdfForm(big), as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Il PDF supera la dimensione massima di 10 MB' });
    const lines = Array.from({ length: 160_000 }, (_, i) => `Riga ${i} della ricevuta con un testo abbastanza lungo`);
    const large = simplePdf(lines);
    expect(large.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(large.length).toBeLessThan(10 * 1024 * 1024);
    const ok = await upload(mine, pdfForm(large), as.admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await as.admin.get(ok.json().url)).rawPayload.length).toBe(large.length);
  });

  it('refuses a request without a file', async () => {
    const res = await upload(mine, multipart([{ name: 'filename', data: 'x.pdf' }]), as.admin);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Nessun file ricevuto' });
    const json = await as.admin.post(`/api/caricapag/${mine}`, { file: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('is for admin and the area manager in reach only', async () => {
    expect((await upload(mine, pdfForm(receipt), as.rivenditore)).statusCode).toBe(403);
    expect((await upload(mine, pdfForm(receipt), as.posatore)).statusCode).toBe(403);
    expect((await upload(mine, pdfForm(receipt))).statusCode).toBe(401);
    expect((await upload(far, pdfForm(receipt), as.capoarea)).statusCode).toBe(404);
    expect((await upload(NOBODY, pdfForm(receipt), as.admin)).statusCode).toBe(404);
    expect((await upload(far, pdfForm(receipt), as.admin)).statusCode).toBe(200);
  });
});

describe('editing and deleting payments', () => {
  let name: string;
  beforeAll(async () => {
    name = (await upload(far, pdfForm(receipt, { dtrinnovo: '2020-01-01' }), as.admin)).json().name;
  });
  const url = () => `/api/partner/${far}/pagamenti/${name}`;
  const find = async () => (await payments(far)).find((p) => p.name === name)!;

  it('keeps money exact: 1234.56 stays 1234.56, cents are integers in the database', async () => {
    for (const amount of [1234.56, 0.1, 0.3, 19.99, 9_999_999.99, 0, 7]) {
      const res = await as.admin.post(url(), { dtrinnovo: '2021-06-30', fatturato: amount });
      expect(res.statusCode, `${amount} ${res.body}`).toBe(200);
      expect((await find()).fatturato).toBe(amount);
      const row = await ctx.db
        .selectFrom('partner_payments')
        .select('fatturato')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      expect(row.fatturato).toBe(Math.round(amount * 100));
    }
    expect((await find()).dtrinnovo).toBe('2021-06-30');
  });

  it('refuses bad amounts and dates with an Italian reason per field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fatturato: 1234.567 }, 'fatturato', 'Importo non valido: un numero di euro con al massimo 2 decimali'],
      [{ fatturato: -1 }, 'fatturato', 'L’importo non può essere negativo'],
      [{ fatturato: '1234.56' }, 'fatturato', 'Importo non valido: un numero di euro con al massimo 2 decimali'],
      [{ fatturato: 10_000_000 }, 'fatturato', 'Importo troppo grande'],
      [{ dtrinnovo: '2026-02-30' }, 'dtrinnovo', 'Data non valida'],
      [{ dtrinnovo: '15/01/2026' }, 'dtrinnovo', 'Data non valida'],
      [{ dtrinnovo: '' }, 'dtrinnovo', 'Data non valida'],
      [{ dtrinnovo: '1899-12-31' }, 'dtrinnovo', 'La data non può essere anteriore al 01/01/1900'],
    ];
    for (const [change, field, message] of cases) {
      const res = await as.admin.post(url(), { dtrinnovo: '2021-06-30', fatturato: 10, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ res: 'KO', reason: message, fields: { [field]: message } });
    }
    expect((await as.admin.post(url(), { dtrinnovo: '2021-06-30' })).statusCode).toBe(400);
  });

  it('moves the partner’s renewal and expiry with the latest renewal date', async () => {
    const before = await partnerRow(far);
    await as.admin.post(url(), { dtrinnovo: '2030-02-28', fatturato: 500 });
    expect(await partnerRow(far)).toEqual({ dtrinnovo: '2030-02-28', dtscad: '2031-02-28' });
    const listed = (await as.admin.get(`/api/partner?size=200`))
      .json()
      .data.find((r: { uuid: string }) => r.uuid === far);
    expect(listed).toMatchObject({ dtrinnovo: '2030-02-28', dtscad: '2031-02-28' });
    await as.admin.post(url(), { dtrinnovo: '2021-06-30', fatturato: 500 });
    expect(await partnerRow(far)).toEqual(before);
  });

  it('is for admin and the area manager in reach only', async () => {
    const body = { dtrinnovo: '2021-06-30', fatturato: 1 };
    expect((await as.capoarea.post(url(), body)).statusCode).toBe(404);
    expect((await as.rivenditore.post(url(), body)).statusCode).toBe(403);
    expect((await as.posatore.post(url(), body)).statusCode).toBe(403);
    expect((await as.anonymous.post(url(), body)).statusCode).toBe(401);
    expect((await as.capoarea.delete(url())).statusCode).toBe(404);
    expect((await as.rivenditore.delete(url())).statusCode).toBe(403);
    expect((await as.capoarea.get(`/api/partner/${far}/pagamenti`)).statusCode).toBe(404);
    expect((await as.capoarea.get(`/api/partner/${mine}/pagamenti`)).statusCode).toBe(200);
    expect((await as.rivenditore.get(`/api/partner/${mine}/pagamenti`)).statusCode).toBe(403);
    expect((await as.admin.post(`/api/partner/${far}/pagamenti/nessuno`, body)).statusCode).toBe(404);
    expect((await as.admin.post(`/api/partner/${far}/pagamenti/..%2Fx`, body)).statusCode).toBe(400);
    expect((await as.admin.post(`/api/partner/${mine}/pagamenti/${name}`, body)).statusCode).toBe(404);
  });

  it('downloads with the listing’s permission only', async () => {
    const { url: pdf } = await find();
    expect((await as.admin.get(pdf)).statusCode).toBe(200);
    expect((await as.capoarea.get(pdf)).statusCode).toBe(404);
    expect((await as.rivenditore.get(pdf)).statusCode).toBe(403);
    expect((await as.posatore.get(pdf)).statusCode).toBe(403);
    expect((await as.anonymous.get(pdf)).statusCode).toBe(401);
    expect((await as.admin.get(pdf.replace(far, mine))).statusCode).toBe(404);
    const ours = (await payments(mine, as.capoarea)).find((p) => p.url !== '')!;
    expect((await as.capoarea.get(ours.url)).statusCode).toBe(200);
    expect((await as.rivenditore.get(ours.url)).statusCode).toBe(403);
  });

  it('deletes the payment and its file, and recomputes the partner’s figures', async () => {
    await as.admin.post(url(), { dtrinnovo: '2030-02-28', fatturato: 500 });
    const file = `partners/${far}/pagamenti/${name}.pdf`;
    expect(await storedKeys(ctx.config, `partners/${far}`)).toContain(file);
    expect((await as.admin.delete(url())).json()).toEqual({ res: 'OK' });
    expect(await lastEntry(far, 'pagamento-eliminato')).toMatchObject({
      by: 'admin',
      changes: expect.arrayContaining([{ field: 'dtrinnovo', before: '2030-02-28', after: null }]),
    });
    expect(await storedKeys(ctx.config, `partners/${far}`)).not.toContain(file);
    expect((await payments(far)).map((p) => p.name)).not.toContain(name);
    expect((await partnerRow(far)).dtrinnovo).not.toBe('2030-02-28');
    expect((await as.admin.delete(url())).statusCode).toBe(404);
  });
});
