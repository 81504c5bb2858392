import { sql, type AliasableExpression } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { nextTurn, PRIORITY } from '../mail/mail-queue.ts';
import { fold, isSqlite } from '../../lib/text-search.ts';

/** A query selecting the accounts a recipient stands for (one person, a group, a list's filter). */
export type AccountsQuery = AliasableExpression<{ user_uuid: string | null }>;

/** A message as its sender or one of its recipients sees it; undefined for anyone else. */
export async function findMessageFor(db: DbOrTx, userUuid: string, uuid: string) {
  const m = await db.selectFrom('messages').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!m) return undefined;
  if (m.sender_uuid === userUuid) return { message: m, readAt: null, sent: true };
  const r = await db
    .selectFrom('message_recipients')
    .select('read_at')
    .where('message_uuid', '=', uuid)
    .where('user_uuid', '=', userUuid)
    .executeTakeFirst();
  return r ? { message: m, readAt: r.read_at, sent: false } : undefined;
}

/** The accounts of every administrator: the group 'Amministratori'. */
export function adminAccounts(db: DbOrTx) {
  return db.selectFrom('admins').select('user_uuid');
}

/** One person's account, as a recipient. */
export function userAccount(db: DbOrTx, userUuid: string) {
  return db.selectFrom('users').select('users.uuid as user_uuid').where('users.uuid', '=', userUuid);
}

/** The administrators the composer offers by name (a handful: the service filters them). */
export async function administrators(db: DbOrTx) {
  return db.selectFrom('admins').select(['user_uuid', 'name', 'lastname']).limit(200).execute();
}

/** Whose names and pictures the rows show: a person is in one of the four registries by their account. */
export async function peopleOf(db: DbOrTx, userUuids: readonly string[]) {
  const people = new Map<string, { name: string; img: string }>();
  if (userUuids.length === 0) return people;
  const ids = [...new Set(userUuids)];
  const sources = [
    db.selectFrom('admins').select(['user_uuid', 'name', 'lastname', 'img']).where('user_uuid', 'in', ids),
    db.selectFrom('capoarea').select(['user_uuid', 'name', 'lastname', 'img']).where('user_uuid', 'in', ids),
    db.selectFrom('rivenditori').select(['user_uuid', 'name', 'lastname', 'img']).where('user_uuid', 'in', ids),
    db.selectFrom('posatori').select(['user_uuid', 'name', 'lastname', 'img']).where('user_uuid', 'in', ids),
  ];
  for (const source of sources) {
    for (const p of await source.execute()) {
      if (p.user_uuid && !people.has(p.user_uuid)) {
        people.set(p.user_uuid, { name: `${p.name} ${p.lastname}`.trim(), img: p.img });
      }
    }
  }
  return people;
}

export type NewMessage = {
  uuid: string;
  /** null: no account sent it (a visitor), `mittente` says who did. */
  sender: string | null;
  mittente?: string;
  oggetto: string;
  content: string;
  dest: string;
  dests: string;
  now: string;
};

export async function insertMessage(db: DbOrTx, m: NewMessage): Promise<void> {
  await db
    .insertInto('messages')
    .values({
      uuid: m.uuid,
      sender_uuid: m.sender,
      mittente: m.mittente ?? '',
      oggetto: m.oggetto,
      oggetto_key: fold(m.oggetto),
      content: m.content,
      dest: m.dest,
      dests: m.dests,
      created_at: m.now,
      updated_at: m.now,
    })
    .execute();
}

export async function updateMessage(
  db: DbOrTx,
  uuid: string,
  m: Pick<NewMessage, 'oggetto' | 'content' | 'dest' | 'dests' | 'now'>,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({
      oggetto: m.oggetto,
      oggetto_key: fold(m.oggetto),
      content: m.content,
      dest: m.dest,
      dests: m.dests,
      updated_at: m.now,
    })
    .where('uuid', '=', uuid)
    .execute();
}

/**
 * A value in a SELECT list as a bound parameter, never spliced into the SQL text (sql.lit would: a NUL in it ended
 * SQLite's string literal); the cast gives PostgreSQL the parameter's type.
 */
const text = (value: string) => sql<string>`cast(${value} as text)`;

/** The accounts of a send's choices as one query (with repeats), or undefined when there are none. */
function accountsOf(db: DbOrTx, accounts: readonly AccountsQuery[]) {
  const chosen = accounts.map((a, i) =>
    db.selectFrom(a.as(`a${i}`)).select(sql.ref<string | null>(`a${i}.user_uuid`).as('user_uuid')),
  );
  const [first, ...rest] = chosen;
  return first && rest.reduce((all, q) => all.unionAll(q), first);
}

/**
 * Before an edit changes a message: bumps at once, in their names' order, the inboxes of everyone it may change (its
 * recipients now and the accounts it was given). An edit changes what each of its recipients' inboxes shows, its
 * subject (which an inbox's filter and the global search read) included, so their cached counts and answers go
 * with it. And on PostgreSQL a bump locks the folder's row: adding and taking away recipients are two statements,
 * each bumping its own inboxes (migration 2026-11-27-28), so two edits at once with crossing recipients would
 * otherwise take those locks crosswise and wait on each other.
 */
export async function bumpInboxes(
  db: DbOrTx,
  message: { uuid: string; sender: string },
  accounts: readonly AccountsQuery[],
): Promise<void> {
  const now = db
    .selectFrom('message_recipients')
    .select(sql.ref<string | null>('user_uuid').as('user_uuid'))
    .where('message_uuid', '=', message.uuid);
  const chosen = accountsOf(db, accounts);
  // The choices are a UNION ALL (addRecipients), which a UNION in front of them would not make distinct.
  const everyone = chosen ? now.unionAll(chosen) : now;
  const folders = db
    .selectFrom(everyone.as('r'))
    .distinct()
    .select(sql<string>`'inbox:' || r.user_uuid`.as('name'))
    .select(sql<number>`1`.as('version'))
    .where('r.user_uuid', 'is not', null)
    .where('r.user_uuid', '<>', message.sender)
    .orderBy('name');
  await db
    .insertInto('list_versions')
    .columns(['name', 'version'])
    .expression(folders)
    .onConflict((oc) => oc.column('name').doUpdateSet({ version: sql`list_versions.version + 1` }))
    .execute();
}

/**
 * PostgreSQL: a message's row before its recipients' rows, for every writer of both. A read mark changes its
 * recipient row and then, through the unread count's trigger (migration 2026-11-26-21), the message; an edit or a
 * delete holds the message and then changes its recipients. Taken the other way round by the read mark, the two
 * waited on each other (an edit taking away a recipient who was marking the message read failed with a deadlock).
 * Here the deletion's hold; `setRead` and `holdUnreadMessages` take theirs in the same order.
 */
async function holdMessageForDelete(db: DbOrTx, uuid: string): Promise<void> {
  if (isSqlite(db)) return;
  await db.selectFrom('messages').select('uuid').where('uuid', '=', uuid).forUpdate().execute();
}

/**
 * PostgreSQL: the messages `userUuid` has not read yet, in uuid order, before their account's deletion takes its
 * recipient rows with it (by cascade) and the unread count's trigger then changes those messages. Without it the
 * deletion held a recipient row and waited for its message while an edit or a read mark held the message and waited
 * for that row (the order of `holdMessageForDelete`). The messages already read are not changed by the deletion.
 */
export async function holdUnreadMessages(db: DbOrTx, userUuid: string): Promise<void> {
  if (isSqlite(db)) return;
  await db
    .selectFrom('messages')
    .select('uuid')
    .where('uuid', 'in', (eb) =>
      eb
        .selectFrom('message_recipients')
        .select('message_uuid')
        .where('user_uuid', '=', userUuid)
        .where('read_at', 'is', null),
    )
    .orderBy('uuid')
    .forNoKeyUpdate()
    .execute();
}

/**
 * Stores the recipients the queries stand for, in one INSERT ... SELECT (50,000 installers are one statement); the
 * primary key (message_uuid, user_uuid) drops duplicates between people and groups, and keeps the read state of
 * recipients a message already had. The sender is never their own recipient. Returns how many it added. One
 * statement for all of a send's choices: each bumps the version of its recipients' inboxes in their names' order
 * (migration 2026-11-27-28), and two sends of several statements each could take those locks crosswise.
 */
export async function addRecipients(
  db: DbOrTx,
  message: { uuid: string; sender: string; createdAt: string },
  accounts: readonly AccountsQuery[],
): Promise<number> {
  const everyone = accountsOf(db, accounts);
  if (!everyone) return 0;
  const picked = db
    .selectFrom(everyone.as('a'))
    .select([
      text(message.uuid).as('message_uuid'),
      'a.user_uuid',
      sql<null>`null`.as('read_at'),
      text(message.createdAt).as('created_at'),
    ])
    .where('a.user_uuid', 'is not', null)
    .where('a.user_uuid', '<>', message.sender);
  const inserted = await db
    .insertInto('message_recipients')
    .columns(['message_uuid', 'user_uuid', 'read_at', 'created_at'])
    .expression(picked)
    .onConflict((oc) => oc.columns(['message_uuid', 'user_uuid']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

/** One person as the recipient of a message nobody with an account sent. */
export async function addRecipient(
  db: DbOrTx,
  message: { uuid: string; createdAt: string },
  userUuid: string,
): Promise<void> {
  await db
    .insertInto('message_recipients')
    .values({ message_uuid: message.uuid, user_uuid: userUuid, read_at: null, created_at: message.createdAt })
    .execute();
}

/** After an edit: the recipients no longer chosen lose the message (those still chosen keep their read state). */
export async function keepOnlyRecipients(db: DbOrTx, messageUuid: string, accounts: AccountsQuery[]): Promise<void> {
  let q = db.deleteFrom('message_recipients').where('message_uuid', '=', messageUuid);
  for (const [i, chosen] of accounts.entries()) {
    const alias = `k${i}`;
    q = q.where(
      'user_uuid',
      'not in',
      db
        .selectFrom(chosen.as(alias))
        .select(sql.ref<string>(`${alias}.user_uuid`).as('user_uuid'))
        .where(sql.ref(`${alias}.user_uuid`), 'is not', null),
    );
  }
  await q.execute();
}

/** The accounts a message is addressed to (their open tabs hear of a change to it). */
export async function recipientsOf(db: DbOrTx, messageUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('message_recipients')
    .select('user_uuid')
    .where('message_uuid', '=', messageUuid)
    .execute();
  return rows.map((r) => r.user_uuid);
}

export async function recipientCount(db: DbOrTx, messageUuid: string): Promise<number> {
  const row = await db
    .selectFrom('message_recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('message_uuid', '=', messageUuid)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The notification e-mail of every recipient with an address and a usable account, queued in one INSERT ... SELECT
 * (modules/mail/mail-queue.ts sends them at its pace). The row id `msg:{message}:{user}` makes a second call a no-op for
 * those already queued, so an edit that adds recipients notifies only the new ones. They are bulk mails in the
 * sender's lane, numbered from the lane's next turn, so a large send takes turns with everyone else's. An installer
 * whose profile is not OK gets the message in the inbox, to read once it is, but no e-mail about it
 * (docs/decisions/0009).
 */
export async function queueNotifications(
  db: DbOrTx,
  messageUuid: string,
  mail: { subject: string; body: string; link: string; now: string; sender: string },
): Promise<void> {
  const first = await nextTurn(db, 'bulk', mail.sender);
  const picked = db
    .selectFrom('message_recipients as r')
    .innerJoin('users as u', 'u.uuid', 'r.user_uuid')
    .select([
      sql<string>`'msg:' || r.message_uuid || ':' || r.user_uuid`.as('uuid'),
      'u.email as to_addr',
      text(mail.subject).as('subject'),
      text(mail.body).as('body'),
      text(mail.link).as('link'),
      sql.lit('pending').as('status'),
      sql.lit(0).as('attempts'),
      text(mail.now).as('next_at'),
      sql.lit('').as('locked_until'),
      sql.lit('').as('last_error'),
      text(mail.now).as('created_at'),
      sql.lit('').as('sent_at'),
      sql.lit(PRIORITY.bulk).as('priority'),
      text(mail.sender).as('lane'),
      sql<number>`cast(${first} as integer) - 1 + row_number() over (order by r.user_uuid)`.as('turn'),
    ])
    .where('r.message_uuid', '=', messageUuid)
    .where('u.email', '<>', '')
    .where('u.stato', '<>', 'disabled')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('posatori as p')
            .select('p.uuid')
            .whereRef('p.user_uuid', '=', 'u.uuid')
            .where('p.stato', '<>', 'OK'),
        ),
      ),
    );
  await db
    .insertInto('mail_queue')
    .columns([
      'uuid',
      'to_addr',
      'subject',
      'body',
      'link',
      'status',
      'attempts',
      'next_at',
      'locked_until',
      'last_error',
      'created_at',
      'sent_at',
      'priority',
      'lane',
      'turn',
    ])
    .expression(picked)
    .onConflict((oc) => oc.column('uuid').doNothing())
    .execute();
}

/** Deleting a message also drops its notifications not sent yet (a range on the queue's primary key). */
export async function deleteMessage(db: DbOrTx, uuid: string): Promise<void> {
  await holdMessageForDelete(db, uuid);
  await db.deleteFrom('message_recipients').where('message_uuid', '=', uuid).execute();
  await db
    .deleteFrom('mail_queue')
    .where('uuid', '>=', `msg:${uuid}:`)
    .where('uuid', '<', `msg:${uuid};`)
    .where('status', '=', 'pending')
    .execute();
  await db.deleteFrom('messages').where('uuid', '=', uuid).execute();
}

/**
 * Marks a message read or unread for one of its recipients; false when `userUuid` is not one. On PostgreSQL the
 * message is held first (the order of `holdMessageForDelete`), and only when the reader is its recipient: somebody
 * else's mark answers at once and never waits for, nor holds up, the message's edit or deletion.
 */
export async function setRead(db: DbOrTx, userUuid: string, uuid: string, readAt: string | null): Promise<boolean> {
  if (!isSqlite(db)) {
    const held = await db
      .selectFrom('messages')
      .select('uuid')
      .where('uuid', '=', uuid)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('message_recipients')
            .select('user_uuid')
            .where('message_uuid', '=', uuid)
            .where('user_uuid', '=', userUuid),
        ),
      )
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!held) return false;
  }
  const r = await db
    .updateTable('message_recipients')
    .set({ read_at: readAt })
    .where('message_uuid', '=', uuid)
    .where('user_uuid', '=', userUuid)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
