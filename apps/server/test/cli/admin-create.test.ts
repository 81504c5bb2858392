import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../helpers.ts';

/** npm run admin:create, run as an operator runs it, on this file's database. */

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/admin-create.ts');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function adminCreate(args: string[], password: string): Promise<{ code: number; out: string }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: ctx.config.dataDir,
    ADMIN_PASSWORD: password,
    // The test's own schema, as a DATABASE_URL naming its search_path would give it.
    ...(pgUrl && ctx.schema
      ? { DATABASE_URL: `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${ctx.schema}` }
      : {}),
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], { env });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const named = (username: string, email: string) => [
  '--username',
  username,
  '--email',
  email,
  '--name',
  'Ugo',
  '--lastname',
  'Verdi',
];

describe('admin:create', () => {
  it('refuses an easy password, and one made of the new admin’s own data, with the reason', async () => {
    for (const password of ['password2', 'ugoverdi', 'verdi2026']) {
      const run = await adminCreate(named('ugo', 'ugo.verdi@esempio.it'), password);
      expect(run.code, password).toBe(2);
      expect(run.out, password).toContain('Password troppo facile da indovinare: ');
    }
  });

  it('refuses a username or an e-mail address another account logs in by, however it is written', async () => {
    const { email } = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    for (const [username, address] of [
      ['Admin', 'ugo.verdi@esempio.it'],
      ['ugo', ` ${email.toUpperCase()}`],
      [email, 'ugo.verdi@esempio.it'],
    ] as const) {
      const run = await adminCreate(named(username, address), 'cornici-di-marmo-7');
      expect(run.code, `${username} ${address}`).toBe(2);
      expect(run.out).toContain('Esiste già un utente');
    }
  });

  it('creates the admin, who logs in', async () => {
    const run = await adminCreate(named('ugo', 'ugo.verdi@esempio.it'), 'cornici-di-marmo-7');
    expect(run, run.out).toMatchObject({ code: 0 });
    expect(run.out).toContain('Amministratore ugo creato.');
    await login(ctx.app, 'ugo.verdi@esempio.it', 'cornici-di-marmo-7');
  });
});
