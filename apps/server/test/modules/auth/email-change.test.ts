import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditRow } from '@portal/shared/schemas/audit';
import type { Paged } from '@portal/shared/schemas/paging';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { sendDueMails } from '../../../src/modules/mail/mail-queue.ts';
import { createTestContext, personOfUser, readOutbox, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

/**
 * Verified login address (issue 21 item 4, decision 0022): one's own new e-mail becomes the account's only when
 * the link sent to it is opened (24 hours, once); the old address is told when it happens. Someone else's change
 * (the admin's) is at once, audited, and told to the old address.
 */

let ctx: TestContext;
let as: RoleClients;
let mario: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const CONFIRM_SUBJECT = 'Portale Posatori - Conferma il nuovo indirizzo e-mail';
const NOTICE_SUBJECT = 'Portale Posatori - Indirizzo e-mail cambiato';

const get = async (url: string, client: ApiClient) => {
  const res = await client.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown>;
};
const saveEmail = async (url: string, client: ApiClient, email: string) =>
  client.post(url, { ...(await get(url, client)), email });
const accountOf = (username: string) =>
  ctx.db.selectFrom('users').select(['uuid', 'email']).where('username', '=', username).executeTakeFirstOrThrow();
const loginAnswer = async (user: string) =>
  (await as.anonymous.post('/auth/login', { user, pwd: DEMO_PASSWORD })).json() as { res: string };

/** Sends what the queue holds (as the mail worker would) and answers the mails written to the outbox since `from`. */
async function delivered(from: number) {
  await sendDueMails(ctx.db, ctx.app.mailer, { limit: 100 });
  return readOutbox(ctx.outbox).slice(from);
}
/** The outbox's length once every mail queued so far is sent: what a test's own mails come after. */
async function flushed() {
  await sendDueMails(ctx.db, ctx.app.mailer, { limit: 100 });
  return readOutbox(ctx.outbox).length;
}
const tokenOf = (link: string | undefined) => link?.split('/confermaemail/')[1] ?? '';
/** The token of the newest confirmation mail written to the outbox for `to`. */
const confirmTokenFor = (to: string) => {
  const mail = readOutbox(ctx.outbox)
    .filter((m) => m.to === to && m.subject === CONFIRM_SUBJECT)
    .at(-1);
  return tokenOf(/http\S+\/confermaemail\/\S+/.exec(mail?.text ?? '')?.[0]);
};
const confirm = (token: string) => as.anonymous.post('/auth/email/confirm', { token });
const trail = async (entity: string, id: string) => {
  const res = await as.admin.get(`/api/audit?entity=${entity}&id=${id}&size=5`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Paged<AuditRow>).data;
};

describe("one's own new address waits for the link sent to it", () => {
  it('the installer: the old address stays until the link; then the new one logs in, the old one is told', async () => {
    const before = await accountOf('posatore');
    const sent = await flushed();
    const res = await saveEmail(`/api/posatori/${mario}`, as.posatore, ' Mario.Verificato@Esempio.it');
    expect(res.statusCode, res.body).toBe(200);

    // Nothing changed yet: the account, the profile, the login.
    expect((await accountOf('posatore')).email).toBe(before.email);
    expect((await get(`/api/posatori/${mario}`, as.posatore))['email']).toBe(before.email);
    expect(await loginAnswer('mario.verificato@esempio.it')).toEqual({ res: 'KO' });
    expect((await loginAnswer(before.email)).res).toBe('OK');
    // The profile says what waits.
    const pending = await get('/auth/email/pending', as.posatore);
    expect(pending['email']).toBe('mario.verificato@esempio.it');
    expect(Date.parse(String(pending['expiresAt'])) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    // One mail, to the new address, in Italian, with the link; the old address hears nothing yet.
    const mails = await delivered(sent);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['mario.verificato@esempio.it', CONFIRM_SUBJECT]]);
    expect(mails[0]?.text).toContain('Il link è valido 24 ore e può essere usato una sola volta.');
    expect(mails[0]?.text).toContain('http://localhost:3000/confermaemail/');
    const token = confirmTokenFor('mario.verificato@esempio.it');
    expect(token).not.toBe('');
    // Stored as its hash only.
    const stored = await ctx.db.selectFrom('email_changes').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    // The link, opened without a session.
    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect((await accountOf('posatore')).email).toBe('mario.verificato@esempio.it');
    expect((await get(`/api/posatori/${mario}`, as.posatore))['email']).toBe('mario.verificato@esempio.it');
    expect((await loginAnswer('mario.verificato@esempio.it')).res).toBe('OK');
    expect(await loginAnswer(before.email)).toEqual({ res: 'KO' });
    expect(await get('/auth/email/pending', as.posatore)).toEqual({ email: null, expiresAt: null });

    // The old address is told, without the new one.
    const notice = (await delivered(sent + 1)).find((m) => m.to === before.email);
    expect(notice?.subject).toBe(NOTICE_SUBJECT);
    expect(notice?.text).not.toContain('mario.verificato');
    // The change is in the installer's history, as their own.
    const [entry] = await trail('posatore', mario);
    expect(entry).toMatchObject({ action: 'modifica', actor: before.uuid, actorName: 'posatore' });
    expect(entry?.changes).toEqual([{ field: 'email', before: before.email, after: 'mario.verificato@esempio.it' }]);

    // Once only.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ reason: expect.stringContaining('già stato usato') });
  });

  it.each([
    ['admin', 'admin', 'utente'],
    ['capoarea', 'capoarea', 'capoarea'],
    ['rivenditore', 'rivenditore', 'rivenditore'],
  ] as const)('%s through their own profile', async (role, username, entity) => {
    const client = as[role];
    const before = await accountOf(username);
    const address = `${username}.nuovo@esempio.it`;
    const sent = await flushed();
    const res = await saveEmail('/api/myprofile', client, address);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/myprofile', client))['email']).toBe(before.email);
    expect((await accountOf(username)).email).toBe(before.email);
    expect((await get('/auth/email/pending', client))['email']).toBe(address);
    expect((await delivered(sent)).map((m) => m.to)).toEqual([address]);

    expect((await confirm(confirmTokenFor(address))).statusCode).toBe(200);
    expect((await get('/api/myprofile', client))['email']).toBe(address);
    expect((await accountOf(username)).email).toBe(address);
    expect((await delivered(sent + 1)).map((m) => [m.to, m.subject])).toEqual([[before.email, NOTICE_SUBJECT]]);
    const id = entity === 'utente' ? before.uuid : String((await get('/api/myprofile', client))['uuid']);
    const [entry] = await trail(entity, id);
    expect(entry).toMatchObject({ action: 'modifica', actor: before.uuid });
    expect(entry?.changes).toEqual([{ field: 'email', before: before.email, after: address }]);
  });

  it('a save that keeps the address, or changes other fields only, asks nothing', async () => {
    const sent = await flushed();
    const record = await get('/api/myprofile', as.capoarea);
    const res = await as.capoarea.post('/api/myprofile', { ...record, phone: '02 1234567' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await get('/auth/email/pending', as.capoarea)).toEqual({ email: null, expiresAt: null });
    expect(await delivered(sent)).toEqual([]);
    // The other fields of a save that asks for a new address are saved at once.
    const asked = await as.capoarea.post('/api/myprofile', {
      ...record,
      phone: '02 7654321',
      email: 'altro@esempio.it',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await get('/api/myprofile', as.capoarea))['phone']).toBe('02 7654321');
  });
});

describe('the link', () => {
  it('lives 24 hours (a fixed clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-26T08:00:00.000Z');
    vi.setSystemTime(start);
    const sent = await flushed();
    expect((await saveEmail('/api/myprofile', as.rivenditore, 'scade@esempio.it')).statusCode).toBe(200);
    expect((await saveEmail('/api/myprofile', as.admin, 'in.tempo@esempio.it')).statusCode).toBe(200);
    await delivered(sent);

    vi.setSystemTime(start + 24 * 3600_000 - 1000);
    expect((await confirm(confirmTokenFor('in.tempo@esempio.it'))).statusCode).toBe(200);
    // A day later the session has ended too: the link needs none.
    vi.setSystemTime(start + 24 * 3600_000);
    const late = await confirm(confirmTokenFor('scade@esempio.it'));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ res: 'KO', reason: expect.stringContaining('è scaduto') });
    expect((await accountOf('rivenditore')).email).not.toBe('scade@esempio.it');
  });

  it('a newer request replaces the earlier link', async () => {
    const sent = await flushed();
    expect((await saveEmail('/api/myprofile', as.rivenditore, 'primo@esempio.it')).statusCode).toBe(200);
    expect((await saveEmail('/api/myprofile', as.rivenditore, 'secondo@esempio.it')).statusCode).toBe(200);
    await delivered(sent);
    const first = await confirm(confirmTokenFor('primo@esempio.it'));
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ reason: expect.stringContaining('più recente') });
    expect((await confirm(confirmTokenFor('secondo@esempio.it'))).statusCode).toBe(200);
    expect((await accountOf('rivenditore')).email).toBe('secondo@esempio.it');
  });

  it('an unknown or malformed token: 400 in Italian', async () => {
    const unknown = await confirm('non-esiste');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ reason: expect.stringContaining('non è valido') });
    expect((await as.anonymous.post('/auth/email/confirm', {})).statusCode).toBe(400);
    expect((await as.anonymous.post('/auth/email/confirm', { token: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it('an address another account took since the request is refused, and the link is left as it was', async () => {
    const sent = await flushed();
    expect((await saveEmail('/api/myprofile', as.capoarea, 'conteso.dopo@esempio.it')).statusCode).toBe(200);
    await delivered(sent);
    // Meanwhile the admin gives the address to an installer with an account.
    const other = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('user_uuid', 'is not', null)
      .where('uuid', '<>', mario)
      .orderBy('code')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await saveEmail(`/api/posatori/${other.uuid}`, as.admin, 'conteso.dopo@esempio.it')).statusCode).toBe(200);
    const res = await confirm(confirmTokenFor('conteso.dopo@esempio.it'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Esiste già un utente con questa email' });
    expect((await accountOf('capoarea')).email).not.toBe('conteso.dopo@esempio.it');
  });

  it('the pending change is read by its owner only: 401 without a session', async () => {
    expect((await as.anonymous.get('/auth/email/pending')).statusCode).toBe(401);
  });
});

describe("someone else's change of a person's address is at once", () => {
  it("the admin's: effective now, audited, the old address told", async () => {
    const reseller = await personOfUser(ctx.db, 'rivenditori', 'rivenditore.verona');
    const before = await accountOf('rivenditore.verona');
    const sent = await flushed();
    const res = await saveEmail(`/api/rivenditore/${reseller}`, as.admin, 'verona.nuovo@esempio.it');
    expect(res.statusCode, res.body).toBe(200);
    expect((await accountOf('rivenditore.verona')).email).toBe('verona.nuovo@esempio.it');
    expect((await loginAnswer('verona.nuovo@esempio.it')).res).toBe('OK');
    expect((await delivered(sent)).map((m) => [m.to, m.subject])).toEqual([[before.email, NOTICE_SUBJECT]]);
    const [entry] = await trail('rivenditore', reseller);
    expect(entry?.action).toBe('modifica');
    expect(entry?.changes).toContainEqual({ field: 'email', before: before.email, after: 'verona.nuovo@esempio.it' });
    expect(
      await ctx.db.selectFrom('email_changes').select('uuid').where('user_uuid', '=', before.uuid).execute(),
    ).toEqual([]);
  });

  it("the admin's change of an installer", async () => {
    const installer = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['posatori.uuid', 'users.username'])
      .where('posatori.capoarea', 'is not', null)
      .where('posatori.uuid', '<>', mario)
      .orderBy('posatori.code', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await saveEmail(`/api/posatori/${installer.uuid}`, as.admin, 'da.admin@esempio.it')).statusCode).toBe(200);
    expect((await accountOf(installer.username)).email).toBe('da.admin@esempio.it');
    const [entry] = await trail('posatore', installer.uuid);
    expect(entry?.changes).toContainEqual(expect.objectContaining({ field: 'email', after: 'da.admin@esempio.it' }));
  });

  it('a taken address is refused whoever saves, before anything is asked', async () => {
    const admin = await accountOf('admin');
    const sent = await flushed();
    for (const [url, client] of [
      [`/api/posatori/${mario}`, as.posatore],
      ['/api/myprofile', as.capoarea],
      ['/api/myprofile', as.rivenditore],
    ] as const) {
      const res = await saveEmail(url, client, admin.email);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ fields: { email: 'Esiste già un utente con questa email' } });
    }
    expect(await delivered(sent)).toEqual([]);
  });
});
