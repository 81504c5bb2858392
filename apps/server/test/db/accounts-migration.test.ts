import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { UsersTable } from '../../src/modules/auth/auth.table.ts';
import { createTestContext, migrateWhileOthersDrop, type TestContext } from '../helpers.ts';

/**
 * The migration that cleans what is stored. Old-shaped rows go in at the migration before it,
 * then it runs: names and addresses become trimmed and lower case; what would collide keeps its text marked.
 */

type OldTables = {
  users: UsersTable;
  posatori: {
    uuid: string;
    user_uuid: string | null;
    code: string;
    email: string;
    created_at: string;
    updated_at: string;
  };
  combos: { combo: string; value: string; label: string; sort: number };
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, migrateUpTo: '2026-11-22-partners' });
});
afterAll(() => ctx.close());

it('normalizes usernames and e-mails, marks collisions, and makes codes unique', async () => {
  // The columns this test writes and reads, as they were before the migration (the others have defaults).
  const db = ctx.db as unknown as Kysely<OldTables>;
  const at = (days: number) => new Date(Date.UTC(2025, 0, 1 + days)).toISOString();
  const user = (uuid: string, username: string, email: string, days: number) => ({
    uuid,
    username,
    email,
    password_hash: null,
    stato: 'active' as const,
    created_at: at(days),
    updated_at: at(days),
  });
  const ids = {
    clean: crypto.randomUUID(),
    spaced: crypto.randomUUID(),
    upper: crypto.randomUUID(),
    alone: crypto.randomUUID(),
  };
  await db
    .insertInto('users')
    .values([
      user(ids.spaced, 'mario@esempio.it ', ' Mario@Esempio.it', 1),
      user(ids.clean, 'mario@esempio.it', 'mario@esempio.it', 2),
      user(ids.upper, 'MARIO@ESEMPIO.IT', 'MARIO@ESEMPIO.IT', 3),
      user(ids.alone, ' Giulia.Verdi@Esempio.IT', 'Giulia.Verdi@Esempio.IT ', 4),
    ])
    .execute();
  const posatore = (code: string, days: number, email = '') => ({
    uuid: crypto.randomUUID(),
    user_uuid: null,
    code,
    email,
    created_at: at(days),
    updated_at: at(days),
  });
  const installers = [
    posatore('P001', 1, ' Anna@Esempio.IT '),
    posatore(' P001', 2),
    posatore('P001', 3),
    posatore('', 4),
    posatore('', 5),
  ];
  await db.insertInto('posatori').values(installers).execute();

  await migrateWhileOthersDrop(ctx.db, ctx.schema);

  const users = Object.fromEntries(
    (await db.selectFrom('users').select(['uuid', 'username', 'email']).execute()).map((u) => [u.uuid, u]),
  );
  // The account already in the normal form keeps its name; the others could never log in by it and are marked.
  expect(users[ids.clean]).toMatchObject({ username: 'mario@esempio.it', email: 'mario@esempio.it' });
  expect(users[ids.spaced]).toMatchObject({ username: 'mario@esempio.it (doppio 2)', email: 'mario@esempio.it' });
  expect(users[ids.upper]).toMatchObject({ username: 'mario@esempio.it (doppio 3)', email: 'mario@esempio.it' });
  expect(users[ids.alone]).toMatchObject({ username: 'giulia.verdi@esempio.it', email: 'giulia.verdi@esempio.it' });

  const rows = await db.selectFrom('posatori').select(['uuid', 'code', 'email']).execute();
  const codeOf = (uuid: string) => rows.find((r) => r.uuid === uuid)?.code;
  expect(installers.map((p) => codeOf(p.uuid))).toEqual(['P001', 'P001 (doppio 2)', 'P001 (doppio 3)', '', '']);
  expect(rows.find((r) => r.uuid === installers[0]?.uuid)?.email).toBe('anna@esempio.it');
  // From now on the database itself refuses a second holder of a code, and still allows many empty ones.
  await expect(
    db.updateTable('posatori').set({ code: 'P001' }).where('uuid', '=', installers[3]!.uuid).execute(),
  ).rejects.toThrow();
  await db.insertInto('posatori').values(posatore('', 6)).execute();

  const labels = await db
    .selectFrom('combos')
    .select('label')
    .where('combo', '=', 'cbostato')
    .orderBy('sort')
    .execute();
  expect(labels.map((l) => l.label)).toEqual(['In regola', 'Incompleto', 'Sospeso']);
});
