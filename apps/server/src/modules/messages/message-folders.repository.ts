import type { PagingQuery } from '@portal/shared/schemas/paging';
import type { DbOrTx } from '../../db/database.ts';
import { readLane } from '../../db/read-lane.ts';
import { cachedResult, type FolderVersion } from '../../lib/list-counts.ts';
import { listCount, pageRows, pageWindow, rememberedList, type ListQuery } from '../../lib/paging.ts';
import { CONTAINS_MIN, fold, rowContains, textFilter, type TextField } from '../../lib/text-search.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';

export type Folder = 'inbox' | 'outbox';

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
export type SubjectVia = 'folder' | 'index';

/**
 * The folder's size up to SMALL_FOLDER + 1 (an index range of at most that many entries) decides, remembered until
 * the folder changes (reading the range was most of a cached page's cost: 0.4-0.6 ms for the admin's inbox); short
 * text never uses the index.
 */
export async function subjectVia(db: DbOrTx, folder: Folder, userUuid: string, f: FolderFilters): Promise<SubjectVia> {
  if (fold(f.oggetto ?? '').length < CONTAINS_MIN) return 'folder';
  return cachedResult(db, [`${folder}:${userUuid}`], `via\u0000${folder}\u0000${userUuid}`, () =>
    folderSize(db, folder, userUuid).then((n) => (n > SMALL_FOLDER ? 'index' : 'folder')),
  );
}

/** How many messages the folder holds, up to SMALL_FOLDER + 1. */
async function folderSize(db: DbOrTx, folder: Folder, userUuid: string): Promise<number> {
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
  return Number(row?.n ?? 0);
}

/**
 * The inbox: the user's recipient rows, along message_recipients_inbox (user_uuid, created_at, message_uuid,
 * read_at) newest first. The index holds the read state too, so the unread filter, the count and the page's keys
 * never leave it; the messages are read by primary key for the page's rows only. The subject filter: in a small
 * inbox each message is read by primary key and its subject compared; in a large one the subjects containing the
 * text come from the trigram index and the inbox keeps its rows among them.
 */
export function inboxList(
  db: DbOrTx,
  userUuid: string,
  f: FolderFilters,
  via: SubjectVia,
): ListQuery<'message_recipients'> {
  let q = db.selectFrom('message_recipients').where('message_recipients.user_uuid', '=', userUuid);
  if (f.read === 'nonletti') q = q.where('message_recipients.read_at', 'is', null);
  if (f.read === 'letti') q = q.where('message_recipients.read_at', 'is not', null);
  if (f.oggetto && via === 'folder') {
    const contains = rowContains(oggettoField, f.oggetto);
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages')
          .select('messages.uuid')
          .whereRef('messages.uuid', '=', 'message_recipients.message_uuid')
          .where(contains),
      ),
    );
  }
  const indexed = via === 'index' ? textFilter(db, oggettoField, f.oggetto) : undefined;
  if (indexed) {
    q = q.where(
      'message_recipients.message_uuid',
      'in',
      db.selectFrom('messages').select('messages.uuid').where(indexed),
    );
  }
  const order = [
    ['created_at', 'desc'],
    ['message_uuid', 'desc'],
  ] as const;
  // Through the index, a common word's matches in a large inbox are found and sorted once per change of the inbox
  // (its version: a message's edit bumps it too, bumpInboxes), each page a slice of them.
  return indexed
    ? { table: 'message_recipients', arms: [q], order, matched: true, keysOf: [`inbox:${userUuid}`] }
    : { table: 'message_recipients', arms: [q], order, matched: false };
}

/**
 * The outbox: the sender's messages along messages_sender_date, newest first. The read filter ('letti': read by
 * every recipient, 'nonletti': not yet by someone) is one range of messages_sender_read, in the same order. The
 * subject filter: a small outbox compares each message's subject; a large one keeps the rows of its index range
 * whose rowid the trigram index found (SQLite: the index holds the rowid, so the messages are not read).
 */
export function outboxList(db: DbOrTx, senderUuid: string, f: FolderFilters, via: SubjectVia): ListQuery<'messages'> {
  let q = db.selectFrom('messages').where('messages.sender_uuid', '=', senderUuid);
  if (f.read) q = q.where('messages.read_by_all', '=', f.read === 'letti' ? 1 : 0);
  const subject =
    via === 'index'
      ? textFilter(db, oggettoField, f.oggetto)
      : f.oggetto
        ? rowContains(oggettoField, f.oggetto)
        : undefined;
  if (subject) q = q.where(subject);
  const order = [
    ['created_at', 'desc'],
    ['uuid', 'desc'],
  ] as const;
  // As the inbox's: a large outbox's matches sorted once per change of the outbox.
  return via === 'index' && subject
    ? { table: 'messages', arms: [q], order, matched: true, keysOf: [`outbox:${senderUuid}`] }
    : { table: 'messages', arms: [q], order, matched: false };
}

/**
 * Rows of a folder's list from `offset`, newest first, without counting it first (the global search walks a folder
 * until it has found enough): the keys, then `rowsOf` for them.
 */
export function folderWindow<R extends { uuid: string }>(
  db: DbOrTx,
  list: ListQuery<'message_recipients'> | ListQuery<'messages'>,
  win: { offset: number; size: number },
  rowsOf: (uuids: string[]) => Promise<R[]>,
): Promise<R[]> {
  // No count: a window as if the list were endless, read from its front.
  const uncounted = { page: 1, pages: 1, ...win };
  return list.table === 'messages'
    ? pageRows(db, list as ListQuery<'messages'>, uncounted, Number.MAX_SAFE_INTEGER, rowsOf)
    : pageRows(db, list as ListQuery<'message_recipients'>, uncounted, Number.MAX_SAFE_INTEGER, rowsOf);
}

/**
 * The lists the folders' pages read, built and compiled once per viewer and filters (rememberedList); the global
 * search builds its own, a window at a time.
 */
const inboxLists = rememberedList(inboxList, (userUuid, f, via) => [userUuid, f.read ?? null, f.oggetto ?? null, via]);
const outboxLists = rememberedList(outboxList, (senderUuid, f, via) => [
  senderUuid,
  f.read ?? null,
  f.oggetto ?? null,
  via,
]);

/**
 * A folder's count, cached until the folder changes (its own version, migration 2026-11-27-28): the admin's inbox
 * is tens of thousands of rows, counted again at every request before. A message's edit bumps the inboxes of all
 * its recipients (bumpInboxes), so an inbox filtered by subject is dated by its version too.
 */
const folderCount = <T extends 'message_recipients' | 'messages'>(
  db: DbOrTx,
  list: ListQuery<T>,
  version: FolderVersion,
): Promise<number> => listCount(db, [version], list);

/**
 * Through the subject index a folder's count and page cost what the word's matches cost (tens of milliseconds for a
 * common word), so they are read on the read lane; the page's rows, by primary key, are read where the caller reads.
 */
const readsVia = (db: DbOrTx, via: SubjectVia): DbOrTx => (via === 'index' ? readLane(db) : db);

/** A page of the inbox: each row the message with the viewer's read state and the date it arrived. */
export async function inboxPage(db: DbOrTx, userUuid: string, f: FolderFilters, query: PagingQuery) {
  const via = await subjectVia(db, 'inbox', userUuid, f);
  const reads = readsVia(db, via);
  const list = inboxLists(reads, userUuid, f, via);
  const reccount = await folderCount(reads, list, `inbox:${userUuid}`);
  const win = pageWindow(reccount, query);
  // The viewer's recipient row of each message by its primary key (message_uuid, user_uuid). As a join filtered on
  // r.user_uuid, SQLite read the viewer's whole range of message_recipients_inbox for every page (9 ms for the
  // admin's 36,000 received messages, against 0.1 ms).
  const rows = await pageRows(reads, list, win, reccount, async (uuids) =>
    (await inboxRows(db, uuids, { userUuid })).map((m) => ({
      ...m,
      read_at: m.read_at ?? null,
      created_at: m.created_at ?? '',
    })),
  );
  return { rows, win, reccount };
}

const inboxRows = rowsByKeys((db, uuids, { userUuid }: { userUuid: string }) =>
  db
    .selectFrom('messages as m')
    .select(['m.uuid', 'm.sender_uuid', 'm.mittente', 'm.oggetto', 'm.content', 'm.dest'])
    .select((eb) => {
      const recipient = eb
        .selectFrom('message_recipients as r')
        .whereRef('r.message_uuid', '=', 'm.uuid')
        .where('r.user_uuid', '=', userUuid);
      return [recipient.select('r.read_at').as('read_at'), recipient.select('r.created_at').as('created_at')];
    })
    .where('m.uuid', 'in', uuids),
);

/** A page of the outbox: the sender's messages as they were sent. */
export async function outboxPage(db: DbOrTx, senderUuid: string, f: FolderFilters, query: PagingQuery) {
  const via = await subjectVia(db, 'outbox', senderUuid, f);
  const reads = readsVia(db, via);
  const list = outboxLists(reads, senderUuid, f, via);
  const reccount = await folderCount(reads, list, `outbox:${senderUuid}`);
  const win = pageWindow(reccount, query);
  const rows = await pageRows(reads, list, win, reccount, (uuids) => outboxRows(db, uuids));
  return { rows, win, reccount };
}

const outboxRows = rowsByKeys((db, uuids) =>
  db
    .selectFrom('messages as m')
    .select(['m.uuid', 'm.sender_uuid', 'm.oggetto', 'm.content', 'm.dest', 'm.created_at'])
    .where('m.uuid', 'in', uuids),
);
