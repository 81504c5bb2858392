import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MassActivation } from '@portal/shared/schemas/mass-activation';
import { sendDueMails } from '../../../src/modules/mail/mail-queue.ts';
import { resumeMassActivations } from '../../../src/modules/mass-activation/mass-activation.service.ts';
import { noCouponTotals } from '../../../src/modules/posatori/posatori.table.ts';
import { createTestContext, login, personOfUser, readOutbox, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
let mario: string;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
});
afterAll(() => ctx.close());

type Run = MassActivation;

/** Presses the button and waits for the background preparation: the finished run. */
async function press(): Promise<Run> {
  const res = await as.admin.post('/api/sendmassive', {});
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ res: 'OK', run: { finished_at: '' } });
  await ctx.app.background.drain();
  const { run } = (await as.admin.get('/api/sendmassive')).json() as { run: Run };
  expect(run.finished_at).not.toBe('');
  return run;
}

/** A new installer without an account, in Milan, with the given e-mail. */
async function installer(email: string): Promise<string> {
  const template = await ctx.db.selectFrom('posatori').selectAll().where('uuid', '=', mario).executeTakeFirstOrThrow();
  const uuid = crypto.randomUUID();
  await ctx.db
    .insertInto('posatori')
    .values({ ...template, ...noCouponTotals, uuid, user_uuid: null, userstato: 'none', code: '', code_key: '', email })
    .execute();
  return uuid;
}

const accountOf = async (uuid: string) =>
  await ctx.db
    .selectFrom('posatori')
    .select(['user_uuid', 'userstato'])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();

describe('who may press it', () => {
  it('the admin only; without a session 401', async () => {
    for (const client of [as.capoarea, as.rivenditore, as.posatore]) {
      expect((await client.post('/api/sendmassive', {})).statusCode).toBe(403);
      expect((await client.get('/api/sendmassive')).statusCode).toBe(403);
    }
    expect((await as.anonymous.post('/api/sendmassive', {})).statusCode).toBe(401);
  });

  it('a body with fields is refused with a message', async () => {
    const res = await as.admin.post('/api/sendmassive', { tutti: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ res: 'KO', reason: expect.any(String) });
  });
});

describe('a press', () => {
  let fresh: string;
  let noEmail: string;
  let badEmail: string;
  let sharedA: string;
  let sharedB: string;
  let takenLogin: string;
  let first: Run;

  beforeAll(async () => {
    fresh = await installer(' Nuovo.Posatore@Esempio.it ');
    noEmail = await installer('');
    badEmail = await installer('non-una-email');
    sharedA = await installer('famiglia@esempio.it');
    sharedB = await installer('Famiglia@esempio.it');
    const capoareaEmail = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    takenLogin = await installer(capoareaEmail.email);
    first = await press();
  });

  it('gives every installer with a usable address and no account a requested account and one e-mail', async () => {
    const account = await accountOf(fresh);
    expect(account.userstato).toBe('requested');
    const user = await ctx.db
      .selectFrom('users')
      .select(['username', 'stato'])
      .where('uuid', '=', account.user_uuid ?? '')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ username: 'nuovo.posatore@esempio.it', stato: 'requested' });
    expect(first.accodati).toBeGreaterThan(0);
    expect(first.in_attesa + first.inviati).toBe(first.accodati);
  });

  it('counts and leaves alone who has no address, a wrong one, or one that names someone else', async () => {
    for (const uuid of [noEmail, badEmail, sharedA, sharedB, takenLogin]) {
      expect((await accountOf(uuid)).user_uuid).toBeNull();
    }
    expect(first.senza_email).toBeGreaterThanOrEqual(1);
    expect(first.email_non_valida).toBeGreaterThanOrEqual(1);
    expect(first.email_condivisa).toBeGreaterThanOrEqual(3);
    expect(first.candidati).toBe(
      first.accodati + first.senza_email + first.email_non_valida + first.email_condivisa + first.link_validi,
    );
  });

  it('does not touch an installer whose account is active', async () => {
    const { user_uuid } = await accountOf(mario);
    const links = await ctx.db
      .selectFrom('password_resets')
      .select('uuid')
      .where('user_uuid', '=', user_uuid ?? '')
      .execute();
    expect(links).toHaveLength(0);
    expect((await accountOf(mario)).userstato).toBe('active');
  });

  it('the queue sends the e-mails, and the link activates the account', async () => {
    await sendDueMails(ctx.db, ctx.app.mailer, { limit: 10_000 });
    const { run } = (await as.admin.get('/api/sendmassive')).json() as { run: Run };
    expect(run).toMatchObject({ inviati: first.accodati, in_attesa: 0, falliti: 0 });
    const mail = readOutbox(ctx.outbox).find((m) => m.to === 'nuovo.posatore@esempio.it');
    expect(mail?.subject).toBe('Portale Posatori - Attivazione account');
    const token = mail?.link?.split('/resetpwd/')[1] ?? '';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/auth/resetpwd',
      payload: { pid: token, ppwd: 'Posa-Nuova-2026!' },
    });
    expect(reset.json()).toMatchObject({ res: 'OK' });
    expect((await accountOf(fresh)).userstato).toBe('active');
    expect(await login(ctx.app, 'nuovo.posatore@esempio.it', 'Posa-Nuova-2026!')).toBeTruthy();
    // What was sent keeps no link in the queue.
    const row = await ctx.db
      .selectFrom('mail_queue')
      .select(['body', 'link'])
      .where('uuid', 'like', `act:${first.uuid}:%`)
      .where('to_addr', '=', 'nuovo.posatore@esempio.it')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ body: '', link: '' });
  });

  it('pressing again while the links are valid sends nothing twice; an expired link gets a new one', async () => {
    const again = await press();
    expect(again.accodati).toBe(0);
    expect(again.link_validi).toBe(first.accodati - 1); // the one activated above is active now
    const [someone] = await ctx.db
      .selectFrom('posatori')
      .select('user_uuid')
      .where('userstato', '=', 'requested')
      .where('user_uuid', 'is not', null)
      .limit(1)
      .execute();
    await ctx.db
      .updateTable('password_resets')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_uuid', '=', someone?.user_uuid ?? '')
      .execute();
    const third = await press();
    expect(third.accodati).toBe(1);
  });

  it('a run whose runner died is taken over by one of the instances claiming it, and goes on after its cursor', async () => {
    const fresh = [await installer('ripresa.1@example.it'), await installer('ripresa.2@example.it')];
    const uuid = crypto.randomUUID();
    const lease = (until: number) => ({ lease_owner: 'dead instance', lease_until: new Date(until).toISOString() });
    await ctx.db
      .insertInto('mass_activations')
      .values({
        uuid,
        started_by: 'test',
        started_at: new Date().toISOString(),
        finished_at: '',
        candidati: 0,
        accodati: 0,
        senza_email: 0,
        email_non_valida: 0,
        email_condivisa: 0,
        link_validi: 0,
        cursor: '',
        ...lease(Date.now() + 60_000),
      })
      .execute();
    const deps = ctx.app.massActivation;
    // A live lease is its runner's.
    expect(await resumeMassActivations(deps)).toBe(0);
    await ctx.db
      .updateTable('mass_activations')
      .set(lease(Date.now() - 1))
      .where('uuid', '=', uuid)
      .execute();
    const taken = await Promise.all([resumeMassActivations(deps), resumeMassActivations(deps)]);
    expect(taken.sort()).toEqual([0, 1]);
    await ctx.app.background.drain();
    const { run } = (await as.admin.get('/api/sendmassive')).json() as { run: Run };
    expect(run).toMatchObject({ uuid, accodati: 2 });
    expect(run.finished_at).not.toBe('');
    for (const p of fresh) expect((await accountOf(p)).userstato).toBe('requested');
    const mails = await ctx.db.selectFrom('mail_queue').select('to_addr').where('batch', '=', uuid).execute();
    expect(mails.map((m) => m.to_addr).sort()).toEqual(['ripresa.1@example.it', 'ripresa.2@example.it']);
    expect(await resumeMassActivations(deps)).toBe(0);
  });

  it('a second press while one is preparing is refused', async () => {
    await ctx.db
      .insertInto('mass_activations')
      .values({
        uuid: crypto.randomUUID(),
        started_by: 'test',
        started_at: new Date(Date.now() + 1000).toISOString(),
        finished_at: '',
        candidati: 0,
        accodati: 0,
        senza_email: 0,
        email_non_valida: 0,
        email_condivisa: 0,
        link_validi: 0,
        lease_owner: 'another instance',
        lease_until: new Date(Date.now() + 60_000).toISOString(),
        cursor: '',
      })
      .execute();
    const res = await as.admin.post('/api/sendmassive', {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ res: 'KO', reason: 'Invio massivo già in corso: attendi che finisca' });
  });
});
