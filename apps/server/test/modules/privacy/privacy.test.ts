import { sql } from 'kysely';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRow } from '@portal/shared/schemas/audit';
import type { Paged } from '@portal/shared/schemas/paging';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import type { Db } from '../../../src/db/database.ts';
import { newId } from '../../../src/lib/tokens.ts';
import { imageForm } from '../../multipart.ts';
import { createTestContext, personOfUser, storedKeys, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
let mario: string;
let marioUser: string;
let capoarea: string;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
  capoarea = await personOfUser(ctx.db, 'capoarea', 'capoarea');
  marioUser = (
    await ctx.db.selectFrom('users').select('uuid').where('username', '=', 'posatore').executeTakeFirstOrThrow()
  ).uuid;
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa5533' } })
    .jpeg()
    .toBuffer();
}, 120_000);
afterAll(() => ctx.close());

const trail = async (query: string) => {
  const res = await as.admin.get(`/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Paged<AuditRow>;
};

/** The zip of a person's export, as its files' names and bytes. */
async function exportOf(client: ApiClient) {
  const res = await client.get('/api/privacy/export');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(String(res.headers['content-disposition'])).toMatch(
    /attachment; filename="dati-personali-\d{4}-\d{2}-\d{2}\.zip"/,
  );
  return unzipSync(new Uint8Array(res.rawPayload));
}
const jsonIn = (zip: Record<string, Uint8Array>, name: string) => {
  const file = zip[name];
  expect(file, name).toBeDefined();
  return JSON.parse(strFromU8(file ?? new Uint8Array())) as unknown;
};

/**
 * Every text column of every table of the database, from the catalog (SQLite's or PostgreSQL's), whose value in some
 * row contains one of `needles` (case-insensitive), as 'table.column': what an erasure must leave empty. One query
 * per table, each column's hit as a max(case ...).
 */
async function whereFound(db: Db, ...needles: string[]): Promise<string[]> {
  const patterns = needles.map((n) => `%${n.toLowerCase()}%`);
  const tables = new Map<string, string[]>();
  const add = (table: string, column: string) => tables.set(table, [...(tables.get(table) ?? []), column]);
  if (process.env.TEST_DATABASE_URL) {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
    `.execute(db);
    for (const r of rows.rows) add(r.table_name, r.column_name);
  } else {
    const names = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
    `.execute(db);
    for (const t of names.rows) {
      const cols = await sql<{
        name: string;
        type: string;
      }>`select name, type from pragma_table_info(${t.name})`.execute(db);
      for (const c of cols.rows) if (!/int|real|num/i.test(c.type)) add(t.name, c.name);
    }
  }
  expect([...tables.values()].flat().length).toBeGreaterThan(50);
  expect(tables.has('audit_log') && tables.has('mail_queue') && tables.has('messages')).toBe(true);
  const found: string[] = [];
  for (const [table, columns] of tables) {
    const hits = columns.map(
      (c, i) =>
        sql`max(case when ${sql.join(
          patterns.map((p) => sql`lower(cast(${sql.ref(c)} as text)) like ${p}`),
          sql` or `,
        )} then 1 else 0 end) as ${sql.ref(`c${i}`)}`,
    );
    const row = (
      await sql<Record<string, number | null>>`select ${sql.join(hits)} from ${sql.table(table)}`.execute(db)
    ).rows[0];
    columns.forEach((c, i) => {
      if (Number(row?.[`c${i}`] ?? 0) > 0) found.push(`${table}.${c}`);
    });
  }
  return found;
}

describe('GET /api/privacy/export', () => {
  it('needs a session: 401 without one', async () => {
    expect((await as.anonymous.get('/api/privacy/export')).statusCode).toBe(401);
  });

  it("gives every role its own data, never another's whatever the request names", { timeout: 120_000 }, async () => {
    const posatore = await ctx.db
      .selectFrom('posatori')
      .selectAll()
      .where('uuid', '=', mario)
      .executeTakeFirstOrThrow();
    for (const [client, username] of [
      [as.admin, 'admin'],
      [as.capoarea, 'capoarea'],
      [as.rivenditore, 'rivenditore'],
      [as.posatore, 'posatore'],
    ] as const) {
      const zip = await exportOf(client);
      expect(Object.keys(zip)).toEqual(
        expect.arrayContaining([
          'profilo.json',
          'account.json',
          'coupon.json',
          'comunicazioni-inviate.json',
          'comunicazioni-ricevute.json',
          'documenti.json',
          'attivita.json',
          'riepilogo.pdf',
        ]),
      );
      expect(jsonIn(zip, 'account.json')).toMatchObject({ username });
      expect(strFromU8(zip['riepilogo.pdf']?.slice(0, 5) ?? new Uint8Array())).toBe('%PDF-');
      const profile = strFromU8(zip['profilo.json'] ?? new Uint8Array());
      if (username === 'posatore') expect(profile).toContain(posatore.codfis);
      else expect(profile).not.toContain(posatore.codfis);
    }
    // The route takes no id: a query or a path naming Mario still gives the caller's own data, or nothing.
    const zip = await exportOf(as.capoarea);
    expect(jsonIn(zip, 'account.json')).toMatchObject({ username: 'capoarea' });
    const named = await as.capoarea.get(`/api/privacy/export?user=${marioUser}&id=${mario}`);
    expect(unzipSync(new Uint8Array(named.rawPayload))['profilo.json']).toBeDefined();
    expect(strFromU8(unzipSync(new Uint8Array(named.rawPayload))['profilo.json'] ?? new Uint8Array())).not.toContain(
      posatore.codfis,
    );
    expect((await as.capoarea.get(`/api/privacy/export/${marioUser}`)).statusCode).toBe(404);
  });

  it("holds the installer's coupons, messages, audit entries and images, and is audited", async () => {
    expect(
      (await as.posatore.inject({ method: 'POST', url: '/api/savemyimg/profile', ...imageForm(jpeg) })).statusCode,
    ).toBe(200);
    expect((await as.posatore.inject({ method: 'POST', url: '/api/mygallery', ...imageForm(jpeg) })).statusCode).toBe(
      200,
    );
    const coupons = await ctx.db.selectFrom('coupons').select('code').where('posatore', '=', mario).execute();
    const received = await ctx.db
      .selectFrom('message_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_uuid', '=', marioUser)
      .executeTakeFirstOrThrow();
    const zip = await exportOf(as.posatore);
    expect((jsonIn(zip, 'coupon.json') as { code: string }[]).map((c) => c.code).sort()).toEqual(
      coupons.map((c) => c.code).sort(),
    );
    expect((jsonIn(zip, 'comunicazioni-ricevute.json') as unknown[]).length).toBe(Number(received.n));
    const images = Object.keys(zip).filter((k) => k.startsWith('immagini/'));
    expect(images.some((k) => k.startsWith('immagini/profilo/'))).toBe(true);
    expect(images.some((k) => k.startsWith('immagini/realizzazioni/'))).toBe(true);
    const entries = jsonIn(zip, 'attivita.json') as { action: string; actorName: string }[];
    expect(entries.some((e) => e.action === 'login' && e.actorName === 'posatore')).toBe(true);
    expect(entries.some((e) => e.action === 'export-dati-personali')).toBe(true);

    const audited = await trail(`?action=export-dati-personali&actor=${marioUser}`);
    expect(audited.data[0]).toMatchObject({
      entity: 'privacy',
      entityId: marioUser,
      actorName: 'posatore',
      changes: [],
    });
  });

  it('pages through thousands of received messages: every one is in the file once', { timeout: 120_000 }, async () => {
    const now = new Date();
    const rows = Array.from({ length: 1300 }, (_, i) => ({
      uuid: newId(),
      at: new Date(now.getTime() - i * 60_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200) {
      const slice = rows.slice(i, i + 200);
      await ctx.db
        .insertInto('messages')
        .values(
          slice.map((r) => ({
            uuid: r.uuid,
            sender_uuid: null,
            mittente: 'Archivio',
            oggetto: `Avviso ${r.uuid}`,
            oggetto_key: `avviso ${r.uuid}`,
            content: 'x'.repeat(400),
            dest: '',
            dests: '[]',
            created_at: r.at,
            updated_at: r.at,
          })),
        )
        .execute();
      await ctx.db
        .insertInto('message_recipients')
        .values(slice.map((r) => ({ message_uuid: r.uuid, user_uuid: marioUser, read_at: null, created_at: r.at })))
        .execute();
    }
    const total = Number(
      (
        await ctx.db
          .selectFrom('message_recipients')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_uuid', '=', marioUser)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const zip = await exportOf(as.posatore);
    const got = jsonIn(zip, 'comunicazioni-ricevute.json') as { uuid: string }[];
    expect(got.length).toBe(total);
    expect(new Set(got.map((m) => m.uuid)).size).toBe(total);
    for (const r of rows.slice(0, 5)) expect(got.some((m) => m.uuid === r.uuid)).toBe(true);
  });
});

describe('POST /api/privacy/erase/{entity}/{id}', () => {
  it('is the admin’s: 401 without a session, 403 to the other roles, 404 for nobody, 400 on bad input', async () => {
    const url = `/api/privacy/erase/posatore/${mario}`;
    expect((await as.anonymous.post(url, {})).statusCode).toBe(401);
    for (const client of [as.capoarea, as.rivenditore, as.posatore])
      expect((await client.post(url, {})).statusCode).toBe(403);
    expect((await as.admin.post(`/api/privacy/erase/posatore/${newId()}`, {})).statusCode).toBe(404);
    // An installer's uuid is not an area manager's.
    expect((await as.admin.post(`/api/privacy/erase/capoarea/${mario}`, {})).statusCode).toBe(404);
    const badEntity = await as.admin.post(`/api/privacy/erase/partner/${mario}`, {});
    expect(badEntity.statusCode).toBe(400);
    expect(badEntity.json()).toMatchObject({
      res: 'KO',
      reason: expect.stringContaining('Tipo di persona non valido'),
    });
    const badId = await as.admin.post('/api/privacy/erase/posatore/pippo', {});
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ reason: expect.stringContaining('Identificativo della persona non valido') });
    // Nothing was erased by the refusals.
    const row = await ctx.db.selectFrom('posatori').select('name').where('uuid', '=', mario).executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Utente rimosso');
  });

  it('refuses a person whose account is also an admin', async () => {
    const admin = await ctx.db
      .selectFrom('users')
      .select('uuid')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const rivenditore = await personOfUser(ctx.db, 'rivenditori', 'rivenditore');
    const own = await ctx.db
      .selectFrom('rivenditori')
      .select('user_uuid')
      .where('uuid', '=', rivenditore)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('user_roles')
      .values({ user_uuid: own.user_uuid ?? '', role: 'admin' })
      .execute();
    try {
      const res = await as.admin.post(`/api/privacy/erase/rivenditore/${rivenditore}`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ reason: expect.stringContaining('amministratore') });
    } finally {
      await ctx.db
        .deleteFrom('user_roles')
        .where('user_uuid', '=', own.user_uuid ?? '')
        .where('role', '=', 'admin')
        .execute();
    }
    expect(admin.uuid).not.toBe(own.user_uuid);
  });

  it(
    "erases an area manager: their messages stay with the recipient, sent by 'Utente rimosso'",
    { timeout: 120_000 },
    async () => {
      const ca = await ctx.db.selectFrom('capoarea').selectAll().where('uuid', '=', capoarea).executeTakeFirstOrThrow();
      const caUser = ca.user_uuid ?? '';
      const sent = await as.capoarea.post('/api/messages/message/nuovo', {
        oggetto: 'Visita in cantiere',
        content: `Per domande scrivete a ${ca.email}`,
        dests: [marioUser],
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const { uuid } = sent.json() as { uuid: string };

      const res = await as.admin.post(`/api/privacy/erase/capoarea/${capoarea}`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ res: 'OK' });

      const inbox = (await as.posatore.get('/api/messages/recv?size=200')).json() as Paged<{
        uuid: string;
        descri: string;
      }>;
      expect(inbox.data.find((m) => m.uuid === uuid)?.descri).toBe('Utente rimosso');
      const message = (await as.posatore.get(`/api/messages/message/${uuid}`)).json() as {
        mittente: string;
        content: string;
      };
      expect(message.mittente).toBe('Utente rimosso');
      expect(message.content).not.toContain(ca.email);
      // The old session is gone with the account, and the login too.
      expect((await as.capoarea.get('/api/me')).statusCode).toBe(401);
      expect((await as.anonymous.post('/auth/login', { user: 'capoarea', pwd: DEMO_PASSWORD })).json()).toMatchObject({
        res: 'KO',
      });
      expect(
        await ctx.db.selectFrom('users').select('uuid').where('uuid', '=', caUser).executeTakeFirst(),
      ).toBeUndefined();
      expect(
        await ctx.db.selectFrom('capoarea_provs').select('prov').where('capoarea_uuid', '=', capoarea).execute(),
      ).toEqual([]);
      expect(await whereFound(ctx.db, ...[ca.email, ca.codfis].filter((t) => t !== ''))).toEqual([]);
    },
  );

  it(
    'erases an installer everywhere but the figures, and records it without the erased data',
    { timeout: 120_000 },
    async () => {
      const before = await ctx.db
        .selectFrom('posatori')
        .selectAll()
        .where('uuid', '=', mario)
        .executeTakeFirstOrThrow();
      const oldEmail = before.email;
      const newEmail = `mario.erasure.${Date.now()}@example.com`;
      const phone = '+39 0471 998877';
      // Traces in the trail (an admin's save with before and after), the queue (a reset link, the notice to the old
      // address), the throttles (a failed login typing the address), the locator's contact form, an export's filter.
      const profile = (await as.admin.get(`/api/posatori/${mario}`)).json() as Record<string, unknown>;
      const saved = await as.admin.post(`/api/posatori/${mario}`, { ...profile, email: newEmail, phone, web: true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await as.anonymous.post('/auth/resetpassword', { user: newEmail })).statusCode).toBe(200);
      await as.anonymous.post('/auth/login', { user: newEmail, pwd: 'Sbagliata-123!' });
      const contact = await as.anonymous.inject({
        method: 'POST',
        url: `/trova-posatore/${mario}/contatto`,
        payload: new URLSearchParams({
          nome: 'Giulia Bianchi',
          contatto: 'giulia.bianchi@example.com',
          messaggio: 'Vorrei un preventivo.',
          consenso: 'on',
          sito: '',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '203.0.113.77',
      });
      expect(contact.statusCode, contact.body).toBeLessThan(400);
      expect((await as.admin.get(`/api/export?name=${encodeURIComponent(before.codfis)}`)).statusCode).toBe(200);
      const toMario = await as.admin.post('/api/messages/message/nuovo', {
        oggetto: 'Corso di aggiornamento',
        content: 'Ti aspettiamo',
        dests: [marioUser],
      });
      expect(toMario.statusCode, toMario.body).toBe(200);
      const adminMessage = (toMario.json() as { uuid: string }).uuid;
      for (const needle of [before.codfis, newEmail, oldEmail])
        expect((await whereFound(ctx.db, needle)).length).toBeGreaterThan(0);
      expect((await storedKeys(ctx.config, `posatori/${mario}`)).length).toBeGreaterThan(0);
      const coupons = await ctx.db
        .selectFrom('coupons')
        .select(['code', 'valore', 'dtesecuzione'])
        .where('posatore', '=', mario)
        .orderBy('code')
        .execute();
      expect(coupons.length).toBeGreaterThan(0);

      const res = await as.admin.post(`/api/privacy/erase/posatore/${mario}`, {});
      expect(res.statusCode, res.body).toBe(200);

      // Nothing of theirs in any text column of any table.
      expect(await whereFound(ctx.db, before.codfis, newEmail, oldEmail, phone)).toEqual([]);
      // Account, sessions and login gone; images and gallery gone from the store.
      expect((await as.posatore.get('/api/me')).statusCode).toBe(401);
      expect(await ctx.db.selectFrom('sessions').select('id').where('user_uuid', '=', marioUser).execute()).toEqual([]);
      expect(await storedKeys(ctx.config, `posatori/${mario}`)).toEqual([]);
      // The profile reads 'Utente rimosso', the coupons stay as figures on it.
      const after = (await as.admin.get(`/api/posatori/${mario}`)).json() as Record<string, unknown>;
      expect(after).toMatchObject({
        name: 'Utente rimosso',
        lastname: '',
        codfis: '',
        email: '',
        phone: '',
        username: '',
        web: false,
      });
      expect(
        await ctx.db
          .selectFrom('coupons')
          .select(['code', 'valore', 'dtesecuzione'])
          .where('posatore', '=', mario)
          .orderBy('code')
          .execute(),
      ).toEqual(coupons);
      // The admin's message stays in the admin's outbox without the installer's name.
      const outbox = (await as.admin.get('/api/messages/sent?size=200')).json() as Paged<{
        uuid: string;
        dest: string;
      }>;
      const kept = outbox.data.find((m) => m.uuid === adminMessage);
      expect(kept).toBeDefined();
      expect(kept?.dest).not.toContain(before.lastname);
      // The visitor's request, in no one else's inbox, is gone.
      expect(
        await ctx.db.selectFrom('messages').select('uuid').where('mittente', 'like', 'Giulia Bianchi%').execute(),
      ).toEqual([]);
      // Off the public locator.
      expect((await as.anonymous.get(`/trova-posatore/${mario}`)).statusCode).toBe(404);
      // Nothing left to decide about them: no suspension to lift, no login to send.
      const reinstate = await as.admin.post(`/api/posatori/${mario}/sospensione`, { sospeso: false });
      expect(reinstate.statusCode).toBe(409);
      expect(reinstate.json()).toEqual({
        res: 'KO',
        reason: 'I dati di questa persona sono stati cancellati: non si può più modificarne lo stato.',
      });
      expect((await as.admin.post('/auth/admin/resetpassword', { user: mario })).statusCode).toBe(400);

      // The erasure's entry names who and whom, no value; the earlier entries keep their fields without values.
      const history = await trail(`?entity=posatore&id=${mario}&size=200`);
      expect(history.data[0]).toMatchObject({
        action: 'cancellazione-dati-personali',
        actorName: 'admin',
        changes: [],
      });
      const edit = history.data.find((e) => e.action === 'modifica' && e.changes.some((c) => c.field === 'email'));
      expect(edit?.changes.find((c) => c.field === 'email')).toEqual({ field: 'email', before: null, after: null });
      const own = await trail(`?actor=${marioUser}&size=200`);
      expect(own.reccount).toBeGreaterThan(0);
      expect(own.data.every((e) => e.actorName === 'Utente rimosso')).toBe(true);
    },
  );
});
