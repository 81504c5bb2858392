import type { Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * A session row carries its account's roles (comma-separated), so reading a session is one indexed
 * statement (sessions by id, users by primary key for the username and the active check) instead of two queries.
 * auth.repository keeps the copy in step whenever an account's roles change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = (await db
    .selectFrom('user_roles')
    .select(['user_uuid', 'role'])
    .where('user_uuid', 'in', db.selectFrom('sessions').select('user_uuid'))
    .execute()) as { user_uuid: string; role: string }[];
  const byUser = new Map<string, string[]>();
  for (const r of rows) byUser.set(r.user_uuid, [...(byUser.get(r.user_uuid) ?? []), r.role]);
  for (const [user, roles] of byUser) {
    await db
      .updateTable('sessions')
      .set({ roles: roles.join(',') })
      .where('user_uuid', '=', user)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('roles').execute();
}
