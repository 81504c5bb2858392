import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import {
  createTestContext,
  login,
  parseEml,
  personOfUser,
  readOutbox,
  resetIdOf,
  type TestContext,
} from '../../helpers.ts';
import { buildApp } from '../../../src/app.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { enqueueMails, sendDueMails } from '../../../src/modules/mail/mail-queue.ts';
import type { Mail, Mailer } from '../../../src/lib/mailer.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
/** The self-service request; its e-mail is written after the reply, so wait for it. */
const requestReset = async (user: string) => {
  const res = await post('/auth/resetpassword', { user });
  await ctx.app.background.drain();
  return res;
};
const lastMail = () => readOutbox(ctx.outbox).at(-1);
const tryLogin = (user: string, pwd: string) => post('/auth/login', { user, pwd });

describe('password reset by e-mail', () => {
  it('sends the Italian e-mail with the link, sets the new password once, and ends other sessions', async () => {
    const oldSession = await login(ctx.app, 'posatore');
    const before = readOutbox(ctx.outbox).length;
    expect((await requestReset('posatore')).json()).toEqual({ res: 'OK' });
    const mails = readOutbox(ctx.outbox);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe('mario.rossi@esempio.it');
    expect(mail.subject).toBe('Portale Posatori - Reimpostazione password');
    expect(mail.text).toContain("Il link è valido un'ora");
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/resetpwd\/[A-Za-z0-9_-]{22}$/);

    const pid = resetIdOf(mail.link);
    expect((await post('/auth/resetpwd', { pid, ppwd: 'fughe-chiare-2027' })).json()).toEqual({ res: 'OK' });
    expect((await tryLogin('posatore', 'fughe-chiare-2027')).json().res).toBe('OK');
    expect((await tryLogin('posatore', DEMO_PASSWORD)).json().res).toBe('KO');
    // The session opened before the reset is over.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/avatar', headers: { cookie: oldSession } })).statusCode,
    ).toBe(401);
    // The link works once.
    expect((await post('/auth/resetpwd', { pid, ppwd: 'altra-password-9' })).json()).toEqual({
      res: 'KO',
      reason: 'Errore sessione',
    });
  });

  it('answers the same to an unknown user and sends nothing', async () => {
    const before = readOutbox(ctx.outbox).length;
    expect((await requestReset('nessuno')).json()).toEqual({ res: 'OK' });
    expect(readOutbox(ctx.outbox)).toHaveLength(before);
  });

  it('sends nothing to a disabled user', async () => {
    const before = readOutbox(ctx.outbox).length;
    expect((await requestReset('capoarea.sud')).json()).toEqual({ res: 'OK' });
    expect(readOutbox(ctx.outbox)).toHaveLength(before);
  });

  it('refuses an expired link', async () => {
    await requestReset('capoarea');
    const pid = resetIdOf(lastMail()?.link);
    await ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    expect((await post('/auth/resetpwd', { pid, ppwd: 'fughe-chiare-2027' })).json()).toEqual({
      res: 'KO',
      reason: 'Errore sessione',
    });
    expect((await tryLogin('capoarea', DEMO_PASSWORD)).json().res).toBe('OK');
  });

  it('expires links after one hour', async () => {
    await requestReset('rivenditore');
    const row = await ctx.db
      .selectFrom('password_resets')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(3600_000);
    // Only the hash is stored.
    expect(row.token_hash).not.toBe(resetIdOf(lastMail()?.link));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a short or easy password with the reason on its field, and keeps the link usable', async () => {
    await requestReset('rivenditore');
    const pid = resetIdOf(lastMail()?.link);
    const short = await post('/auth/resetpwd', { pid, ppwd: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json().reason).toContain('almeno 8 caratteri');
    for (const ppwd of ['aaaaaaaa', 'abcdefgh', 'qwertyui', '11223344', 'password2', '123123123', 'password123']) {
      const easy = await post('/auth/resetpwd', { pid, ppwd });
      expect(easy.statusCode, ppwd).toBe(400);
      const { reason, fields } = easy.json() as { reason: string; fields: { ppwd: string } };
      expect(reason, ppwd).toMatch(/^Password troppo facile da indovinare: \p{Ll}.+\.$/u);
      expect(fields).toEqual({ ppwd: reason });
    }
    expect((await post('/auth/resetpwd', { pid, ppwd: 'password2' })).json().fields.ppwd).toBe(
      'Password troppo facile da indovinare: questa è una password di uso comune. Aggiungi altre parole poco comuni.',
    );
    expect((await post('/auth/resetpwd', { pid, ppwd: 'mattonelle-2027' })).json()).toEqual({ res: 'OK' });
  });

  it("counts the person's own name, username and e-mail against the password", async () => {
    // The demo installer: Mario Rossi, username posatore, mario.rossi@esempio.it.
    await requestReset('posatore');
    const pid = resetIdOf(lastMail()?.link);
    for (const ppwd of ['rossimario', 'Mario2026!', 'mario.rossi@esempio.it', 'posatore2026', 'esempio2026']) {
      const refused = await post('/auth/resetpwd', { pid, ppwd });
      expect(refused.statusCode, ppwd).toBe(400);
      expect(refused.json().fields.ppwd, ppwd).toMatch(/^Password troppo facile da indovinare: /);
    }
    // Mario's address is a fine password for someone else: reseller Bologna's account.
    await requestReset('rivenditore.bologna');
    const other = resetIdOf(lastMail()?.link);
    expect((await post('/auth/resetpwd', { pid: other, ppwd: 'mario.rossi@esempio.it' })).json()).toEqual({
      res: 'OK',
    });
  });

  it('lifts the lockout: the owner logs in with the new password from the address that was locked', async () => {
    const from = (user: string, pwd: string) =>
      ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { user, pwd }, remoteAddress: '10.7.0.1' });
    for (let i = 0; i < 10; i++) expect((await from('rivenditore.bergamo', `errata-${i}`)).json().res).toBe('KO');
    expect((await from('rivenditore.bergamo', DEMO_PASSWORD)).json()).toEqual({ res: 'KO' });
    await requestReset('rivenditore.bergamo');
    const pid = resetIdOf(lastMail()?.link);
    expect((await post('/auth/resetpwd', { pid, ppwd: 'fughe-grigie-2027' })).json()).toEqual({ res: 'OK' });
    expect((await from('rivenditore.bergamo', 'fughe-grigie-2027')).json().res).toBe('OK');
  });

  it('refuses an unknown link', async () => {
    expect((await post('/auth/resetpwd', { pid: 'inventato', ppwd: 'fughe-chiare-2027' })).json()).toEqual({
      res: 'KO',
      reason: 'Errore sessione',
    });
  });
});

describe('admin reset and activation', () => {
  const personUuid = (table: 'posatori' | 'capoarea', username: string) => personOfUser(ctx.db, table, username);

  it('is refused without a session (401), to non-admins (403), for unknown (404) and malformed ids (400)', async () => {
    const target = await personUuid('capoarea', 'capoarea');
    expect((await post('/auth/admin/resetpassword', { user: target })).statusCode).toBe(401);
    // The tests above changed the passwords of posatore and rivenditore.
    const others: [string, string][] = [
      ['capoarea', DEMO_PASSWORD],
      ['rivenditore', 'mattonelle-2027'],
      ['posatore', 'fughe-chiare-2027'],
    ];
    for (const [user, pwd] of others) {
      const cookie = await login(ctx.app, user, pwd);
      expect((await post('/auth/admin/resetpassword', { user: target }, cookie)).statusCode).toBe(403);
    }
    const admin = await login(ctx.app, 'admin');
    expect((await post('/auth/admin/resetpassword', { user: crypto.randomUUID() }, admin)).statusCode).toBe(404);
    const bad = await post('/auth/admin/resetpassword', { user: 'non-un-uuid' }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().res).toBe('KO');
  });

  it('sends an activation to a requested account, whose new password makes it active', async () => {
    const admin = await login(ctx.app, 'admin');
    const target = await personUuid('capoarea', 'capoarea.centro');
    expect((await post('/auth/admin/resetpassword', { user: target }, admin)).json()).toEqual({ res: 'OK' });
    const mail = lastMail()!;
    expect(mail.subject).toBe('Portale Posatori - Attivazione account');
    expect((await post('/auth/resetpwd', { pid: resetIdOf(mail.link), ppwd: 'capoarea-centro-1' })).json()).toEqual({
      res: 'OK',
    });
    const user = await ctx.db
      .selectFrom('users')
      .select('stato')
      .where('username', '=', 'capoarea.centro')
      .executeTakeFirstOrThrow();
    expect(user.stato).toBe('active');
    expect((await tryLogin('capoarea.centro', 'capoarea-centro-1')).json()).toEqual({ res: 'OK', role: ['capoarea'] });
  });

  it('refuses to create an account whose e-mail another account already uses', async () => {
    const admin = await login(ctx.app, 'admin');
    const orphan = await ctx.db
      .selectFrom('posatori')
      .select(['uuid', 'email'])
      .where('user_uuid', 'is', null)
      .orderBy('uuid', 'desc')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('posatori')
      .set({ email: 'admin@portale-posatori.it' })
      .where('uuid', '=', orphan.uuid)
      .execute();
    const res = await post('/auth/admin/resetpassword', { user: orphan.uuid }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Esiste già un utente con questa email' });
    await ctx.db.updateTable('posatori').set({ email: orphan.email }).where('uuid', '=', orphan.uuid).execute();
  });

  it('creates the account of an installer who has none, named after the e-mail address', async () => {
    const admin = await login(ctx.app, 'admin');
    const orphan = await ctx.db
      .selectFrom('posatori')
      .select(['uuid', 'email'])
      .where('user_uuid', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await post('/auth/admin/resetpassword', { user: orphan.uuid }, admin)).json()).toEqual({ res: 'OK' });
    const mail = lastMail()!;
    expect(mail.to).toBe(orphan.email);
    expect((await post('/auth/resetpwd', { pid: resetIdOf(mail.link), ppwd: 'nuovo-posatore-1' })).json()).toEqual({
      res: 'OK',
    });
    expect((await tryLogin(orphan.email, 'nuovo-posatore-1')).json()).toEqual({ res: 'OK', role: ['posatore'] });
  });
});

describe('delivery when the mail server is down', () => {
  it('keeps the reset e-mail queued as transactional, ahead of any bulk, and sends it once the server is back', async () => {
    const sent: Mail[] = [];
    let down = true;
    const mailer: Mailer = {
      async send(mail) {
        if (down) throw new Error('SMTP non raggiungibile');
        sent.push(mail);
      },
    };
    const app = await buildApp({ config: ctx.config, db: ctx.db, mailer });
    await app.ready();
    try {
      // A bulk send is waiting (a mass activation's mails, say).
      await enqueueMails(
        ctx.db,
        Array.from({ length: 30 }, (_, i) => ({
          uuid: `bulk:${i}`,
          to: `massivo${i}@esempio.it`,
          subject: 'Avviso',
          body: 'Testo',
          lane: 'act:prova',
        })),
      );
      await app.inject({ method: 'POST', url: '/auth/resetpassword', payload: { user: 'capoarea' } });
      await app.background.drain();
      expect(sent).toHaveLength(0);
      const queued = await ctx.db
        .selectFrom('mail_queue')
        .select(['uuid', 'to_addr', 'priority', 'attempts', 'status'])
        .where('priority', '=', 0)
        .where('status', '=', 'pending')
        .execute();
      expect(queued).toMatchObject([{ priority: 0, attempts: 1 }]);
      down = false;
      await ctx.db.updateTable('mail_queue').set({ next_at: '2000-01-01T00:00:00.000Z' }).execute();
      await sendDueMails(ctx.db, mailer, { limit: 1 });
      expect(sent.map((m) => m.subject)).toEqual(['Portale Posatori - Reimpostazione password']);
      expect(sent[0]?.text).toContain('/resetpwd/');
    } finally {
      await app.close();
      await ctx.db.deleteFrom('mail_queue').where('uuid', 'like', 'bulk:%').execute();
    }
  });
});

describe('delivery through SMTP', () => {
  it('hands the reset e-mail to a real SMTP server when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const smtp = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
    try {
      expect(
        (await smtp.app.inject({ method: 'POST', url: '/auth/resetpassword', payload: { user: 'admin' } })).json(),
      ).toEqual({ res: 'OK' });
      await smtp.app.background.drain();
      expect(received).toHaveLength(1);
      const mail = parseEml(received[0]!);
      expect(mail.to).toBe('admin@portale-posatori.it');
      expect(mail.link).toMatch(/^http:\/\/localhost:3000\/resetpwd\//);
      expect(readOutbox(smtp.outbox)).toHaveLength(0);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
