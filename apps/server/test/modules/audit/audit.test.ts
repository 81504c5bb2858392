import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRow } from '@portal/shared/schemas/audit';
import type { Paged } from '@portal/shared/schemas/paging';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { addDays } from '../../../src/lib/clock.ts';
import { simplePdf } from '../../../src/lib/pdf-files.ts';
import { countAudit } from '../../../src/modules/audit/audit.repository.ts';
import { purgeAudit } from '../../../src/modules/audit/audit.service.ts';
import { recording } from '../../db/captured-queries.ts';
import { multipart } from '../../multipart.ts';
import { createTestContext, personOfUser, resellerBody, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
let adminUuid: string;
let mario: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
  const admin = await ctx.db
    .selectFrom('users')
    .select('uuid')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  adminUuid = admin.uuid;
});
afterAll(() => ctx.close());

const trail = async (query: string) => {
  const res = await as.admin.get(`/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Paged<AuditRow>;
};
/** The newest entry of a record's history. */
const latest = async (entity: string, id: string) => (await trail(`?entity=${entity}&id=${id}&size=1`)).data[0];
const changeOf = (row: AuditRow | undefined, field: string) => row?.changes.find((c) => c.field === field);

describe('who reads the trail', () => {
  it('answers the admin only: 401 without a session, 403 to every other role', async () => {
    expect((await as.anonymous.get('/api/audit')).statusCode).toBe(401);
    for (const client of [as.capoarea, as.rivenditore, as.posatore])
      expect((await client.get('/api/audit')).statusCode).toBe(403);
    const page = await trail('');
    expect(page).toMatchObject({ page: 1 });
    expect(page.reccount).toBeGreaterThan(0);
  });

  it('refuses bad filters with an Italian reason', async () => {
    for (const [query, reason] of [
      ['?from=2026-02-30', 'Data non valida'],
      ['?from=2026-03-10&to=2026-03-01', 'La fine non può precedere l’inizio'],
      ['?action=cancella-tutto', 'Valore non valido'],
      ['?entity=tabella', 'Valore non valido'],
      ['?actor=pippo', 'Valore non valido'],
    ] as const) {
      const res = await as.admin.get(`/api/audit${query}`);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { reason: string }).reason).toContain(reason);
    }
  });

  it('has no route that changes or deletes an entry', async () => {
    const entry = (await trail('?size=1')).data[0];
    for (const method of ['DELETE', 'PUT', 'POST', 'PATCH'] as const) {
      for (const url of ['/api/audit', `/api/audit/${entry?.uuid}`]) {
        const res = await as.admin.inject({ method, url, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await trail(`?size=200`)).data.some((r) => r.uuid === entry?.uuid)).toBe(true);
  });
});

describe('logins and logouts', () => {
  it('records a login, a failed one and a logout, without the typed password', async () => {
    const before = (await trail('?action=login-fallito')).reccount;
    const wrong = await as.anonymous.post('/auth/login', { user: 'capoarea', pwd: 'Sbagliata-123!' });
    expect(wrong.json()).toMatchObject({ res: 'KO' });
    const failed = await trail('?action=login-fallito');
    expect(failed.reccount).toBe(before + 1);
    const capoarea = await ctx.db
      .selectFrom('users')
      .select('uuid')
      .where('username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    expect(failed.data[0]).toMatchObject({ actor: capoarea.uuid, actorName: 'capoarea', entity: 'utente' });
    expect(JSON.stringify(failed.data[0])).not.toContain('Sbagliata');

    const someone = await as.login('capoarea', DEMO_PASSWORD);
    const logins = await trail(`?actor=${capoarea.uuid}&action=login`);
    expect(logins.data[0]).toMatchObject({ action: 'login', entity: 'utente', entityId: capoarea.uuid });
    expect((await someone.post('/auth/logout', {})).statusCode).toBe(200);
    expect((await trail(`?actor=${capoarea.uuid}&size=1`)).data[0]).toMatchObject({ action: 'logout' });
  });
});

describe('saves with their changed fields', () => {
  it('records an installer save by the admin: who, which fields, before and after', async () => {
    const profile = (await as.admin.get(`/api/posatori/${mario}`)).json() as Record<string, unknown>;
    const res = await as.admin.post(`/api/posatori/${mario}`, { ...profile, address: 'Via del Registro 9' });
    expect(res.json()).toEqual({ res: 'OK' });
    const row = await latest('posatore', mario);
    expect(row).toMatchObject({ actor: adminUuid, actorName: 'admin', action: 'modifica', entityId: mario });
    expect(row?.changes).toEqual([
      { field: 'address', before: profile['address'] || null, after: 'Via del Registro 9' },
    ]);
  });

  it('records suspension and the login switch', async () => {
    expect((await as.admin.post(`/api/posatori/${mario}/sospensione`, { sospeso: true })).statusCode).toBe(200);
    expect(changeOf(await latest('posatore', mario), 'stato')).toMatchObject({ after: 'SOSPESO' });
    expect((await as.admin.post(`/api/posatori/${mario}/sospensione`, { sospeso: false })).statusCode).toBe(200);
    expect(changeOf(await latest('posatore', mario), 'stato')).toMatchObject({ before: 'SOSPESO' });

    const user = await ctx.db
      .selectFrom('posatori')
      .select('user_uuid')
      .where('uuid', '=', mario)
      .executeTakeFirstOrThrow();
    expect((await as.admin.post(`/api/posatori/${mario}/accesso`, { stato: 'disabled' })).statusCode).toBe(200);
    const off = await latest('utente', user.user_uuid ?? '');
    expect(off).toMatchObject({
      action: 'stato-account',
      changes: [{ field: 'stato', before: 'active', after: 'disabled' }],
    });
    expect((await as.admin.post(`/api/posatori/${mario}/accesso`, { stato: 'active' })).statusCode).toBe(200);
  });

  it('records an area manager save with its provinces, and a reseller creation and deletion', async () => {
    const ca = await personOfUser(ctx.db, 'capoarea', 'capoarea');
    const stored = (await as.admin.get(`/api/capoarea/${ca}`)).json() as Record<string, unknown> & { provs: string[] };
    const provs = [...stored.provs, 'AO'];
    expect((await as.admin.post(`/api/capoarea/${ca}`, { ...stored, provs, phone: '02 999888' })).statusCode).toBe(200);
    const row = await latest('capoarea', ca);
    expect(changeOf(row, 'phone')).toMatchObject({ after: '02 999888' });
    expect(changeOf(row, 'provs')).toEqual({ field: 'provs', before: stored.provs.join(','), after: provs.join(',') });

    const body = resellerBody({ ragsoc: 'Audit Ceramiche S.r.l.', email: 'audit.riv@example.it' });
    const created = await as.admin.post('/api/riventitore', body);
    expect(created.statusCode, created.body).toBe(200);
    const uuid = (created.json() as { uuid: string }).uuid;
    expect(changeOf(await latest('rivenditore', uuid), 'ragsoc')).toMatchObject({ before: null, after: body.ragsoc });
    expect((await as.admin.delete(`/api/rivenditore/${uuid}`)).statusCode).toBe(200);
    expect(await latest('rivenditore', uuid)).toMatchObject({ action: 'eliminazione', changes: [] });
  });

  it('never writes a password into the trail', async () => {
    const rows = await ctx.db.selectFrom('audit_log').select('changes').execute();
    expect(
      rows.some((r) => r.changes.includes(DEMO_PASSWORD) || /"field":"[^"]*(pass|pwd|hash)/i.test(r.changes)),
    ).toBe(false);
  });
});

describe('exports', () => {
  it('records which export, with which filters', async () => {
    expect((await as.admin.get('/api/export?state=BG')).statusCode).toBe(200);
    const row = (await trail('?action=export&size=1')).data[0];
    expect(row).toMatchObject({ actor: adminUuid, entity: 'export', entityId: 'posatori' });
    expect(row?.changes).toContainEqual({ field: 'state', before: null, after: 'BG' });
  });
});

describe('documents, imports and coupons', () => {
  it('records a document upload, its edit and its deletion', async () => {
    const form = multipart([
      { name: 'file', filename: 'Listino audit.pdf', contentType: 'application/pdf', data: simplePdf(['x']) },
    ]);
    const up = await as.admin.inject({
      method: 'POST',
      url: '/api/docs/caricadoc',
      headers: form.headers,
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const uuid = (up.json() as { uuid: string }).uuid;
    expect(await latest('documento', uuid)).toMatchObject({ action: 'upload', actor: adminUuid });
    expect(
      (await as.admin.post(`/api/docs/doc/${uuid}`, { title: 'Listino 2027', dests: [{ name: 'admin', state: true }] }))
        .statusCode,
    ).toBe(200);
    expect(changeOf(await latest('documento', uuid), 'title')).toEqual({
      field: 'title',
      before: 'Listino audit',
      after: 'Listino 2027',
    });
    expect((await as.admin.delete(`/api/docs/doc/${uuid}`)).statusCode).toBe(200);
    expect(await latest('documento', uuid)).toMatchObject({ action: 'eliminazione' });
  });

  it('records an import with its file', async () => {
    const res = await as.admin.post('/api/imports', { tipo: 'posatori', file: 'audit.xlsx', righe: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { id: string }).id;
    expect(changeOf(await latest('import', id), 'file')).toMatchObject({ after: 'audit.xlsx' });
  });

  it('records a coupon assignment to one installer on their history', async () => {
    const types = (await as.admin.get('/api/tcoupons')).json() as { uuid: string; disattiva: boolean }[];
    const tipo = types.find((t) => !t.disattiva)?.uuid ?? '';
    expect((await as.admin.post('/api/assegnacoupon', { tipo, posatore: mario })).statusCode).toBe(200);
    const row = await latest('posatore', mario);
    expect(row).toMatchObject({ action: 'coupon-assegnato', actor: adminUuid });
    expect(changeOf(row, 'tipo')).toMatchObject({ after: tipo });
  });
});

describe('filters and paging', () => {
  /** A failed login's entry, written straight into the table with the stamp a test gives it. */
  const failedLogin = {
    actor: null,
    actor_name: '',
    action: 'login-fallito',
    entity: 'utente',
    entity_id: '',
    changes: '[]',
  };

  it('filters by day range and answers the paged shape', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await trail('?size=5');
    expect(all.data.length).toBeLessThanOrEqual(5);
    expect(all.pages).toBe(Math.ceil(all.reccount / 5));
    expect((await trail(`?from=${today}&to=${today}`)).reccount).toBe(all.reccount);
    expect((await trail(`?to=${addDays(today, -1)}`)).reccount).toBe(0);
    const ats = (await trail('?size=200')).data.map((r) => r.at);
    expect(ats).toEqual([...ats].sort().reverse());
  });

  it('purges entries older than the retention, and only those', async () => {
    await ctx.db
      .insertInto('audit_log')
      .values([
        { ...failedLogin, uuid: crypto.randomUUID(), at: '2015-01-01T10:00:00.000Z' },
        { ...failedLogin, uuid: crypto.randomUUID(), at: '2015-06-01T10:00:00.000Z' },
      ])
      .execute();
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await purgeAudit(ctx.db, new Date().toISOString(), 3650)).toBe(2);
    expect(await count()).toBe(before - 2);
    expect(await purgeAudit(ctx.db, new Date().toISOString(), 3650)).toBe(0);
  });

  it('counts exactly as entries come and go, and reads only the last minutes once a count is known', async () => {
    const exact = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('action', '=', 'login-fallito')
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Entries of an hour ago and of last year, written before the list is read.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await ctx.db
      .insertInto('audit_log')
      .values([
        { ...failedLogin, uuid: crypto.randomUUID(), at: hourAgo },
        { ...failedLogin, uuid: crypto.randomUUID(), at: hourAgo },
        { ...failedLogin, uuid: crypto.randomUUID(), at: '2015-03-01T10:00:00.000Z' },
      ])
      .execute();
    const first = await trail('?action=login-fallito&size=1');
    expect(first.reccount).toBe(await exact());
    expect(first.reccount).toBeGreaterThanOrEqual(3);

    // New entries are counted at once.
    for (let i = 0; i < 2; i++) await as.anonymous.post('/auth/login', { user: 'admin', pwd: `Sbagliata-${i}!Xy` });
    const second = await trail('?action=login-fallito&size=1');
    expect(second.reccount).toBe(first.reccount + 2);
    expect(second.reccount).toBe(await exact());
    expect(second.data[0]?.at).toBe((await trail('?action=login-fallito&size=200')).data[0]?.at);

    // Once a filter's count is known, counting it again reads no entry older than a few minutes.
    const queries: CompiledQuery[] = [];
    const watched = recording(ctx.db, queries);
    const filter = { action: 'login-fallito' as const };
    expect(await countAudit(watched, filter)).toBe(second.reccount);
    queries.length = 0;
    expect(await countAudit(watched, filter)).toBe(second.reccount);
    const counts = queries.filter((q) => /count\(/i.test(q.sql));
    expect(counts.length).toBeGreaterThan(0);
    const recent = new Date(Date.now() - 6 * 60_000).toISOString();
    for (const q of counts) {
      expect(q.sql).toMatch(/"at" >=/);
      const bounds = q.parameters.filter((p): p is string => typeof p === 'string' && /^\d{4}-\d\d-\d\dT/.test(p));
      expect(
        bounds.some((b) => b >= recent),
        `${q.sql} ${JSON.stringify(q.parameters)}`,
      ).toBe(true);
    }

    // A purge takes its entries off the count, on every instance (its version is in the database).
    expect(await purgeAudit(ctx.db, new Date().toISOString(), 3650)).toBe(1);
    const third = await trail('?action=login-fallito&size=1');
    expect(third.reccount).toBe(second.reccount - 1);
    expect(third.reccount).toBe(await exact());
  });
});
