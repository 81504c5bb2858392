import jsQRModule from 'jsqr';
import { generate } from 'otplib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { clientOf, type ApiClient } from '../../helpers-clients.ts';
import { createTestContext, demoUser, type TestContext } from '../../helpers.ts';

// jsQR is CommonJS typed with an ES default export (see modules/reports/pdf-reader.ts).
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/** The clock the server and the authenticator share: fixed, moved on by hand. */
let clock = Date.parse('2027-03-01T09:00:00Z');
const tick = (seconds = 30) => vi.setSystemTime((clock += seconds * 1000));
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock / 1000) });

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((k) => k.name === 'portale_sid');
  return c ? `portale_sid=${c.value}` : '';
};

/** The password step: the reply and a client holding whatever session it opened. */
async function passwordStep(ctx: TestContext, user: string, ip = '10.7.0.1') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { user, pwd: DEMO_PASSWORD },
    remoteAddress: ip,
  });
  return { reply: res.json() as { res: string; role?: string[] }, client: clientOf(ctx.app, sessionCookie(res)) };
}

/** Enrols the account of a logged-in (or enrolling) client: its secret and recovery codes. */
async function enrol(client: ApiClient) {
  const setup = await client.post('/auth/2fa/setup', {});
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await client.post('/auth/2fa/enable', { code: await codeFor(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[], enabled };
}

/** The account's audit entries of the second factor, oldest first; no secret or code in any of them. */
async function factorEntries(ctx: TestContext, username: string) {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .innerJoin('users', 'users.uuid', 'audit_log.entity_id')
    .select(['audit_log.action', 'audit_log.actor', 'audit_log.changes', 'users.uuid'])
    .where('users.username', '=', username)
    .where('audit_log.action', 'in', ['2fa-attivata', '2fa-disattivata', 'codice-recupero'])
    .orderBy('audit_log.at')
    .execute();
  for (const r of rows) {
    expect(r.actor).toBe(r.uuid);
    expect(r.changes).toBe('[]');
  }
  // Sorted: the test's clock stands still, so entries may share their time.
  return rows.map((r) => r.action).sort();
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
});
afterAll(() => {
  vi.useRealTimers();
});

describe('two-factor login, optional (outside production)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('refuses every endpoint without a session, in Italian', async () => {
    const anonymous = clientOf(ctx.app, '');
    for (const [url, body] of [
      ['/auth/2fa/setup', {}],
      ['/auth/2fa/enable', { code: '123456' }],
      ['/auth/2fa/verify', { code: '123456' }],
      ['/auth/2fa/disable', { pwd: DEMO_PASSWORD, code: '123456' }],
    ] as const) {
      const res = await anonymous.post(url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ res: 'KO', reason: 'Accesso non effettuato' });
    }
    expect((await anonymous.get('/auth/2fa')).statusCode).toBe(401);
  });

  it('answers bad input with a 400 and the Italian reason', async () => {
    const { client } = await passwordStep(ctx, demoUser.rivenditori);
    const missing = await client.post('/auth/2fa/enable', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ res: 'KO', fields: { code: expect.any(String) } });
    const strange = await client.post('/auth/2fa/enable', { code: '<script>' });
    expect(strange.statusCode).toBe(400);
    expect(strange.json().fields).toEqual({ code: 'Inserisci le 6 cifre dell’app o un codice di recupero' });
    const notStarted = await client.post('/auth/2fa/enable', { code: '123456' });
    expect(notStarted.statusCode).toBe(400);
    expect(notStarted.json().reason).toBe('Avvia prima la configurazione della verifica in due passaggi');
    const notOn = await client.post('/auth/2fa/disable', { pwd: DEMO_PASSWORD, code: '123456' });
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json().reason).toBe('La verifica in due passaggi non è attiva');
  });

  it('enrols with the QR and a first code, and gives ten recovery codes stored only as hashes', async () => {
    const { client } = await passwordStep(ctx, demoUser.capoarea);
    expect((await client.get('/auth/2fa')).json()).toEqual({ enabled: false, mandatory: false });
    const setup = (await client.post('/auth/2fa/setup', {})).json() as Record<string, string>;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/Portale%20Posatori:capoarea?secret=${setup.secret}&issuer=Portale%20Posatori`,
    );
    // The QR a phone scans says the same address.
    const png = PNG.sync.read(Buffer.from(setup.qr!.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(setup.otpauthUrl);

    const wrong = await client.post('/auth/2fa/enable', {
      code: '000000' === (await codeFor(setup.secret!)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ res: 'KO', reason: 'Codice non valido o già usato' });

    const enabled = await client.post('/auth/2fa/enable', { code: await codeFor(setup.secret!) });
    expect(enabled.statusCode).toBe(200);
    const { res, recoveryCodes } = enabled.json() as { res: string; recoveryCodes: string[] };
    expect(res).toBe('OK');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const code of recoveryCodes)
      expect(stored.map((r) => r.code_hash).join(' ')).not.toContain(code.replace('-', ''));

    // The secret is not shown again: a second setup is refused.
    const again = await client.post('/auth/2fa/setup', {});
    expect(again.statusCode).toBe(400);
    expect(again.json().reason).toBe('La verifica in due passaggi è già attiva');
    expect((await client.get('/auth/2fa')).json()).toEqual({ enabled: true, mandatory: false });
    expect(await factorEntries(ctx, 'capoarea')).toEqual(['2fa-attivata']);
  });

  it('then asks the code after the password, with a session that reaches nothing until the code', async () => {
    const { client } = await passwordStep(ctx, demoUser.posatore);
    const { secret } = await enrol(client);
    tick();

    const { reply, client: pending } = await passwordStep(ctx, demoUser.posatore);
    expect(reply).toEqual({ res: '2FA' });
    expect((await pending.get('/auth/check')).json()).toEqual({ role: [] });
    expect((await pending.get('/api/me')).statusCode).toBe(401);
    expect((await pending.post('/auth/2fa/setup', {})).statusCode).toBe(401);
    expect((await pending.post('/auth/renew', {})).statusCode).toBe(401);

    const verified = await pending.post('/auth/2fa/verify', { code: await codeFor(secret) });
    expect(verified.json()).toEqual({ res: 'OK', role: ['posatore'] });
    const loggedIn = clientOf(ctx.app, sessionCookie(verified));
    expect(loggedIn.cookie).not.toBe(pending.cookie);
    expect((await loggedIn.get('/api/me')).statusCode).toBe(200);
    // The half-open session ended with the step.
    expect((await pending.post('/auth/2fa/verify', { code: await codeFor(secret) })).statusCode).toBe(401);

    // The same code does not open a second session.
    const { client: replay } = await passwordStep(ctx, demoUser.posatore);
    const refused = await replay.post('/auth/2fa/verify', { code: await codeFor(secret) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().reason).toBe('Codice non valido o già usato');
  });

  it('takes each recovery code once instead of the app’s code', async () => {
    const { client } = await passwordStep(ctx, demoUser.admin);
    const { recoveryCodes } = await enrol(client);
    const [first] = recoveryCodes;
    const { client: pending } = await passwordStep(ctx, demoUser.admin);
    const ok = await pending.post('/auth/2fa/verify', { code: first!.toUpperCase().replace('-', ' ') });
    expect(ok.json()).toEqual({ res: 'OK', role: ['admin'] });
    const { client: again } = await passwordStep(ctx, demoUser.admin);
    const used = await again.post('/auth/2fa/verify', { code: first });
    expect(used.statusCode).toBe(400);
    expect(used.json().reason).toBe('Codice non valido o già usato');
    expect((await again.post('/auth/2fa/verify', { code: recoveryCodes[1] })).json()).toEqual({
      res: 'OK',
      role: ['admin'],
    });
    // Each recovery code used is in the trail; the refused one is not.
    expect(await factorEntries(ctx, 'admin')).toEqual(['2fa-attivata', 'codice-recupero', 'codice-recupero']);
  });

  it('throttles wrong codes like wrong passwords: 10 from one address, and a new password step does not reset them', async () => {
    const { client } = await passwordStep(ctx, 'rivenditore');
    const { secret } = await enrol(client);
    tick();
    const ip = '10.7.9.9';
    let { client: pending } = await passwordStep(ctx, 'rivenditore', ip);
    for (let i = 0; i < 10; i++) {
      if (i === 5) ({ client: pending } = await passwordStep(ctx, 'rivenditore', ip));
      const res = await pending.post('/auth/2fa/verify', { code: `00000${i}` }, { remoteAddress: ip });
      expect(res.statusCode).toBe(400);
    }
    const locked = await pending.post('/auth/2fa/verify', { code: await codeFor(secret) }, { remoteAddress: ip });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().reason).toBe('Codice non valido o già usato');
    // From another address the owner still gets in.
    const { client: elsewhere } = await passwordStep(ctx, 'rivenditore', '10.7.9.10');
    const ok = await elsewhere.post(
      '/auth/2fa/verify',
      { code: await codeFor(secret) },
      { remoteAddress: '10.7.9.10' },
    );
    expect(ok.json()).toEqual({ res: 'OK', role: ['rivenditori'] });
    // The lock ends after 15 minutes.
    tick(16 * 60);
    const { client: later } = await passwordStep(ctx, 'rivenditore', ip);
    const after = await later.post('/auth/2fa/verify', { code: await codeFor(secret) }, { remoteAddress: ip });
    expect(after.json()).toEqual({ res: 'OK', role: ['rivenditori'] });
  });

  it('switches off with the password and a code, after which the password alone logs in', async () => {
    tick();
    const { client: pending } = await passwordStep(ctx, demoUser.capoarea);
    const row = await ctx.db
      .selectFrom('two_factor')
      .innerJoin('users', 'users.uuid', 'two_factor.user_uuid')
      .select('secret')
      .where('users.username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    const verified = await pending.post('/auth/2fa/verify', { code: await codeFor(row.secret) });
    const client = clientOf(ctx.app, sessionCookie(verified));
    tick();
    const wrongPwd = await client.post('/auth/2fa/disable', { pwd: 'sbagliata', code: await codeFor(row.secret) });
    expect(wrongPwd.statusCode).toBe(400);
    expect(wrongPwd.json()).toMatchObject({ reason: 'Password errata', fields: { pwd: 'Password errata' } });
    const wrongCode = await client.post('/auth/2fa/disable', { pwd: DEMO_PASSWORD, code: '12345' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().reason).toBe('Codice non valido o già usato');
    const off = await client.post('/auth/2fa/disable', { pwd: DEMO_PASSWORD, code: await codeFor(row.secret) });
    expect(off.json()).toEqual({ res: 'OK' });
    expect(await factorEntries(ctx, 'capoarea')).toEqual(['2fa-attivata', '2fa-disattivata']);
    expect((await passwordStep(ctx, demoUser.capoarea)).reply).toEqual({ res: 'OK', role: ['capoarea'] });
  });
});

describe('two-factor login in production: mandatory for admins and area managers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => ctx.close());

  it('sends an admin without it to enrol, with a session that reaches only the enrolment, then logs them in', async () => {
    const { reply, client } = await passwordStep(ctx, demoUser.admin);
    expect(reply).toEqual({ res: 'ENROL' });
    expect((await client.get('/api/me')).statusCode).toBe(401);
    expect((await client.get('/auth/check')).json()).toEqual({ role: [] });
    expect((await client.post('/auth/2fa/verify', { code: '123456' })).statusCode).toBe(401);
    const { enabled } = await enrol(client);
    const loggedIn = clientOf(ctx.app, sessionCookie(enabled));
    expect((await loggedIn.get('/auth/check')).json()).toEqual({ role: ['admin'] });
    expect((await loggedIn.get('/auth/2fa')).json()).toEqual({ enabled: true, mandatory: true });
    const off = await loggedIn.post('/auth/2fa/disable', { pwd: DEMO_PASSWORD, code: '123456' });
    expect(off.statusCode).toBe(400);
    expect(off.json().reason).toBe('Per il tuo ruolo la verifica in due passaggi è obbligatoria');
  });

  it('sends an area manager to enrol too, and lets installers and resellers in with the password alone', async () => {
    expect((await passwordStep(ctx, demoUser.capoarea)).reply).toEqual({ res: 'ENROL' });
    expect((await passwordStep(ctx, demoUser.posatore)).reply).toEqual({ res: 'OK', role: ['posatore'] });
    expect((await passwordStep(ctx, demoUser.rivenditori)).reply).toEqual({ res: 'OK', role: ['rivenditori'] });
  });
});
