import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Background } from '../../src/lib/background.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { THROTTLE } from '../../src/modules/auth/login.service.ts';
import {
  areaManagerBody,
  createTestContext,
  readOutbox,
  resellerBody,
  resetIdOf,
  type TestContext,
} from '../helpers.ts';
import { loginAs, type RoleClients } from '../helpers-clients.ts';

/** The account findings, each reproduced and closed. */

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

const lastLink = () => resetIdOf(readOutbox(ctx.outbox).at(-1)?.link);
const personOf = async (table: 'capoarea' | 'rivenditori', username: string) =>
  ctx.db
    .selectFrom(table)
    .innerJoin('users', 'users.uuid', `${table}.user_uuid`)
    .select([`${table}.uuid as uuid`, 'users.uuid as userUuid'])
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
const statoOf = async (userUuid: string) =>
  (await ctx.db.selectFrom('users').select('stato').where('uuid', '=', userUuid).executeTakeFirstOrThrow()).stato;

describe('a disabled account stays disabled', () => {
  it('disabling cancels a reset link sent before, and the link cannot switch the account back on', async () => {
    const ca = await personOf('capoarea', 'capoarea.nordest');
    expect((await as.admin.post('/auth/admin/resetpassword', { user: ca.uuid })).statusCode).toBe(200);
    const pid = lastLink();
    expect((await as.admin.post(`/api/capoarea/${ca.uuid}/stato`, { stato: 'disabled' })).json().stato).toBe(
      'disabled',
    );

    const used = await as.anonymous.post('/auth/resetpwd', { pid, ppwd: 'riattivami-2027' });
    expect(used.json()).toEqual({ res: 'KO', reason: 'Errore sessione' });
    expect(await statoOf(ca.userUuid)).toBe('disabled');
  });

  it('an activation sent to a disabled account sets the password but leaves the access off', async () => {
    const reseller = await personOf('rivenditori', 'rivenditore.genova');
    await as.admin.post(`/api/rivenditore/${reseller.uuid}/stato`, { stato: 'disabled' });
    expect((await as.admin.post('/auth/admin/resetpassword', { user: reseller.uuid })).statusCode).toBe(200);
    expect((await as.anonymous.post('/auth/resetpwd', { pid: lastLink(), ppwd: 'genova-piastrelle' })).json()).toEqual({
      res: 'OK',
    });
    expect(await statoOf(reseller.userUuid)).toBe('disabled');
    expect(
      (await as.anonymous.post('/auth/login', { user: 'rivenditore.genova', pwd: 'genova-piastrelle' })).json(),
    ).toEqual({
      res: 'KO',
    });
    // Only the admin's switch gives it back, with the password just chosen.
    await as.admin.post(`/api/rivenditore/${reseller.uuid}/stato`, { stato: 'active' });
    expect(
      (await as.anonymous.post('/auth/login', { user: 'rivenditore.genova', pwd: 'genova-piastrelle' })).json().res,
    ).toBe('OK');
  });
});

describe('usernames and e-mails are trimmed and compared without case', () => {
  it('an installer whose e-mail ends with a space gets a usable account; a second one is a clear 400, not a 500', async () => {
    const orphans = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('user_uuid', 'is', null)
      .orderBy('code')
      .limit(2)
      .execute();
    const [first, second] = orphans.map((o) => o.uuid);
    if (!first || !second) throw new Error('servono due posatori senza account');
    await ctx.db.updateTable('posatori').set({ email: 'Posa.Spazio@Esempio.it ' }).where('uuid', '=', first).execute();
    await ctx.db.updateTable('posatori').set({ email: ' posa.spazio@esempio.it' }).where('uuid', '=', second).execute();

    expect((await as.admin.post('/auth/admin/resetpassword', { user: first })).json()).toEqual({ res: 'OK' });
    const account = await ctx.db
      .selectFrom('users')
      .innerJoin('posatori', 'posatori.user_uuid', 'users.uuid')
      .select(['users.username', 'users.email'])
      .where('posatori.uuid', '=', first)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ username: 'posa.spazio@esempio.it', email: 'posa.spazio@esempio.it' });
    expect((await as.anonymous.post('/auth/resetpwd', { pid: lastLink(), ppwd: 'spazio-finale-1' })).json()).toEqual({
      res: 'OK',
    });
    expect(
      (await as.anonymous.post('/auth/login', { user: '  POSA.Spazio@esempio.IT ', pwd: 'spazio-finale-1' })).json()
        .res,
    ).toBe('OK');

    const again = await as.admin.post('/auth/admin/resetpassword', { user: second });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ res: 'KO', reason: 'Esiste già un utente con questa email' });
  });

  it('an area manager created with spaces and capitals is named in the normal form', async () => {
    const res = await as.admin.post(
      '/api/capoarea',
      areaManagerBody({ name: 'Ugo', lastname: 'Spazi', email: '  Ugo.Spazi@Esempio.IT ', provs: [] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const profile = (await as.admin.get(`/api/capoarea/${res.json().uuid}`)).json();
    expect(profile.username).toBe('ugo.spazi@esempio.it');
    expect(profile.email).toBe('ugo.spazi@esempio.it');
    const duplicate = await as.admin.post(
      '/api/riventitore',
      resellerBody({ ragsoc: 'X', code: '', name: 'A', lastname: 'B', email: 'UGO.SPAZI@esempio.it' }),
    );
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().fields).toEqual({ email: 'Esiste già un utente con questa email' });
  });
});

describe('the lockout counts per account, whatever name was typed', () => {
  it('username and e-mail share one budget of failures at one address', async () => {
    const attempt = (user: string, pwd: string) =>
      ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { user, pwd }, remoteAddress: '10.8.0.1' });
    // capoarea's e-mail address in the demo network.
    const { email } = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < THROTTLE.perUser; i++) {
      await attempt(i % 2 === 0 ? 'capoarea' : email, `errata-${i}`);
    }
    expect((await attempt(email, DEMO_PASSWORD)).json()).toEqual({ res: 'KO' });
    expect((await attempt('CAPOAREA ', DEMO_PASSWORD)).json()).toEqual({ res: 'KO' });
  });
});

describe('a new login rotates the session of that browser', () => {
  it('the session the browser had before no longer works', async () => {
    const first = await as.login('posatore');
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { user: 'posatore', pwd: DEMO_PASSWORD },
      headers: { cookie: first.cookie },
    });
    const second = again.cookies.find((c) => c.name === 'portale_sid');
    expect(second?.value).toBeTruthy();
    expect(`portale_sid=${second?.value}`).not.toBe(first.cookie);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/avatar', headers: { cookie: first.cookie } })).statusCode,
    ).toBe(401);
    const fresh = `portale_sid=${second?.value}`;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/avatar', headers: { cookie: fresh } })).statusCode).toBe(
      200,
    );
  });
});

/** Records the shape of every query (kind and tables), never its values. */
function queryRecorder(): KyselyPlugin & { shapes: string[] } {
  const shapes: string[] = [];
  const tablesOf = (node: unknown): string[] => {
    const found: string[] = [];
    const walk = (value: unknown) => {
      if (!value || typeof value !== 'object') return;
      const v = value as { kind?: string; table?: { identifier?: { name?: string } } };
      if (v.kind === 'TableNode' && v.table?.identifier?.name) found.push(v.table.identifier.name);
      for (const child of Object.values(value)) walk(child);
    };
    walk(node);
    return found;
  };
  return {
    shapes,
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      shapes.push(`${node.kind}:${tablesOf(node).join(',')}`);
      return node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
}

/** An app whose queries are recorded, with background work held until drained. */
async function recordedApp() {
  const recorder = queryRecorder();
  const queued: (() => Promise<void>)[] = [];
  const background: Background = {
    run: (_label, task) => void queued.push(task),
    drain: async () => {
      for (let task = queued.shift(); task; task = queued.shift()) await task();
    },
  };
  const app = await buildApp({ config: ctx.config, db: ctx.db.withPlugin(recorder), background });
  await app.ready();
  return { app, recorder };
}

describe('a failed login takes the same path whether the user exists or not', () => {
  it('runs the same queries for an existing and an unknown name, before and during a lock', async () => {
    const { app, recorder } = await recordedApp();
    try {
      const pathOf = async (user: string, ip: string) => {
        recorder.shapes.length = 0;
        const res = await app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { user, pwd: 'sbagliata' },
          remoteAddress: ip,
        });
        expect(res.json()).toEqual({ res: 'KO' });
        return [...recorder.shapes];
      };
      const existing = await pathOf('rivenditore.verona', '10.8.1.1');
      expect(existing.length).toBeGreaterThan(0);
      expect(await pathOf('nessuno.qui@esempio.it', '10.8.1.2')).toEqual(existing);
      for (let i = 1; i < THROTTLE.perUser; i++) {
        await pathOf('rivenditore.verona', '10.8.1.1');
        await pathOf('nessuno.qui@esempio.it', '10.8.1.2');
      }
      const locked = await pathOf('rivenditore.verona', '10.8.1.1');
      expect(await pathOf('nessuno.qui@esempio.it', '10.8.1.2')).toEqual(locked);
    } finally {
      await app.close();
    }
  });
});

describe('the reset request takes the same path whether the user exists or not', () => {
  it('runs the same queries for an existing, an unknown and a disabled user, and mails only the first', async () => {
    // Background work waits until drained, so the request path is recorded on its own.
    const { app, recorder } = await recordedApp();
    try {
      const pathOf = async (user: string) => {
        recorder.shapes.length = 0;
        const res = await app.inject({ method: 'POST', url: '/auth/resetpassword', payload: { user } });
        expect(res.json()).toEqual({ res: 'OK' });
        const onRequest = [...recorder.shapes];
        await app.background.drain();
        return onRequest;
      };
      const before = readOutbox(ctx.outbox).length;
      const existing = await pathOf('admin');
      const afterExisting = readOutbox(ctx.outbox).length;
      const unknown = await pathOf('nessuno.qui@esempio.it');
      const disabled = await pathOf('capoarea.sud');
      expect(existing.length).toBeGreaterThan(0);
      expect(unknown).toEqual(existing);
      expect(disabled).toEqual(existing);
      expect(afterExisting).toBe(before + 1);
      expect(readOutbox(ctx.outbox)).toHaveLength(before + 1);
    } finally {
      await app.close();
    }
  });
});
