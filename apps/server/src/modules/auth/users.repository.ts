import { sql } from 'kysely';
import type { Role } from '@portal/shared/roles';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { DbOrTx } from '../../db/database.ts';
import { newId } from '../../lib/tokens.ts';
import { holdUnreadMessages } from '../messages/messages.repository.ts';
import type { UserStato } from './auth.table.ts';
import { setSessionRoles } from './sessions.repository.ts';

/**
 * Accounts: their login names (user_logins), their stato and address, their roles, and the people of the four
 * registries they belong to. Every write of users.stato or of an account's link to a person keeps posatori.userstato
 * in step (syncPeopleStato).
 */

export type UserRow = { uuid: string; username: string; email: string; password_hash: string | null; stato: UserStato };

const userColumns = ['uuid', 'username', 'email', 'password_hash', 'stato'] as const;

/**
 * The account a typed login names: its username or its e-mail address (user_logins holds each once). One query
 * either way, so the lookup takes the same time for a name that exists and one that does not.
 */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('user_logins')
    .innerJoin('users', 'users.uuid', 'user_logins.user_uuid')
    .select(userColumns.map((c) => `users.${c}` as const))
    .where('user_logins.login', '=', normalizeLogin(login))
    .executeTakeFirst();
}

/** The account that logs in by this address (as its username or its e-mail), if any. */
export async function loginOwner(db: DbOrTx, address: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_logins')
    .select('user_uuid')
    .where('login', '=', normalizeLogin(address))
    .executeTakeFirst();
  return row?.user_uuid;
}

/** Whether any account already uses this address as its username or its e-mail. */
export async function loginInUse(db: DbOrTx, address: string): Promise<boolean> {
  return (await loginOwner(db, address)) !== undefined;
}

/**
 * The login names of new accounts: each username, and each e-mail address that differs from it. A name already
 * taken is left out (the seeds' random addresses may repeat), as the migration leaves a shared address to nobody;
 * the services check before they create an account, so for them nothing is left out.
 */
export async function insertLogins(
  db: DbOrTx,
  users: readonly { uuid: string; username: string; email: string }[],
): Promise<void> {
  const rows = users.flatMap((u) => [
    { login: u.username, user_uuid: u.uuid },
    ...(u.email !== '' && u.email !== u.username ? [{ login: u.email, user_uuid: u.uuid }] : []),
  ]);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('user_logins')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('login').doNothing())
      .execute();
  }
}

export async function findUserByUuid(db: DbOrTx, uuid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('uuid', '=', uuid).executeTakeFirst();
}

export async function insertUser(
  db: DbOrTx,
  user: { username: string; email: string; passwordHash: string | null; stato: UserStato; roles: Role[] },
  now: string,
): Promise<string> {
  const uuid = newId();
  const username = normalizeLogin(user.username);
  const email = normalizeLogin(user.email);
  await db
    .insertInto('users')
    .values({
      uuid,
      username,
      email,
      password_hash: user.passwordHash,
      stato: user.stato,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // Its names, refused when another account has one of them: the callers checked first, so only a concurrent save
  // meets this (accounts.service loginTaken).
  await db
    .insertInto('user_logins')
    .values([
      { login: username, user_uuid: uuid },
      ...(email !== '' && email !== username ? [{ login: email, user_uuid: uuid }] : []),
    ])
    .execute();
  if (user.roles.length > 0) {
    await db
      .insertInto('user_roles')
      .values(user.roles.map((role) => ({ user_uuid: uuid, role })))
      .execute();
  }
  return uuid;
}

/**
 * Sets the password from a reset or activation link: a waiting account becomes active, a disabled one stays
 * disabled (only the admin's switch gives the access back).
 */
export async function setPassword(db: DbOrTx, userUuid: string, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      stato: eb
        .case()
        .when('stato', '=', 'disabled')
        .then(eb.val<UserStato>('disabled'))
        .else(eb.val<UserStato>('active'))
        .end(),
      updated_at: now,
    }))
    .where('uuid', '=', userUuid)
    .execute();
  await syncPeopleStato(db, userUuid);
}

/**
 * Copies an account's stato onto the installer it belongs to (posatori.userstato: the list's status dot, filtered
 * and indexed without a join). Every function here that changes users.stato, or links or unlinks an account,
 * calls it in the same statement sequence; nothing else writes users.stato.
 */
async function syncPeopleStato(db: DbOrTx, userUuid: string): Promise<void> {
  await db
    .updateTable('posatori')
    .set({
      userstato: sql<
        UserStato | 'none'
      >`coalesce((select users.stato from users where users.uuid = ${userUuid}), 'none')`,
    })
    .where('user_uuid', '=', userUuid)
    .execute();
}

/**
 * What a guesser knows of an account's owner, which their password may not be made of: the username, the e-mail
 * address, and the names of the people the account belongs to (an installer, area manager, reseller or admin).
 */
export async function personalDataOf(db: DbOrTx, userUuid: string): Promise<string[]> {
  const names = (table: PersonTable) =>
    db.selectFrom(table).select(['name', 'lastname', 'ragsoc as company']).where('user_uuid', '=', userUuid);
  const [user, people] = await Promise.all([
    findUserByUuid(db, userUuid),
    names('posatori')
      .unionAll(names('capoarea'))
      .unionAll(names('rivenditori'))
      .unionAll(
        db
          .selectFrom('admins')
          .select(['name', 'lastname', sql.lit('').as('company')])
          .where('user_uuid', '=', userUuid),
      )
      .execute(),
  ]);
  return [user?.username ?? '', user?.email ?? '', ...people.flatMap((p) => [p.name, p.lastname, p.company])].filter(
    (v) => v !== '',
  );
}

// People with an account: the admin reset takes the uuid of an installer, area manager, reseller or admin.

const peopleTables = ['posatori', 'capoarea', 'rivenditori', 'admins'] as const;
export type PersonTable = (typeof peopleTables)[number];

export type PersonAccount = { table: PersonTable; uuid: string; userUuid: string | null; email: string; name: string };

export async function findPerson(db: DbOrTx, uuid: string): Promise<PersonAccount | undefined> {
  for (const table of peopleTables) {
    const row = await db
      .selectFrom(table)
      .select(['uuid', 'user_uuid', 'email', 'name', 'lastname'])
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (row) {
      return {
        table,
        uuid: row.uuid,
        userUuid: row.user_uuid,
        email: row.email,
        name: `${row.name} ${row.lastname}`.trim(),
      };
    }
  }
  return undefined;
}

/** The person records an account belongs to (usually one), with the address each shows. */
export async function peopleOfAccount(db: DbOrTx, userUuid: string) {
  const people: { table: PersonTable; uuid: string; email: string }[] = [];
  for (const table of peopleTables) {
    const rows = await db.selectFrom(table).select(['uuid', 'email']).where('user_uuid', '=', userUuid).execute();
    people.push(...rows.map((r) => ({ table, ...r })));
  }
  return people;
}

/** A person record's address (not a search or sort key: nothing else to keep in step). */
export async function setPersonEmail(db: DbOrTx, table: PersonTable, uuid: string, email: string, now: string) {
  await db.updateTable(table).set({ email, updated_at: now }).where('uuid', '=', uuid).execute();
}

export async function linkPersonAccount(
  db: DbOrTx,
  table: PersonTable,
  personUuid: string,
  userUuid: string,
): Promise<void> {
  await db.updateTable(table).set({ user_uuid: userUuid }).where('uuid', '=', personUuid).execute();
  await syncPeopleStato(db, userUuid);
}

// Accounts of the registries' people (area managers, resellers, installers).

export async function setUserStato(db: DbOrTx, userUuid: string, stato: UserStato, now: string): Promise<void> {
  await db.updateTable('users').set({ stato, updated_at: now }).where('uuid', '=', userUuid).execute();
  await syncPeopleStato(db, userUuid);
}

/**
 * Makes `email` (normalized, not empty) the account's address: where its reset links and notifications go, and a
 * name it logs in by instead of the old one (its username stays one). Inserting the login fails on the primary key
 * when another account has the address, a concurrent save included. An account whose address was shared before
 * the addresses became unique has none of its own yet: it gets it here once it is free.
 */
export async function setUserEmail(db: DbOrTx, user: UserRow, email: string, now: string): Promise<void> {
  if (email !== user.email) {
    await db.updateTable('users').set({ email, updated_at: now }).where('uuid', '=', user.uuid).execute();
    if (user.email !== user.username) {
      await db.deleteFrom('user_logins').where('login', '=', user.email).where('user_uuid', '=', user.uuid).execute();
    }
  }
  if (email !== user.username && (await loginOwner(db, email)) !== user.uuid) {
    await db.insertInto('user_logins').values({ login: email, user_uuid: user.uuid }).execute();
  }
}

/**
 * Takes a role away from an account; an account left without roles is deleted (sessions, reset links and message
 * recipients go with it by cascade).
 */
export async function removeAccountRole(db: DbOrTx, userUuid: string, role: Role): Promise<void> {
  const others = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_uuid', '=', userUuid)
    .where('role', '<>', role)
    .execute();
  if (others.length > 0) {
    await db.deleteFrom('user_roles').where('user_uuid', '=', userUuid).where('role', '=', role).execute();
    await setSessionRoles(db, userUuid);
  } else {
    // The installer row, if any, keeps no account (the foreign key empties user_uuid).
    await db.updateTable('posatori').set({ userstato: 'none' }).where('user_uuid', '=', userUuid).execute();
    await deleteUser(db, userUuid);
  }
}

/**
 * Deletes an account. Its sessions, roles, login names, reset links, second factor and inbox rows go by cascade;
 * the messages it had not read are held first, in the order every writer of a message and its recipients keeps.
 */
export async function deleteUser(db: DbOrTx, userUuid: string): Promise<void> {
  await holdUnreadMessages(db, userUuid);
  await db.deleteFrom('users').where('uuid', '=', userUuid).execute();
}

/** Of these addresses, those that log an account in (as its username or e-mail), with that account. */
export async function loginOwners(db: DbOrTx, addresses: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(addresses)];
  const owners = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('user_logins')
      .select(['login', 'user_uuid'])
      .where('login', 'in', unique.slice(i, i + 500))
      .execute();
    for (const r of rows) owners.set(r.login, r.user_uuid);
  }
  return owners;
}

/** Of these addresses, those already a login (username or e-mail) of some account. */
export async function loginsInUse(db: DbOrTx, addresses: readonly string[]): Promise<Set<string>> {
  return new Set((await loginOwners(db, addresses)).keys());
}

/**
 * Passwordless 'requested' installer accounts named after their e-mail, linked to their installers (whose status
 * dot becomes 'requested', as syncPeopleStato would set it). Returns each installer's new account.
 */
export async function insertRequestedInstallerAccounts(
  db: DbOrTx,
  people: readonly { posatore: string; email: string }[],
  now: string,
): Promise<Map<string, string>> {
  const accounts = new Map(people.map((p) => [p.posatore, newId()]));
  if (people.length === 0) return accounts;
  await db
    .insertInto('users')
    .values(
      people.map((p) => ({
        uuid: accounts.get(p.posatore) ?? '',
        username: normalizeLogin(p.email),
        email: normalizeLogin(p.email),
        password_hash: null,
        stato: 'requested' as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  // Named after the address, which is their one login.
  await db
    .insertInto('user_logins')
    .values(people.map((p) => ({ login: normalizeLogin(p.email), user_uuid: accounts.get(p.posatore) ?? '' })))
    .execute();
  await db
    .insertInto('user_roles')
    .values(people.map((p) => ({ user_uuid: accounts.get(p.posatore) ?? '', role: 'posatore' })))
    .execute();
  for (const [posatore, user] of accounts) {
    await db
      .updateTable('posatori')
      .set({ user_uuid: user, userstato: 'requested' })
      .where('uuid', '=', posatore)
      .where('user_uuid', 'is', null)
      .execute();
  }
  return accounts;
}
