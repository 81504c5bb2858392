import type { Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * Login addresses unique across every account (decision record 0022): user_logins holds each name an account logs
 * in by, its username and its e-mail address, once; its primary key decides between two saves at once.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_logins')
    .addColumn('login', 'text', (c) => c.primaryKey())
    .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('user_logins_user').on('user_logins').column('user_uuid').execute();

  // What login answered until now, kept as it was: a name is the account whose username it is (usernames are
  // unique), else the only account with that e-mail address. An address that several accounts share as e-mail
  // logged none of them in: it stays without an owner, and each keeps it as the address its mail goes to, until the
  // admin gives all but one another address (the one left claims it on its next save).
  const users: { uuid: string; username: string; email: string }[] = await db
    .selectFrom('users')
    .select(['uuid', 'username', 'email'])
    .orderBy('created_at')
    .orderBy('uuid')
    .execute();
  const owner = new Map(users.map((u) => [u.username, u.uuid]));
  const holders = new Map<string, string[]>();
  for (const u of users) {
    if (u.email !== '' && !owner.has(u.email)) holders.set(u.email, [...(holders.get(u.email) ?? []), u.uuid]);
  }
  for (const [email, uuids] of holders) if (uuids.length === 1 && uuids[0]) owner.set(email, uuids[0]);

  const rows = [...owner].map(([login, user_uuid]) => ({ login, user_uuid }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('user_logins')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_logins').execute();
}
