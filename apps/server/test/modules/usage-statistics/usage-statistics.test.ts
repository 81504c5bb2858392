import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsReply } from '@portal/shared/schemas/usage-statistics';
import { addDays, todayInRome } from '../../../src/lib/clock.ts';
import { rangeOf, usageRecorder } from '../../../src/modules/usage-statistics/usage-statistics.service.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

const figures = async (query = '') => {
  const res = await as.admin.get(`/api/sessions${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as SessionsReply;
};
const today = () => todayInRome();
const dayOf = (f: SessionsReply, day: string) => f.giorni.find((g) => g.giorno === day);
const roleOf = (f: SessionsReply, role: string) => f.ruoli.find((r) => r.ruolo === role);

describe('who may see the statistics', () => {
  it('answers 401 without a session and 403 to every role but the admin', async () => {
    for (const url of ['/api/sessions', '/api/exports/sessions']) {
      expect((await as.anonymous.get(url)).statusCode).toBe(401);
      for (const client of [as.capoarea, as.rivenditore, as.posatore])
        expect((await client.get(url)).statusCode).toBe(403);
      expect((await as.admin.get(url)).statusCode).toBe(200);
    }
  });
});

describe('the date range', () => {
  it('defaults to the 30 days up to today, every day present once', async () => {
    const f = await figures();
    expect(f.al).toBe(today());
    expect(f.dal).toBe(addDays(today(), -29));
    expect(f.giorni.map((g) => g.giorno)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(f.dal, i)));
  });

  it('fills one missing end with 30 days from the other', () => {
    expect(rangeOf({ dal: '2026-01-01' }, '2026-11-25')).toEqual({ dal: '2026-01-01', al: '2026-01-30' });
    expect(rangeOf({ al: '2026-03-01' }, '2026-11-25')).toEqual({ dal: '2026-01-31', al: '2026-03-01' });
  });

  it('answers the range asked for, with its months', async () => {
    const f = await figures('?dal=2026-01-15&al=2026-03-10');
    expect([f.dal, f.al]).toEqual(['2026-01-15', '2026-03-10']);
    expect(f.giorni).toHaveLength(55);
    expect(f.coupon.map((c) => c.mese)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it.each([
    ['?dal=2026-02-30', 'dal', 'Data non valida'],
    ['?dal=ieri', 'dal', 'Data non valida'],
    ['?dal=2026-03-10&al=2026-03-01', 'al', 'La fine non può precedere l’inizio'],
    ['?dal=2023-01-01&al=2026-01-01', 'al', 'L’intervallo non può superare 731 giorni'],
  ])('refuses %s with a 400 in Italian', async (query, field, message) => {
    const res = await as.admin.get(`/api/sessions${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { res: string; reason: string; fields: Record<string, string> };
    expect(body.res).toBe('KO');
    expect(body.fields[field]).toBe(message);
    expect(body.reason).toContain(message);
    expect((await as.admin.get(`/api/exports/sessions${query}`)).statusCode).toBe(400);
  });
});

describe('recorded events', () => {
  it('counts a login under the landing role, today, and the person as active', async () => {
    const before = await figures();
    await as.login('rivenditore');
    await as.login('rivenditore');
    const after = await figures();
    expect(dayOf(after, today())?.accessi.rivenditori).toBe((dayOf(before, today())?.accessi.rivenditori ?? 0) + 2);
    expect(roleOf(after, 'rivenditori')?.accessi).toBe((roleOf(before, 'rivenditori')?.accessi ?? 0) + 2);
    // The reseller logged in at the start of this file too: active today, counted once.
    expect(roleOf(after, 'rivenditori')?.attivi7).toBe(roleOf(before, 'rivenditori')?.attivi7);
    expect(roleOf(after, 'rivenditori')?.attivi7).toBeGreaterThanOrEqual(1);
  });

  it('counts a person active in the last 7 days once in both figures, one seen 20 days ago in the 30 only', async () => {
    const before = await figures();
    const areaManager = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;
    const row = (day: string, user: string) => ({
      day,
      role: 'capoarea',
      user_uuid: user,
      logins: 1,
      downloads: 0,
      reads: 0,
    });
    await ctx.db
      .insertInto('usage_days')
      .values([
        row(addDays(today(), -2), areaManager(1)),
        row(addDays(today(), -20), areaManager(1)),
        row(addDays(today(), -20), areaManager(2)),
        row(addDays(today(), -40), areaManager(3)),
      ])
      .execute();
    const after = await figures();
    expect(roleOf(after, 'capoarea')?.attivi7).toBe((roleOf(before, 'capoarea')?.attivi7 ?? 0) + 1);
    expect(roleOf(after, 'capoarea')?.attivi30).toBe((roleOf(before, 'capoarea')?.attivi30 ?? 0) + 2);
  });

  it('does not count a failed login', async () => {
    const before = await figures();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { user: 'posatore', pwd: 'sbagliata-davvero' },
      remoteAddress: '10.0.0.9',
    });
    expect(res.json()).toEqual({ res: 'KO' });
    const after = await figures();
    expect(dayOf(after, today())?.accessi).toEqual(dayOf(before, today())?.accessi);
  });

  it('counts a document download and a message read', async () => {
    const docs = (await as.posatore.get('/api/docs/docs')).json() as { data: { uuid: string }[] };
    const inbox = (await as.posatore.get('/api/messages/recv')).json() as { data: { uuid: string }[] };
    const doc = docs.data[0]?.uuid;
    const message = inbox.data[0]?.uuid;
    if (!doc || !message) throw new Error('the demo installer needs a document and a message');
    const before = await figures();
    expect((await as.posatore.get(`/api/docs/file/${doc}`)).statusCode).toBe(200);
    const read = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/setread/${message}`,
        headers: { cookie: as.posatore.cookie },
        payload: {},
      });
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    // Marking unread is no read.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/setunread/${message}`,
      headers: { cookie: as.posatore.cookie },
      payload: {},
    });
    const after = await figures();
    expect(dayOf(after, today())?.download).toBe((dayOf(before, today())?.download ?? 0) + 1);
    expect(dayOf(after, today())?.letture).toBe((dayOf(before, today())?.letture ?? 0) + 2);
    expect(roleOf(after, 'posatore')?.download).toBe((roleOf(before, 'posatore')?.download ?? 0) + 1);
    expect(roleOf(after, 'posatore')?.letture).toBe((roleOf(before, 'posatore')?.letture ?? 0) + 2);
  });

  it('keeps one row per person and day, however many events', async () => {
    const rows = await ctx.db
      .selectFrom('usage_days')
      .selectAll()
      .where('day', '=', today())
      .where('role', '=', 'rivenditori')
      .execute();
    const people = new Set(rows.map((r) => r.user_uuid));
    expect(rows.length).toBe(people.size);
  });

  it('never fails the request it belongs to: a failed write is logged and the call resolves', async () => {
    // A database that refuses every write, as a full disk or a lost connection would.
    const broken = {
      insertInto: () => {
        throw new Error('database non raggiungibile');
      },
    } as unknown as Parameters<typeof usageRecorder>[0];
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args) } as unknown as Parameters<typeof usageRecorder>[1];
    await expect(usageRecorder(broken, log)('login', { userUuid: 'x', roles: ['admin'] })).resolves.toBeUndefined();
    expect(logged).toHaveLength(1);
  });

  it('a download that is refused counts nothing', async () => {
    const before = await figures();
    expect((await as.posatore.get(`/api/docs/file/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect(dayOf(await figures(), today())?.download).toBe(dayOf(before, today())?.download);
  });
});

describe('the demo history', () => {
  it('has 90 days of logins, downloads and reads before today, weekdays busier than weekends', async () => {
    const f = await figures(`?dal=${addDays(today(), -90)}&al=${addDays(today(), -1)}`);
    const logins = (g: SessionsReply['giorni'][number]) => Object.values(g.accessi).reduce((s, n) => s + n, 0);
    expect(f.giorni.filter((g) => logins(g) > 0).length).toBe(90);
    expect(f.giorni.reduce((s, g) => s + g.download, 0)).toBeGreaterThan(0);
    expect(f.giorni.reduce((s, g) => s + g.letture, 0)).toBeGreaterThan(0);
    const weekend = (g: { giorno: string }) => [0, 6].includes(new Date(`${g.giorno}T12:00:00Z`).getUTCDay());
    const mean = (days: SessionsReply['giorni']) => days.reduce((s, g) => s + logins(g), 0) / days.length;
    expect(mean(f.giorni.filter((g) => !weekend(g)))).toBeGreaterThan(2 * mean(f.giorni.filter(weekend)));
    expect(f.ruoli.every((r) => r.accessi > 0)).toBe(true);
  });
});

describe('registry and coupon figures', () => {
  it('counts the installers by stato and province, as the registry holds them', async () => {
    const f = await figures();
    const total = Number(
      (
        await ctx.db
          .selectFrom('posatori')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(f.posatoriStato.reduce((s, x) => s + x.n, 0)).toBe(total);
    expect(f.posatoriStato.map((s) => s.label)).toContain('In regola');
    expect(f.posatoriProvince.reduce((s, p) => s + p.totale, 0)).toBe(total);
    const mi = f.posatoriProvince.find((p) => p.sigla === 'MI');
    expect(mi?.provincia).toBe('Milano');
    expect(mi && mi.ok + mi.incompleto + mi.sospeso).toBe(mi?.totale);
  });

  it('counts coupons assigned, redeemed and expired per month, as the coupon rules define them', async () => {
    const dal = '2020-01-01';
    const al = addDays(dal, 730);
    const f = await figures(`?dal=${dal}&al=${al}`);
    const count = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) =>
      Number(
        (
          await where(base())
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const base = () => ctx.db.selectFrom('coupons');
    const sum = (k: 'assegnati' | 'utilizzati' | 'scaduti') => f.coupon.reduce((s, c) => s + c[k], 0);
    expect(sum('utilizzati')).toBe(
      await count((q) => q.where('dtesecuzione', '>=', dal).where('dtesecuzione', '<=', al)),
    );
    expect(sum('scaduti')).toBe(
      await count((q) =>
        q
          .where('dtesecuzione', 'is', null)
          .where('scadenza', '>=', dal)
          .where('scadenza', '<=', al)
          .where('scadenza', '<', today()),
      ),
    );
    const recent = await figures();
    expect(recent.coupon.reduce((s, c) => s + c.assegnati, 0)).toBe(
      await count((q) => q.where('created_at', '>=', recent.dal)),
    );
  });

  it('ranks the resellers by redemptions in the range', async () => {
    const f = await figures(`?dal=${addDays(today(), -700)}&al=${today()}`);
    expect(f.rivenditori.length).toBeGreaterThan(0);
    expect(f.rivenditori.length).toBeLessThanOrEqual(10);
    const counts = f.rivenditori.map((r) => r.utilizzati);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(f.rivenditori.map((r) => r.ragsoc)).toContain('Ceramiche Lombarde S.r.l.');
  });
});

describe('figures read again once their data changes', () => {
  it('counts a coupon assigned and an installer suspended after the page was last read', async () => {
    const before = await figures();
    const assigned = (f: SessionsReply) => f.coupon.reduce((s, c) => s + c.assegnati, 0);
    // Read twice: the second answer may be the remembered one.
    expect(await figures()).toEqual(before);
    const type = await ctx.db
      .selectFrom('coupon_types')
      .select('uuid')
      .where('disattiva', '=', 0)
      .executeTakeFirstOrThrow();
    const someone = await ctx.db.selectFrom('posatori').select('uuid').executeTakeFirstOrThrow();
    const res = await as.admin.post('/api/assegnacoupon', { tipo: type.uuid, posatore: someone.uuid });
    expect(res.statusCode, res.body).toBe(200);
    const afterCoupon = await figures();
    expect(assigned(afterCoupon)).toBe(assigned(before) + 1);

    const suspended = (f: SessionsReply) => f.posatoriStato.find((x) => x.stato === 'SOSPESO')?.n ?? 0;
    const ok = await ctx.db.selectFrom('posatori').select('uuid').where('stato', '=', 'OK').executeTakeFirstOrThrow();
    const suspend = await as.admin.post(`/api/posatori/${ok.uuid}/sospensione`, { sospeso: true });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(suspended(await figures())).toBe(suspended(afterCoupon) + 1);
  });
});

describe('the workbook (/api/exports/sessions)', () => {
  it('has one sheet per table with the page’s figures', async () => {
    const query = `?dal=${addDays(today(), -6)}&al=${today()}`;
    const f = await figures(query);
    const res = await as.admin.get(`/api/exports/sessions${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="statistiche-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellDates: true });
    expect(book.SheetNames).toEqual([
      'Accessi per giorno',
      'Per ruolo',
      'Posatori per stato',
      'Posatori per provincia',
      'Coupon per mese',
      'Rivenditori',
    ]);
    const rows = (name: string) =>
      XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[name] ?? {}, { raw: true });
    const days = rows('Accessi per giorno');
    expect(days).toHaveLength(7);
    expect(days.map((d) => d['LETTURE MESSAGGI'])).toEqual(f.giorni.map((g) => g.letture));
    expect(days.map((d) => d['ACCESSI RIVENDITORI'])).toEqual(f.giorni.map((g) => g.accessi.rivenditori));
    expect(rows('Per ruolo').map((r) => r.RUOLO)).toEqual(['Amministratori', 'Posatori', 'Capi area', 'Rivenditori']);
    expect(rows('Posatori per provincia')).toHaveLength(f.posatoriProvince.length);
    expect(rows('Rivenditori').map((r) => r.RIVENDITORE)).toEqual(f.rivenditori.map((r) => r.ragsoc));
  });
});
