import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import {
  areaManagerBody,
  createTestContext,
  personOfUser,
  readOutbox,
  resellerBody,
  sheetInstaller,
  type TestContext,
} from '../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../helpers-clients.ts';

/**
 * Each address logs in one account: no save may give a person's account an address another account logs in by
 * (its username or its e-mail), whoever saves and however it is written; and a change of the address that receives
 * reset links is told to the previous address.
 */

let ctx: TestContext;
let as: RoleClients;
let mario: string;
/** The demo area manager's and the admin's e-mail addresses. */
let managerEmail: string;
let adminEmail: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
  const emailOf = async (username: string) =>
    (await ctx.db.selectFrom('users').select('email').where('username', '=', username).executeTakeFirstOrThrow()).email;
  managerEmail = await emailOf('capoarea');
  adminEmail = await emailOf('admin');
});
afterAll(() => ctx.close());

const TAKEN = 'Esiste già un utente con questa email';

const get = async (url: string, client: ApiClient) => {
  const res = await client.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown>;
};
/** The record the GET gave, sent back with another e-mail. */
const saveEmail = async (url: string, client: ApiClient, email: string) =>
  client.post(url, { ...(await get(url, client)), email });
const loginAnswer = async (user: string, pwd = DEMO_PASSWORD) =>
  (await as.anonymous.post('/auth/login', { user, pwd })).json();
const accountOf = (username: string) =>
  ctx.db.selectFrom('users').select(['uuid', 'email']).where('username', '=', username).executeTakeFirstOrThrow();
const notices = (to: string) =>
  ctx.db
    .selectFrom('mail_queue')
    .select(['to_addr', 'subject', 'body'])
    .where('to_addr', '=', to)
    .where('subject', '=', 'Portale Posatori - Indirizzo e-mail cambiato')
    .execute();

/** The n-th demo installer with an account, Mario aside. */
const installerWithAccount = async (n: number) =>
  (
    await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('user_uuid', 'is not', null)
      .where('uuid', '<>', mario)
      .orderBy('code')
      .offset(n)
      .limit(1)
      .executeTakeFirstOrThrow()
  ).uuid;

function expectTaken(res: { statusCode: number; body: string; json(): { fields?: Record<string, string> } }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().fields).toEqual({ email: TAKEN });
}

describe("no save gives a person's account another account's address", () => {
  it('the installer saving their own profile with the area manager’s address: 400, and the manager still logs in and resets by it', async () => {
    const before = (await accountOf('posatore')).email;
    expectTaken(await saveEmail(`/api/posatori/${mario}`, as.posatore, managerEmail));
    // Written another way: spaces and capitals are the same address.
    expectTaken(await saveEmail(`/api/posatori/${mario}`, as.posatore, ` ${managerEmail.toUpperCase()} `));
    expect((await accountOf('posatore')).email).toBe(before);
    expect(await loginAnswer(managerEmail)).toMatchObject({ res: 'OK', role: ['capoarea'] });
    const sent = readOutbox(ctx.outbox).length;
    await as.anonymous.post('/auth/resetpassword', { user: managerEmail });
    await ctx.app.background.drain();
    expect(readOutbox(ctx.outbox).slice(sent)).toEqual([expect.objectContaining({ to: managerEmail })]);
  });

  it("the area manager through an installer they reach, and the admin's installer save", async () => {
    expectTaken(await saveEmail(`/api/posatori/${mario}`, as.capoarea, adminEmail));
    expectTaken(await saveEmail(`/api/posatori/${mario}`, as.admin, managerEmail));
    expect(await loginAnswer(adminEmail)).toMatchObject({ res: 'OK', role: ['admin'] });
  });

  it("an address that is another account's username only: it still logs that account in", async () => {
    // A reseller created as ugo.primo@esempio.it (their username), whose e-mail then changed.
    const created = await as.admin.post('/api/riventitore', resellerBody({ code: '', email: 'ugo.primo@esempio.it' }));
    expect(created.statusCode, created.body).toBe(200);
    const reseller = (created.json() as { uuid: string }).uuid;
    expect((await saveEmail(`/api/rivenditore/${reseller}`, as.admin, 'ugo.secondo@esempio.it')).statusCode).toBe(200);
    expectTaken(await saveEmail(`/api/posatori/${mario}`, as.admin, 'ugo.primo@esempio.it'));
  });

  it('every role saving its own profile', async () => {
    expectTaken(await saveEmail('/api/myprofile', as.admin, managerEmail));
    expectTaken(await saveEmail('/api/myprofile', as.capoarea, adminEmail));
    expectTaken(await saveEmail('/api/myprofile', as.rivenditore, adminEmail));
  });

  it("the admin's area manager and reseller forms", async () => {
    const ca = await personOfUser(ctx.db, 'capoarea', 'capoarea.nordest');
    expectTaken(await saveEmail(`/api/capoarea/${ca}`, as.admin, adminEmail));
    const reseller = await personOfUser(ctx.db, 'rivenditori', 'rivenditore.verona');
    expectTaken(await saveEmail(`/api/rivenditore/${reseller}`, as.admin, managerEmail));
  });

  it('an import row updating an installer who has an account', async () => {
    const stored = await ctx.db.selectFrom('posatori').selectAll().where('uuid', '=', mario).executeTakeFirstOrThrow();
    const row = sheetInstaller(0, {
      codfis: stored.codfis,
      lastname: stored.lastname,
      name: stored.name,
      email: adminEmail,
    });
    const res = await as.admin.post('/api/imports/posatori', row);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().reason).toBe(`EMAIL: ${TAKEN}`);
    expect(
      (await ctx.db.selectFrom('posatori').select('email').where('uuid', '=', mario).executeTakeFirstOrThrow()).email,
    ).toBe(stored.email);
  });

  it('keeps every address where it was', async () => {
    expect((await accountOf('capoarea')).email).toBe(managerEmail);
    expect((await accountOf('admin')).email).toBe(adminEmail);
    const holders = await ctx.db
      .selectFrom('users')
      .select('username')
      .where('email', 'in', [managerEmail, adminEmail])
      .execute();
    expect(holders.map((h) => h.username).sort()).toEqual(['admin', 'capoarea']);
  });
});

describe('two saves at once', () => {
  it('giving one new address to two people: one wins, the other is refused', async () => {
    const [a, b] = await Promise.all(
      ['rivenditore.bologna', 'rivenditore.roma'].map((u) => personOfUser(ctx.db, 'rivenditori', u)),
    );
    const records = await Promise.all([a, b].map((id) => get(`/api/rivenditore/${id}`, as.admin)));
    const contested = 'conteso@esempio.it';
    const replies = await Promise.all(
      [a, b].map((id, i) => as.admin.post(`/api/rivenditore/${id}`, { ...records[i], email: contested })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const holders = await ctx.db.selectFrom('users').select('username').where('email', '=', contested).execute();
    expect(holders).toHaveLength(1);
  });

  it('an area manager created with an address an installer is being given', async () => {
    const id = await installerWithAccount(0);
    const record = await get(`/api/posatori/${id}`, as.admin);
    const address = 'nuovo.indirizzo@esempio.it';
    const [save, create] = await Promise.all([
      as.admin.post(`/api/posatori/${id}`, { ...record, email: address }),
      as.admin.post('/api/capoarea', areaManagerBody({ email: address })),
    ]);
    expect([save.statusCode, create.statusCode].sort()).toEqual([200, 400]);
    const logins = await ctx.db.selectFrom('user_logins').select('user_uuid').where('login', '=', address).execute();
    expect(logins).toHaveLength(1);
  });
});

describe('a new address for the reset links is told to the old one', () => {
  it("the installer's own change, once confirmed: a notice in Italian to the old address, and resets go to the new one", async () => {
    const old = (await accountOf('posatore')).email;
    const res = await saveEmail(`/api/posatori/${mario}`, as.posatore, 'Mario.Rossi.Nuovo@Esempio.it ');
    expect(res.statusCode, res.body).toBe(200);
    // One's own new address waits for the link sent to it (test/modules/auth/email-change.test.ts).
    expect((await accountOf('posatore')).email).toBe(old);
    const { link } = await ctx.db
      .selectFrom('mail_queue')
      .select('link')
      .where('to_addr', '=', 'mario.rossi.nuovo@esempio.it')
      .executeTakeFirstOrThrow();
    const token = link.split('/confermaemail/')[1] ?? '';
    expect((await as.anonymous.post('/auth/email/confirm', { token })).statusCode).toBe(200);
    expect((await accountOf('posatore')).email).toBe('mario.rossi.nuovo@esempio.it');
    const [notice, ...more] = await notices(old);
    expect(more).toEqual([]);
    expect(notice?.body).toContain(
      `l'indirizzo e-mail dell'account "posatore" sul Portale Posatori è stato cambiato il`,
    );
    expect(notice?.body).toContain("avvisa subito l'amministratore");
    expect(notice?.body).not.toContain('mario.rossi.nuovo');
    // The new address logs in and receives the reset links; the old one does neither.
    expect(await loginAnswer('mario.rossi.nuovo@esempio.it')).toMatchObject({ res: 'OK' });
    expect(await loginAnswer(old)).toEqual({ res: 'KO' });
    const sent = readOutbox(ctx.outbox).length;
    await as.anonymous.post('/auth/resetpassword', { user: 'posatore' });
    await ctx.app.background.drain();
    expect(readOutbox(ctx.outbox).slice(sent)).toEqual([
      expect.objectContaining({ to: 'mario.rossi.nuovo@esempio.it' }),
    ]);
    // The address it left is free for someone else.
    const id = await installerWithAccount(1);
    expect((await saveEmail(`/api/posatori/${id}`, as.admin, old)).statusCode).toBe(200);
  });

  it('a save that keeps the address sends nothing', async () => {
    const current = (await accountOf('capoarea')).email;
    expect((await saveEmail('/api/myprofile', as.capoarea, current)).statusCode).toBe(200);
    expect(await notices(current)).toEqual([]);
  });
});
