import { sql } from 'kysely';
import type { Role } from '@portal/shared/roles';
import type { DbOrTx } from '../../db/database.ts';
import { capoareaKeys } from '../capoarea/capoarea.repository.ts';
import { posatoreKeys } from '../posatori/posatori.repository.ts';
import { rivenditoreKeys } from '../rivenditori/rivenditori.repository.ts';

/** The registries whose rows are people with a login account, by their table. */
export type PersonTable = 'posatori' | 'capoarea' | 'rivenditori';
export const personTables: readonly PersonTable[] = ['posatori', 'capoarea', 'rivenditori'];

/** Rows read per query while a person's export is written: memory stays flat whatever their history. */
export const EXPORT_PAGE = 500;

// The export (GDPR art. 15 and 20): what the portal keeps about one account.

export async function accountOf(db: DbOrTx, userUuid: string) {
  const user = await db
    .selectFrom('users')
    .select(['uuid', 'username', 'email', 'stato', 'created_at', 'updated_at'])
    .where('uuid', '=', userUuid)
    .executeTakeFirst();
  if (!user) return undefined;
  const [roles, sessions, twoFactor] = await Promise.all([
    db.selectFrom('user_roles').select('role').where('user_uuid', '=', userUuid).orderBy('role').execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_uuid', '=', userUuid)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('two_factor').select('enabled_at').where('user_uuid', '=', userUuid).executeTakeFirst(),
  ]);
  return {
    ...user,
    roles: roles.map((r) => r.role as Role),
    secondFactorSince: twoFactor?.enabled_at ?? null,
    sessions,
  };
}

/** Columns that only index or derive what the profile already says: left out of the export. */
const derived = /_key$|^name_search$/;
const withoutDerived = <R extends { uuid: string }>(row: R): { uuid: string } & Record<string, unknown> => ({
  ...Object.fromEntries(Object.entries(row).filter(([k]) => !derived.test(k))),
  uuid: row.uuid,
});

/** The person's rows in each registry (an account may be an installer and an area manager at once). */
export async function profilesOf(db: DbOrTx, userUuid: string) {
  const [posatori, capoarea, rivenditori, admins] = await Promise.all([
    db.selectFrom('posatori').selectAll().where('user_uuid', '=', userUuid).execute(),
    db.selectFrom('capoarea').selectAll().where('user_uuid', '=', userUuid).execute(),
    db.selectFrom('rivenditori').selectAll().where('user_uuid', '=', userUuid).execute(),
    db.selectFrom('admins').selectAll().where('user_uuid', '=', userUuid).execute(),
  ]);
  const provs = async (table: 'capoarea_provs' | 'rivenditori_provs', column: string, uuid: string) =>
    (await db.selectFrom(table).select('prov').where(sql.ref(column), '=', uuid).orderBy('prov').execute()).map(
      (p) => p.prov,
    );
  return {
    posatori: posatori.map(withoutDerived),
    capoarea: await Promise.all(
      capoarea.map(async (c) => ({
        ...withoutDerived(c),
        uuid: c.uuid,
        provs: await provs('capoarea_provs', 'capoarea_uuid', c.uuid),
      })),
    ),
    rivenditori: await Promise.all(
      rivenditori.map(async (r) => ({
        ...withoutDerived(r),
        uuid: r.uuid,
        provs: await provs('rivenditori_provs', 'rivenditore_uuid', r.uuid),
      })),
    ),
    admins,
  };
}

/** The coupons an installer holds, with their type's name and where they were used. */
export async function couponsOf(db: DbOrTx, posatori: readonly string[]) {
  if (posatori.length === 0) return [];
  return db
    .selectFrom('coupons')
    .leftJoin('coupon_types', 'coupon_types.uuid', 'coupons.tipo')
    .leftJoin('rivenditori', 'rivenditori.uuid', 'coupons.rivenditore')
    .select([
      'coupons.code',
      'coupon_types.tipo as tipo',
      'coupons.valore',
      'coupons.scadenza',
      'coupons.dtesecuzione',
      'rivenditori.ragsoc as rivenditore',
      'coupons.created_at',
    ])
    .where('coupons.posatore', 'in', posatori)
    .orderBy('coupons.created_at')
    .orderBy('coupons.uuid')
    .execute();
}

/** Where a page of a keyset walk starts: after this date and key. */
export type After = { at: string; key: string } | null;

/** One page of the messages the account sent, oldest first (index messages_sender_date). */
export function sentPage(db: DbOrTx, userUuid: string, after: After) {
  let q = db
    .selectFrom('messages')
    .select(['uuid', 'created_at', 'updated_at', 'oggetto', 'content', 'dest'])
    .where('sender_uuid', '=', userUuid);
  if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'uuid'), '>', eb.tuple(after.at, after.key)));
  return q.orderBy('created_at').orderBy('uuid').limit(EXPORT_PAGE).execute();
}

/**
 * One page of the messages the account received, oldest first (index message_recipients_inbox), with who sent each:
 * the sender's account name, or the visitor's `mittente`.
 */
export function receivedPage(db: DbOrTx, userUuid: string, after: After) {
  let q = db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.uuid', 'r.message_uuid')
    .leftJoin('users as s', 's.uuid', 'm.sender_uuid')
    .select([
      'r.message_uuid as uuid',
      'r.created_at',
      'r.read_at',
      'm.oggetto',
      'm.content',
      'm.mittente',
      's.username as sender',
    ])
    .where('r.user_uuid', '=', userUuid);
  if (after) q = q.where((eb) => eb(eb.refTuple('r.created_at', 'r.message_uuid'), '>', eb.tuple(after.at, after.key)));
  return q.orderBy('r.created_at').orderBy('r.message_uuid').limit(EXPORT_PAGE).execute();
}

/** The documents the account's groups may read (what was offered to them), newest first. */
export async function documentsFor(db: DbOrTx, roles: readonly Role[]) {
  if (roles.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['uuid', 'title', 'filename', 'kind', 'created_at'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('document_groups as g')
          .select('g.document_uuid')
          .whereRef('g.document_uuid', '=', 'documents.uuid')
          .where('g.grp', 'in', roles),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('uuid')
    .execute();
}

/** The account's recorded use by day: logins, document downloads and message reads (the usage statistics). */
export function usageOf(db: DbOrTx, userUuid: string) {
  return db
    .selectFrom('usage_days')
    .select(['day', 'role', 'logins', 'downloads', 'reads'])
    .where('user_uuid', '=', userUuid)
    .orderBy('day')
    .orderBy('role')
    .execute();
}

/**
 * One page of the audit entries the account made or that are about its records (its account and its registry
 * rows), oldest first.
 */
export function auditPage(db: DbOrTx, userUuid: string, records: readonly string[], after: After) {
  let q = db
    .selectFrom('audit_log')
    .select(['uuid', 'at', 'actor', 'actor_name', 'action', 'entity', 'entity_id', 'changes'])
    .where((eb) => eb.or([eb('actor', '=', userUuid), eb('entity_id', 'in', [userUuid, ...records])]));
  if (after) q = q.where((eb) => eb(eb.refTuple('at', 'uuid'), '>', eb.tuple(after.at, after.key)));
  return q.orderBy('at').orderBy('uuid').limit(EXPORT_PAGE).execute();
}

// The erasure (GDPR art. 17).

/** A person of a registry, with their account. */
export async function findPerson(db: DbOrTx, table: PersonTable, uuid: string) {
  return db
    .selectFrom(table)
    .select(['uuid', 'user_uuid', 'name', 'lastname', 'ragsoc', 'codfis', 'piva', 'email', 'phone', 'cell'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

/** The account's rows in every registry: the same person, whichever row the admin erases them from. */
export async function rowsOfAccount(db: DbOrTx, userUuid: string) {
  const rows: { table: PersonTable; uuid: string }[] = [];
  for (const table of personTables) {
    for (const r of await db.selectFrom(table).select('uuid').where('user_uuid', '=', userUuid).execute())
      rows.push({ table, uuid: r.uuid });
  }
  return rows;
}

export async function rolesOf(db: DbOrTx, userUuid: string): Promise<string[]> {
  return (await db.selectFrom('user_roles').select('role').where('user_uuid', '=', userUuid).execute()).map(
    (r) => r.role,
  );
}

/** The account's login names and address: what the throttles, the queue and the trail may hold of it. */
export async function loginsOf(db: DbOrTx, userUuid: string): Promise<string[]> {
  const user = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where('uuid', '=', userUuid)
    .executeTakeFirst();
  const logins = await db.selectFrom('user_logins').select('login').where('user_uuid', '=', userUuid).execute();
  return [user?.username ?? '', user?.email ?? '', ...logins.map((l) => l.login)];
}

/** The profile fields an erasure empties; the name becomes ERASED_NAME. */
const emptied = {
  lastname: '',
  ragsoc: '',
  codfis: '',
  piva: '',
  address: '',
  city: '',
  cap: '',
  state: '',
  phone: '',
  cell: '',
  email: '',
  website: '',
  img: '',
} as const;

/**
 * Empties a person's row, keeping its key (coupons and redemptions keep counting against it), and takes back the
 * assignments made to them: the installers, partners and resellers they followed now follow nobody.
 */
export async function anonymize(db: DbOrTx, table: PersonTable, uuid: string, name: string, now: string) {
  if (table === 'posatori') {
    const row = { ...emptied, name, code: '' };
    await db
      .updateTable('posatori')
      .set({
        ...row,
        ...posatoreKeys(row),
        user_uuid: null,
        userstato: 'none',
        dtnasc: '',
        dtstart: '',
        azienda: '',
        tipo: '',
        certificato: 0,
        diisocianati: 0,
        web: 0,
        contoterzi: 0,
        capoarea: null,
        rivenditore: null,
        stato: 'SOSPESO',
        err1: '',
        updated_at: now,
      })
      .where('uuid', '=', uuid)
      .execute();
    return;
  }
  if (table === 'capoarea') {
    const row = { ...emptied, name };
    await db
      .updateTable('capoarea')
      .set({ ...row, ...capoareaKeys(row), user_uuid: null, updated_at: now })
      .where('uuid', '=', uuid)
      .execute();
    await db.deleteFrom('capoarea_provs').where('capoarea_uuid', '=', uuid).execute();
    for (const t of ['posatori', 'partners', 'rivenditori'] as const)
      await db.updateTable(t).set({ capoarea: null }).where('capoarea', '=', uuid).execute();
    return;
  }
  const row = { ...emptied, name, code: '' };
  await db
    .updateTable('rivenditori')
    .set({ ...row, ...rivenditoreKeys(row), user_uuid: null, capoarea: null, updated_at: now })
    .where('uuid', '=', uuid)
    .execute();
  await db.deleteFrom('rivenditori_provs').where('rivenditore_uuid', '=', uuid).execute();
  for (const t of ['posatori', 'partners'] as const)
    await db.updateTable(t).set({ rivenditore: null }).where('rivenditore', '=', uuid).execute();
}

/** `replace(column, text, by)` for every text of `texts`, nested: one statement rewrites a column for all of them. */
function replacing(column: string, texts: readonly string[], by: string) {
  let expr = sql<string>`${sql.ref(column)}`;
  for (const t of texts) expr = sql<string>`replace(${expr}, ${t}, ${by})`;
  return expr;
}

/** Whether a column holds any of the texts. */
const holdsAny = (column: string, texts: readonly string[]) =>
  sql<boolean>`(${sql.join(
    texts.map((t) => sql`${sql.ref(column)} like ${`%${likeEscaped(t)}%`} escape '\\'`),
    sql` or `,
  )})`;
const likeEscaped = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The messages of an account about to go. Those it sent stay in their recipients' inboxes with the sender shown as
 * `by`; those it received stay in their senders' outboxes; those nobody else has (a visitor's request from the
 * public locator, kept only in this inbox) go with their e-mails. Answers how many went.
 */
export async function eraseMessages(db: DbOrTx, userUuid: string, by: string) {
  const alone = await db
    .selectFrom('messages as m')
    .innerJoin('message_recipients as r', 'r.message_uuid', 'm.uuid')
    .select('m.uuid')
    .where('r.user_uuid', '=', userUuid)
    .where('m.sender_uuid', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('message_recipients as o')
            .select('o.user_uuid')
            .whereRef('o.message_uuid', '=', 'm.uuid')
            .where('o.user_uuid', '<>', userUuid),
        ),
      ),
    )
    .execute();
  for (const m of alone) {
    await db.deleteFrom('message_recipients').where('message_uuid', '=', m.uuid).execute();
    await db
      .deleteFrom('mail_queue')
      .where('uuid', '>=', `msg:${m.uuid}:`)
      .where('uuid', '<', `msg:${m.uuid};`)
      .execute();
    await db.deleteFrom('messages').where('uuid', '=', m.uuid).execute();
  }
  await db.updateTable('messages').set({ mittente: by }).where('sender_uuid', '=', userUuid).execute();
  await db.deleteFrom('message_sends').where('user_uuid', '=', userUuid).execute();
  return alone.length;
}

/**
 * A page of the messages the account sent or received that name one of `texts` (in the subject, the text or the
 * Destinatari), by uuid after `after`: what the erasure rewrites.
 */
export function messagesNaming(db: DbOrTx, userUuid: string, texts: readonly string[], after: string) {
  return db
    .selectFrom('messages')
    .select(['uuid', 'oggetto', 'content', 'dest', 'dests'])
    .where((eb) =>
      eb.or([
        eb('sender_uuid', '=', userUuid),
        eb('uuid', 'in', eb.selectFrom('message_recipients').select('message_uuid').where('user_uuid', '=', userUuid)),
      ]),
    )
    .where((eb) =>
      eb.or([
        holdsAny('oggetto', texts),
        holdsAny('content', texts),
        holdsAny('dest', texts),
        holdsAny('dests', texts),
      ]),
    )
    .where('uuid', '>', after)
    .orderBy('uuid')
    .limit(200)
    .execute();
}

export async function rewriteMessage(
  db: DbOrTx,
  uuid: string,
  values: { oggetto: string; oggetto_key: string; content: string; dest: string; dests: string },
) {
  await db.updateTable('messages').set(values).where('uuid', '=', uuid).execute();
}

/**
 * What the mail queue, the throttles and the rate limits hold of the person: their mails and any row naming one of
 * their texts (their address in a typed login, their name in a notification about a message they sent). The
 * notifications others got of their messages lose the name instead.
 */
export async function eraseTraces(db: DbOrTx, userUuid: string, texts: readonly string[], by: string) {
  if (texts.length > 0)
    await db
      .updateTable('mail_queue')
      .set({ body: replacing('body', texts, by), subject: replacing('subject', texts, by) })
      .where('lane', '=', userUuid)
      .execute();
  const keys = [userUuid, ...texts];
  await db
    .deleteFrom('mail_queue')
    .where((eb) =>
      eb.or([
        holdsAny('uuid', [userUuid]),
        holdsAny('to_addr', keys),
        ...(texts.length > 0
          ? [holdsAny('lane', texts), holdsAny('subject', texts), holdsAny('body', texts), holdsAny('link', texts)]
          : []),
      ]),
    )
    .execute();
  await db.deleteFrom('login_failures').where(holdsAny('key', keys)).execute();
  await db.deleteFrom('rate_counters').where(holdsAny('key', keys)).execute();
}

/**
 * The trail keeps what happened and who did it, not the person's data: the entries about their records or account
 * keep which fields changed but lose the values; any other entry whose values name one of their texts loses those
 * values; their own entries keep their account's uuid but show ERASED_NAME as its name.
 */
export async function eraseFromTrail(
  db: DbOrTx,
  userUuid: string | null,
  records: readonly string[],
  texts: readonly string[],
  by: string,
) {
  if (userUuid) await db.updateTable('audit_log').set({ actor_name: by }).where('actor', '=', userUuid).execute();
  const ids = userUuid ? [userUuid, ...records] : [...records];
  const about = await db
    .selectFrom('audit_log')
    .select(['uuid', 'changes'])
    .where('entity_id', 'in', ids)
    .where('changes', '<>', '[]')
    .execute();
  const naming =
    texts.length === 0
      ? []
      : await db
          .selectFrom('audit_log')
          .select(['uuid', 'changes'])
          .where(holdsAny('changes', texts))
          .where('entity_id', 'not in', ids)
          .execute();
  return { about, naming };
}

export async function setChanges(db: DbOrTx, uuid: string, changes: string) {
  await db.updateTable('audit_log').set({ changes }).where('uuid', '=', uuid).execute();
}
