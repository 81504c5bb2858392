import { sql, type AliasableExpression } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { nextTurn, PRIORITY } from '../mail/mail-queue.ts';
import {
  CONTAINS_MIN,
  containsUpTo,
  FEW_MATCHES,
  fold,
  rowContains,
  textFilter,
  walkMatching,
  type TextField,
} from '../../lib/text-search.ts';
import type { PageWindow } from '../../lib/paging.ts';

/** A query selecting the accounts a recipient stands for (one person, a group, a list's filter). */
export type AccountsQuery = AliasableExpression<{ user_uuid: string | null }>;

export type FolderFilters = { oggetto?: string | undefined; read?: 'letti' | 'nonletti' | undefined };

/** The subject's trigram search (migration 2026-11-25-17): messages_fts on SQLite, pg_trgm on PostgreSQL. */
export const oggettoField: TextField = { table: 'messages', search: 'oggetto_key', prefix: [] };

/**
 * Up to this many messages, a folder's subject filter reads the folder's messages one by one (1-2.5 µs each on the
 * stress data, so at most about 12 ms); above it, the trigram index finds the matching subjects and the folder is
 * checked against them, whose cost follows the matches, not the folder (docs/decisions/0020): about 2 µs a match,
 * 25 ms for a word in 13,000 subjects, under 5 ms for a rare one. Neither engine can make the choice: SQLite has no
 * statistics of a user's folder or of a phrase's matches.
 */
export const SMALL_FOLDER = 5_000;

/** How a folder's subject filter reads: through the folder ('folder') or through the subject index ('index'). */
type SubjectVia = 'folder' | 'index';

/** The folder's size up to SMALL_FOLDER + 1 (an index range of at most that many entries) decides; short text never uses the index. */
async function subjectVia(
  db: DbOrTx,
  folder: 'inbox' | 'outbox',
  userUuid: string,
  f: FolderFilters,
): Promise<SubjectVia> {
  if (fold(f.oggetto ?? '').length < CONTAINS_MIN) return 'folder';
  const range =
    folder === 'inbox'
      ? db
          .selectFrom('message_recipients')
          .select('message_uuid as uuid')
          .where('user_uuid', '=', userUuid)
          .limit(SMALL_FOLDER + 1)
      : db
          .selectFrom('messages')
          .select('uuid')
          .where('sender_uuid', '=', userUuid)
          .limit(SMALL_FOLDER + 1);
  const row = await db
    .selectFrom(range.as('folder'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) > SMALL_FOLDER ? 'index' : 'folder';
}

/**
 * The inbox: the user's recipient rows, along message_recipients_inbox (user_uuid, created_at, message_uuid,
 * read_at) newest first. The index holds the read state too, so the unread filter, the count and the page's keys
 * never leave it; the messages are read by primary key for the page's rows only. The subject filter: in a small
 * inbox each message is read by primary key and its subject compared; in a large one the subjects containing the
 * text come from the trigram index and the inbox keeps its rows among them.
 */
function inbox(db: DbOrTx, userUuid: string, f: FolderFilters, via: SubjectVia) {
  let q = db.selectFrom('message_recipients as r').where('r.user_uuid', '=', userUuid);
  if (f.read === 'nonletti') q = q.where('r.read_at', 'is', null);
  if (f.read === 'letti') q = q.where('r.read_at', 'is not', null);
  if (f.oggetto && via === 'folder') {
    const contains = rowContains(oggettoField, f.oggetto);
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages')
          .select('messages.uuid')
          .whereRef('messages.uuid', '=', 'r.message_uuid')
          .where(contains),
      ),
    );
  }
  const indexed = via === 'index' ? textFilter(db, oggettoField, f.oggetto) : undefined;
  if (indexed) q = q.where('r.message_uuid', 'in', db.selectFrom('messages').select('messages.uuid').where(indexed));
  return q;
}

export async function countInbox(db: DbOrTx, userUuid: string, f: FolderFilters): Promise<number> {
  const row = await inbox(db, userUuid, f, await subjectVia(db, 'inbox', userUuid, f))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listInbox(db: DbOrTx, userUuid: string, f: FolderFilters, win: PageWindow) {
  const keys = await inbox(db, userUuid, f, await subjectVia(db, 'inbox', userUuid, f))
    .select(['r.message_uuid', 'r.read_at', 'r.created_at'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.message_uuid', 'desc')
    .limit(win.size)
    .offset(win.offset)
    .execute();
  if (keys.length === 0) return [];
  const found = await db
    .selectFrom('messages as m')
    .select(['m.uuid', 'm.sender_uuid', 'm.oggetto', 'm.content', 'm.dest'])
    .where(
      'm.uuid',
      'in',
      keys.map((k) => k.message_uuid),
    )
    .execute();
  const byUuid = new Map(found.map((m) => [m.uuid, m]));
  return keys.flatMap((k) => {
    const m = byUuid.get(k.message_uuid);
    return m ? [{ ...m, read_at: k.read_at, created_at: k.created_at }] : [];
  });
}

/**
 * The outbox: the sender's messages along messages_sender_date, newest first. The read filter ('letti': read by
 * every recipient, 'nonletti': not yet by someone) is one range of messages_sender_read, in the same order. The
 * subject filter: a small outbox compares each message's subject; a large one keeps the rows of its index range
 * whose rowid the trigram index found (SQLite: the index holds the rowid, so the messages are not read).
 */
function outbox(db: DbOrTx, senderUuid: string, f: FolderFilters, via: SubjectVia) {
  let q = db.selectFrom('messages').where('messages.sender_uuid', '=', senderUuid);
  if (f.read) q = q.where('messages.read_by_all', '=', f.read === 'letti' ? 1 : 0);
  const subject =
    via === 'index'
      ? textFilter(db, oggettoField, f.oggetto)
      : f.oggetto
        ? rowContains(oggettoField, f.oggetto)
        : undefined;
  if (subject) q = q.where(subject);
  return q;
}

export async function countOutbox(db: DbOrTx, senderUuid: string, f: FolderFilters): Promise<number> {
  const row = await outbox(db, senderUuid, f, await subjectVia(db, 'outbox', senderUuid, f))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listOutbox(db: DbOrTx, senderUuid: string, f: FolderFilters, win: PageWindow) {
  // The page's keys from the index alone, then those rows by primary key.
  const keys = await outbox(db, senderUuid, f, await subjectVia(db, 'outbox', senderUuid, f))
    .select(['messages.uuid'])
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.uuid', 'desc')
    .limit(win.size)
    .offset(win.offset)
    .execute();
  if (keys.length === 0) return [];
  const found = await db
    .selectFrom('messages as m')
    .select(['m.uuid', 'm.sender_uuid', 'm.oggetto', 'm.content', 'm.dest', 'm.created_at'])
    .where(
      'm.uuid',
      'in',
      keys.map((k) => k.uuid),
    )
    .execute();
  const byUuid = new Map(found.map((m) => [m.uuid, m]));
  return keys.flatMap((k) => byUuid.get(k.uuid) ?? []);
}

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
  sender: string;
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

/**
 * Stores the recipients a query stands for, in one INSERT ... SELECT (50,000 installers are one statement); the
 * primary key (message_uuid, user_uuid) drops duplicates between people and groups, and keeps the read state of
 * recipients a message already had. The sender is never their own recipient. Returns how many it added.
 */
export async function addRecipients(
  db: DbOrTx,
  message: { uuid: string; sender: string; createdAt: string },
  accounts: AccountsQuery,
): Promise<number> {
  const picked = db
    .selectFrom(accounts.as('a'))
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
 * (lib/mail-queue.ts sends them at its pace). The row id `msg:{message}:{user}` makes a second call a no-op for
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
  await db.deleteFrom('message_recipients').where('message_uuid', '=', uuid).execute();
  await db
    .deleteFrom('mail_queue')
    .where('uuid', '>=', `msg:${uuid}:`)
    .where('uuid', '<', `msg:${uuid};`)
    .where('status', '=', 'pending')
    .execute();
  await db.deleteFrom('messages').where('uuid', '=', uuid).execute();
}

export async function setRead(db: DbOrTx, userUuid: string, uuid: string, readAt: string | null): Promise<boolean> {
  const r = await db
    .updateTable('message_recipients')
    .set({ read_at: readAt })
    .where('message_uuid', '=', uuid)
    .where('user_uuid', '=', userUuid)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

type Found = { uuid: string; oggetto: string; created_at: string };

/** Newest first, by the date a folder is ordered by. */
export const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;

type Match = Found & { sender_uuid: string | null };

/** The messages whose subject contains the text (3 characters or more), at most `max`, through the trigram index. */
async function subjectMatches(db: DbOrTx, text: string, max: number): Promise<Match[]> {
  const indexed = containsUpTo(db, oggettoField, text, max);
  if (!indexed) return [];
  return db
    .selectFrom('messages')
    .select(['messages.uuid', 'messages.oggetto', 'messages.created_at', 'messages.sender_uuid'])
    .where(indexed)
    .limit(max)
    .execute();
}

/**
 * A rare word: the matches the user sent (read with them) and received, at most `limit` of each, newest first. The
 * received ones are each a probe of message_recipients' primary key (message, user): the CROSS JOIN keeps SQLite
 * from walking the user's whole inbox index instead (it has no statistics saying the matches are fewer);
 * PostgreSQL plans it as any join.
 */
async function amongMatches(db: DbOrTx, userUuid: string, matches: Match[], limit: number): Promise<Found[]> {
  if (matches.length === 0) return [];
  const sent = matches
    .filter((m) => m.sender_uuid === userUuid)
    .sort(newestFirst)
    .slice(0, limit)
    .map(({ uuid, oggetto, created_at }) => ({ uuid, oggetto, created_at }));
  const received = await db
    .selectFrom('messages as m')
    .crossJoin('message_recipients as r')
    .select(['m.uuid', 'm.oggetto', 'r.created_at'])
    .where(
      'm.uuid',
      'in',
      matches.map((m) => m.uuid),
    )
    .whereRef('r.message_uuid', '=', 'm.uuid')
    .where('r.user_uuid', '=', userUuid)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.message_uuid', 'desc')
    .limit(limit)
    .execute();
  return [...received, ...sent];
}

/** A folder's keys newest first, in its index's order, through its list's filters. */
function folderKeys(
  db: DbOrTx,
  folder: 'inbox' | 'outbox',
  userUuid: string,
  f: FolderFilters,
  via: SubjectVia,
  win: { size: number; offset: number },
): Promise<{ uuid: string; created_at: string }[]> {
  return folder === 'inbox'
    ? inbox(db, userUuid, f, via)
        .select(['r.message_uuid as uuid', 'r.created_at'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.message_uuid', 'desc')
        .limit(win.size)
        .offset(win.offset)
        .execute()
    : outbox(db, userUuid, f, via)
        .select(['messages.uuid', 'messages.created_at'])
        .orderBy('messages.created_at', 'desc')
        .orderBy('messages.uuid', 'desc')
        .limit(win.size)
        .offset(win.offset)
        .execute();
}

/**
 * A common word: the folder's newest entries (at most SEARCH_WALK), each message's subject compared, until `limit`
 * are found; `complete` is false when the walk ended first.
 */
async function walkFolder(db: DbOrTx, folder: 'inbox' | 'outbox', userUuid: string, text: string, limit: number) {
  const keysAt = (offset: number, size: number) => folderKeys(db, folder, userUuid, {}, 'folder', { size, offset });
  return walkMatching(keysAt, limit, async (uuids) => {
    const rows = await db
      .selectFrom('messages')
      .select(['uuid', 'oggetto'])
      .where('uuid', 'in', uuids)
      .where(rowContains(oggettoField, text))
      .execute();
    return new Map(rows.map((m) => [m.uuid, { oggetto: m.oggetto }]));
  });
}

/** The folder through its list's subject filter (the index path), newest first, at most `limit`. */
async function throughIndex(db: DbOrTx, folder: 'inbox' | 'outbox', userUuid: string, text: string, limit: number) {
  const f = { oggetto: text };
  const via = await subjectVia(db, folder, userUuid, f);
  const keys = await folderKeys(db, folder, userUuid, f, via, { size: limit, offset: 0 });
  if (keys.length === 0) return [];
  const subjects = await db
    .selectFrom('messages')
    .select(['uuid', 'oggetto'])
    .where(
      'uuid',
      'in',
      keys.map((k) => k.uuid),
    )
    .execute();
  const oggetto = new Map(subjects.map((m) => [m.uuid, m.oggetto]));
  return keys.flatMap((k) => {
    const subject = oggetto.get(k.uuid);
    return subject === undefined ? [] : [{ uuid: k.uuid, oggetto: subject, created_at: k.created_at }];
  });
}

/**
 * The global search's messages: those the user received and those they sent whose subject contains the text, over
 * the whole history, newest first, at most `limit` of each folder. The cost follows the shorter way: a rare word
 * (most names typed in the box match no subject) is its few matches checked against the user's folders; a common
 * one is each folder's newest entries compared until `limit` are found, and only a folder where the walk finds too
 * few goes through the index path of the Oggetto filter.
 */
export async function searchFolders(db: DbOrTx, userUuid: string, text: string, limit: number): Promise<Found[]> {
  if (fold(text).length < CONTAINS_MIN) return [];
  const matches = await subjectMatches(db, text, FEW_MATCHES + 1);
  if (matches.length <= FEW_MATCHES) return amongMatches(db, userUuid, matches, limit);
  const found: Found[] = [];
  for (const folder of ['inbox', 'outbox'] as const) {
    const walked = await walkFolder(db, folder, userUuid, text, limit);
    found.push(...(walked.complete ? walked.found : await throughIndex(db, folder, userUuid, text, limit)));
  }
  return found;
}

/** The latest messages a user received (the installer's home). */
export async function latestReceived(db: DbOrTx, userUuid: string, limit: number) {
  return listInbox(db, userUuid, {}, { page: 1, pages: 1, size: limit, offset: 0 });
}
