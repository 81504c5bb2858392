import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createTestContext, login, migrateWhileOthersDrop, type TestContext } from '../helpers.ts';

/**
 * Migration 2026-11-26-19 on a database that already holds what it forbids: addresses shared by several accounts.
 * It must not fail, and each address must log in whom it logged in before (decision record 0022).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, migrateUpTo: '2026-11-25-18-coupon-totals' });
});
afterAll(() => ctx.close());

it('keeps a shared address to the account named after it, gives a shared e-mail to nobody, and fails on nothing', async () => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const at = (days: number) => new Date(Date.UTC(2025, 0, 1 + days)).toISOString();
  const user = (username: string, email: string, days: number) => ({
    uuid: crypto.randomUUID(),
    username,
    email,
    password_hash: passwordHash,
    stato: 'active' as const,
    created_at: at(days),
    updated_at: at(days),
  });
  const owner = user('anna@esempio.it', 'anna@esempio.it', 3);
  // An installer who put Anna's address on their profile before it was refused.
  const taker = user('taker', 'anna@esempio.it', 1);
  const [shared1, shared2] = [user('uno', 'famiglia@esempio.it', 1), user('due', 'famiglia@esempio.it', 2)];
  const alone = user('solo', 'solo@esempio.it', 4);
  const noEmail = user('senza', '', 5);
  const all = [owner, taker, shared1, shared2, alone, noEmail];
  await ctx.db.insertInto('users').values(all).execute();
  await ctx.db
    .insertInto('user_roles')
    .values(all.map((u) => ({ user_uuid: u.uuid, role: 'posatore' })))
    .execute();

  await migrateWhileOthersDrop(ctx.db, ctx.schema);

  const logins = Object.fromEntries(
    (await ctx.db.selectFrom('user_logins').select(['login', 'user_uuid']).execute()).map((l) => [
      l.login,
      l.user_uuid,
    ]),
  );
  expect(logins).toEqual({
    'anna@esempio.it': owner.uuid,
    taker: taker.uuid,
    uno: shared1.uuid,
    due: shared2.uuid,
    solo: alone.uuid,
    'solo@esempio.it': alone.uuid,
    senza: noEmail.uuid,
  });
  // Nothing else changed: every account keeps the address its mail goes to.
  const emails = await ctx.db.selectFrom('users').select(['uuid', 'email']).execute();
  expect(Object.fromEntries(emails.map((u) => [u.uuid, u.email]))).toEqual(
    Object.fromEntries(all.map((u) => [u.uuid, u.email])),
  );

  // Logins by name and by address answer as before the migration.
  const app = ctx.app;
  const who = async (name: string) => {
    const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { user: name, pwd: DEMO_PASSWORD } });
    return res.json().res as string;
  };
  expect(await who('anna@esempio.it')).toBe('OK');
  expect(await who('solo@esempio.it')).toBe('OK');
  expect(await who('famiglia@esempio.it')).toBe('KO');
  await login(app, 'uno');
  await login(app, 'due');
  await login(app, 'taker');
});
