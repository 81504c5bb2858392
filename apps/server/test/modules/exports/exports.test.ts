import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, personOfUser, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
let mario: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
  // Text a spreadsheet could mistake: a formula, a CAP with a leading zero, a phone with a plus.
  await ctx.db
    .updateTable('posatori')
    .set({ ragsoc: '=HYPERLINK("http://esempio.it","clic")', cap: '00184', phone: '+39 02 1234' })
    .where('uuid', '=', mario)
    .execute();
});
afterAll(() => ctx.close());

async function workbook(url: string, client: ApiClient) {
  const res = await client.get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = XLSX.read(res.rawPayload, { type: 'buffer', cellDates: true, cellNF: true, bookFiles: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('no sheet');
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true });
  const headers = (XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0] ?? []) as string[];
  const files = (book as unknown as { files: Record<string, { content: Uint8Array }> }).files;
  const sheetXml = Buffer.from(files['xl/worksheets/sheet1.xml']?.content ?? []).toString('utf8');
  return { res, sheet, rows, headers, sheetXml };
}

/** The cell of a row (0 = header) under a header. */
function cell(sheet: XLSX.WorkSheet, headers: string[], row: number, header: string) {
  return sheet[XLSX.utils.encode_cell({ r: row, c: headers.indexOf(header) })] as XLSX.CellObject | undefined;
}

describe('the admin registry export (/api/export)', () => {
  it('follows the list’s filters, named after the report, with a frozen header row', async () => {
    const listed = (await as.admin.get('/api/posatori?state=MI&size=1')).json() as { reccount: number };
    const { res, rows, headers, sheetXml } = await workbook('/api/export?state=MI', as.admin);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="posatori-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(rows).toHaveLength(listed.reccount);
    expect(rows.every((r) => r.PR === 'MI')).toBe(true);
    expect(headers.slice(0, 3)).toEqual(['CODICE', 'COGNOME', 'NOME']);
    expect(headers).toContain('COUPON TOTALI');
    expect(sheetXml).toMatch(/<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/);
    // One width per column, before the rows, each wider than its header.
    const widths = [...sheetXml.matchAll(/<col min="(\d+)" max="\d+" width="([\d.]+)"/g)].map((m) => Number(m[2]));
    expect(widths).toHaveLength(headers.length);
    headers.forEach((h, i) => expect(widths[i]).toBeGreaterThan(h.length));
    expect(sheetXml.indexOf('<cols>')).toBeLessThan(sheetXml.indexOf('<sheetData>'));
  });

  it('writes text as text (no formulas, leading zeros kept), real dates and money as numbers', async () => {
    const { sheet, headers, rows } = await workbook('/api/export?code=POS0001', as.admin);
    expect(rows).toHaveLength(1);
    const ragsoc = cell(sheet, headers, 1, 'RAGIONE SOCIALE');
    expect(ragsoc?.t).toBe('s');
    expect(ragsoc?.v).toBe('=HYPERLINK("http://esempio.it","clic")');
    expect(ragsoc?.f).toBeUndefined();
    expect(cell(sheet, headers, 1, 'CAP')?.v).toBe('00184');
    expect(cell(sheet, headers, 1, 'TELEFONO')?.v).toBe('+39 02 1234');
    const born = cell(sheet, headers, 1, 'DATA DI NASCITA');
    expect(born?.v).toBeInstanceOf(Date);
    expect((born?.v as Date).toISOString().slice(0, 10)).toBe('1985-12-10');
    expect(born?.z).toBe('dd/mm/yyyy');
    const money = cell(sheet, headers, 1, 'VALORE VALIDI');
    expect(money?.t).toBe('n');
    expect(String(money?.z)).toContain('#,##0.00');
    const coupons = (await as.admin.get(`/api/coupons/${mario}`)).json() as {
      totals: { tot: { n: number }; valid: { n: number; valore: number } };
    };
    expect(cell(sheet, headers, 1, 'COUPON TOTALI')?.v).toBe(coupons.totals.tot.n);
    expect(money?.v).toBe(coupons.totals.valid.valore);
  });

  it('gives the same figures for the whole registry (read in one pass) as for a filtered list (page by page)', async () => {
    const whole = await workbook('/api/export', as.admin);
    const listed = (await as.admin.get('/api/posatori?size=1')).json() as { reccount: number };
    expect(whole.rows).toHaveLength(listed.reccount);
    const figures = ['COUPON TOTALI', 'COUPON VALIDI', 'VALORE VALIDI', 'COUPON UTILIZZATI', 'COUPON SCADUTI'];
    const byCode = new Map(whole.rows.map((r) => [r.CODICE, r]));
    const milan = await workbook('/api/export?state=MI', as.admin);
    expect(milan.rows.length).toBeGreaterThan(0);
    for (const r of milan.rows) {
      const same = byCode.get(r.CODICE);
      for (const f of figures) expect(same?.[f]).toEqual(r[f]);
    }
    expect(whole.rows.some((r) => Number(r['COUPON TOTALI']) > 0)).toBe(true);
  });

  it('goes out as it is written, not compressed a second time', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/export?state=MI',
      headers: { cookie: as.admin.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('is the admin’s only, and refuses bad filters', async () => {
    expect((await as.anonymous.get('/api/export')).statusCode).toBe(401);
    for (const client of [as.capoarea, as.rivenditore, as.posatore])
      expect((await client.get('/api/export')).statusCode).toBe(403);
    const bad = await as.admin.get('/api/export?state=Milano');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ res: 'KO' });
  });
});

describe('the admin’s coupon exports', () => {
  it('logs every coupon of the list’s installers (/api/exports/punti)', async () => {
    const { rows, res } = await workbook('/api/exports/punti?code=POS0001', as.admin);
    expect(res.headers['content-disposition']).toContain('log-coupon-');
    const coupons = (await as.admin.get(`/api/coupons/${mario}?size=200`)).json() as {
      data: { code: string; stato: string }[];
    };
    expect(rows.map((r) => r['CODICE COUPON']).sort()).toEqual(coupons.data.map((c) => c.code).sort());
    expect(new Set(rows.map((r) => r.STATO))).toEqual(new Set(['Valido', 'Utilizzato', 'Scaduto']));
    expect(rows.every((r) => r['CODICE POSATORE'] === 'POS0001')).toBe(true);
  });

  it('gives each installer’s coupon figures with their reseller (/api/exports/puntiriv)', async () => {
    const { rows, headers } = await workbook('/api/exports/puntiriv?state=MI', as.admin);
    const listed = (await as.admin.get('/api/posatori?state=MI&size=1')).json() as { reccount: number };
    expect(rows).toHaveLength(listed.reccount);
    expect(headers[0]).toBe('ASSEGNAZIONE RIVENDITORE');
    for (const client of [as.capoarea, as.rivenditore, as.posatore]) {
      expect((await client.get('/api/exports/punti')).statusCode).toBe(403);
      expect((await client.get('/api/exports/puntiriv')).statusCode).toBe(403);
    }
  });
});

describe('the reseller’s export (/api/riven/export)', () => {
  it('holds exactly the reseller’s installers', async () => {
    const listed = (await as.rivenditore.get('/api/posatori4ri?size=200')).json() as {
      reccount: number;
      data: { code: string }[];
    };
    const { rows } = await workbook('/api/riven/export', as.rivenditore);
    expect(rows.map((r) => r.CODICE).sort()).toEqual(listed.data.map((p) => p.code).sort());
    expect((await as.admin.get('/api/riven/export')).statusCode).toBe(403);
  });
});

describe('the area manager’s reseller-coupons export', () => {
  it('has the spec’s headers and counts the coupons of the chosen type only', async () => {
    const all = await workbook('/api/exportrivenditori', as.capoarea);
    expect(all.headers).toEqual([
      'ASSEGNAZIONE RIVENDITORE',
      'AZIENDA',
      'NOME',
      'COGNOME',
      'TELEFONO',
      'EMAIL',
      'CITTÀ',
      'PR',
      'COUPON TOTALI',
      'VALORE',
      'SCADUTI',
      'VALORE SCADUTI',
      'USATI',
      'VALORE USATI',
      'ULTIMO UTILIZZO',
      'RIMANENTI',
      'VALIDI FINO AL',
    ]);
    const listed = (await as.capoarea.get('/api/posatori4ca?size=1')).json() as { reccount: number };
    expect(all.rows).toHaveLength(listed.reccount);
    const sum = (rows: Record<string, unknown>[], key: string) => rows.reduce((n, r) => n + Number(r[key] ?? 0), 0);
    for (const r of all.rows) {
      expect(Number(r['COUPON TOTALI'])).toBe(Number(r.SCADUTI) + Number(r.USATI) + Number(r.RIMANENTI));
    }

    const types = (await as.capoarea.get('/api/cbotcoupons2')).json() as { value: string; label: string }[];
    const base = types.find((t) => t.label === 'Corso base');
    const one = await workbook(`/api/exportrivenditori?tipocoupon=${base?.value}`, as.capoarea);
    expect(sum(one.rows, 'COUPON TOTALI')).toBeLessThan(sum(all.rows, 'COUPON TOTALI'));
    expect(sum(one.rows, 'COUPON TOTALI')).toBeGreaterThan(0);
    // Row by row (same installers, same order): one type's coupons are part of all of them.
    expect(one.rows).toHaveLength(all.rows.length);
    one.rows.forEach((r, i) => {
      expect(Number(r['COUPON TOTALI'])).toBeLessThanOrEqual(Number(all.rows[i]?.['COUPON TOTALI']));
    });
    expect((await as.capoarea.get('/api/exportrivenditori?tipocoupon=nessuno')).statusCode).toBe(400);
    expect((await as.admin.get('/api/exportrivenditori')).statusCode).toBe(403);
  });

  it('exports one reseller of the area, and nobody else’s', async () => {
    const resellers = (await as.capoarea.get('/api/rivenditori_ca?size=200')).json() as { data: { uuid: string }[] };
    const first = resellers.data[0]?.uuid ?? '';
    const { rows } = await workbook(`/api/exportrivenditore/${first}`, as.capoarea);
    const theirs = await ctx.db
      .selectFrom('posatori')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('rivenditore', '=', first)
      .executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(theirs.n));
    expect((await as.capoarea.get(`/api/exportrivenditore/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('the partner export (/api/exportpartner)', () => {
  it('follows the filters and each role’s reach', async () => {
    const listed = (await as.admin.get('/api/partner?state=MI&size=1')).json() as { reccount: number };
    const { rows, headers, sheet } = await workbook('/api/exportpartner?state=MI', as.admin);
    expect(rows).toHaveLength(listed.reccount);
    expect(rows.every((r) => r.PR === 'MI')).toBe(true);
    expect(headers).toContain('VALIDO FINO AL');
    const until = cell(sheet, headers, 1, 'VALIDO FINO AL');
    if (until) expect(until.v).toBeInstanceOf(Date);

    const mine = (await as.capoarea.get('/api/partner_ca?size=1')).json() as { reccount: number };
    expect((await workbook('/api/exportpartner', as.capoarea)).rows).toHaveLength(mine.reccount);
    const area = (await as.rivenditore.get('/api/partner_ri?size=1')).json() as { reccount: number };
    expect((await workbook('/api/exportpartner', as.rivenditore)).rows).toHaveLength(area.reccount);
    expect((await as.posatore.get('/api/exportpartner')).statusCode).toBe(403);
  });
});

describe('the registry’s coupon figures after the coupons change', () => {
  it('match, for the whole registry, what a filtered list counts from the coupons themselves', async () => {
    // One of the demo reseller's installers who is not suspended (a suspended one's coupons are refused).
    const someone = await ctx.db
      .selectFrom('posatori')
      .select(['uuid', 'code'])
      .where('rivenditore', '=', await personOfUser(ctx.db, 'rivenditori', 'rivenditore'))
      .where('stato', '!=', 'SOSPESO')
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const types = (await as.admin.get('/api/tcoupons')).json() as { uuid: string; disattiva: boolean }[];
    const [first, second] = types.filter((t) => !t.disattiva);
    for (let i = 0; i < 3; i++) {
      const given = await as.admin.post('/api/assegnacoupon', { tipo: first?.uuid, posatore: someone.uuid });
      expect(given.json()).toMatchObject({ res: 'OK' });
    }
    // The coupons just given: valid, of an active type.
    const page = (await as.admin.get(`/api/coupons/${someone.uuid}?size=200`)).json() as {
      data: { uuid: string; code: string; stato: string; tipo: string }[];
    };
    const fresh = page.data.filter((c) => c.tipo === first?.uuid && c.stato === 'valid');
    const [a, b, c] = fresh;
    expect((await as.rivenditore.post(`/api/posatori/${someone.uuid}/coupon`, { code: a?.code })).json()).toMatchObject(
      {
        res: 'OK',
      },
    );
    expect((await as.admin.post(`/api/setcoupon/${b?.uuid}`, { ptipo: second?.uuid })).statusCode).toBe(200);
    expect((await as.admin.delete(`/api/coupon/${c?.uuid}`)).statusCode).toBe(200);

    // The whole registry reads the figures another way (the totals its rows keep) than a filtered list (a grouped
    // read of the coupons): every figure column of both exports must agree.
    for (const url of ['/api/export', '/api/exports/puntiriv']) {
      const whole = await workbook(url, as.admin);
      const one = await workbook(`${url}?code=${someone.code}`, as.admin);
      expect(one.rows).toHaveLength(1);
      const figures = one.headers.slice(one.headers.indexOf('COUPON TOTALI'));
      expect(figures.length).toBeGreaterThanOrEqual(5);
      const fromWhole = whole.rows.find((r) => r.EMAIL === one.rows[0]?.EMAIL && r.NOME === one.rows[0]?.NOME);
      for (const h of figures) expect([h, fromWhole?.[h]]).toEqual([h, one.rows[0]?.[h]]);
    }
    const fromWhole = (await workbook('/api/export', as.admin)).rows.find((r) => r.CODICE === someone.code);
    const totals = (await as.admin.get(`/api/coupons/${someone.uuid}`)).json() as {
      totals: Record<'tot' | 'valid' | 'used' | 'expired', { n: number; valore: number }>;
    };
    expect(fromWhole).toMatchObject({
      'COUPON TOTALI': totals.totals.tot.n,
      'COUPON VALIDI': totals.totals.valid.n,
      'COUPON UTILIZZATI': totals.totals.used.n,
      'COUPON SCADUTI': totals.totals.expired.n,
      'VALORE VALIDI': totals.totals.valid.valore,
    });
  });
});
