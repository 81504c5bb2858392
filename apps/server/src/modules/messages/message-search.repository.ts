import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.ts';
import { CONTAINS_MIN, containsUpTo, FEW_MATCHES, fold, rowContains, walkMatching } from '../../lib/text-search.ts';
import {
  folderWindow,
  inboxList,
  oggettoField,
  outboxList,
  subjectVia,
  type Folder,
  type FolderFilters,
  type SubjectVia,
} from './message-folders.repository.ts';

type Found = { uuid: string; oggetto: string; created_at: string };

/** Newest first, by the date a folder is ordered by. */
export const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;

type Match = Found & { sender_uuid: string | null };

const found = ({ uuid, oggetto, created_at }: Found): Found => ({ uuid, oggetto, created_at });

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

/** A window of a folder through its list's filters, newest first: each entry's message, subject and folder date. */
function folderEntries(
  db: DbOrTx,
  folder: Folder,
  userUuid: string,
  f: FolderFilters,
  via: SubjectVia,
  win: { size: number; offset: number },
): Promise<Found[]> {
  if (folder === 'outbox') {
    return folderWindow(db, outboxList(db, userUuid, f, via), win, (uuids) =>
      db.selectFrom('messages').select(['uuid', 'oggetto', 'created_at']).where('uuid', 'in', uuids).execute(),
    );
  }
  // The messages by primary key and the viewer's recipient row of each by its own (message_uuid, user_uuid): a join
  // filtered on r.user_uuid made SQLite read the viewer's whole inbox range for every window.
  return folderWindow(db, inboxList(db, userUuid, f, via), win, async (uuids) =>
    (
      await db
        .selectFrom('messages as m')
        .select(['m.uuid', 'm.oggetto'])
        .select((eb) =>
          eb
            .selectFrom('message_recipients as r')
            .select('r.created_at')
            .whereRef('r.message_uuid', '=', 'm.uuid')
            .where('r.user_uuid', '=', userUuid)
            .as('created_at'),
        )
        .where('m.uuid', 'in', uuids)
        .execute()
    ).map((m) => ({ ...m, created_at: m.created_at ?? '' })),
  );
}

/**
 * A window of a folder's entries newest first, each with its folder date, read from the folder's index alone: the
 * list's one arm in its order, without pageRows' derived table and key mapping, since a walk reads many windows.
 */
function walkedKeys(db: DbOrTx, folder: Folder, userUuid: string, win: { offset: number; size: number }) {
  const list = folder === 'inbox' ? inboxList(db, userUuid, {}, 'folder') : outboxList(db, userUuid, {}, 'folder');
  const [arm] = list.arms;
  if (!arm) return Promise.resolve([]);
  const [date, key] = list.order;
  let q = (arm as SelectQueryBuilder<Database, typeof list.table, object>).select([
    sql.ref<string>(`${list.table}.${key?.[0] ?? 'uuid'}`).as('uuid'),
    sql.ref<string>(`${list.table}.${date?.[0] ?? 'created_at'}`).as('created_at'),
  ]);
  for (const [column, direction] of list.order) q = q.orderBy(sql.ref(`${list.table}.${column}`), direction);
  return q.limit(win.size).offset(win.offset).execute();
}

/**
 * A common word: the folder's newest entries (at most SEARCH_WALK), their keys and dates read from the folder's
 * index and each window's subjects compared in the database as the Oggetto filter compares them, until `limit`
 * are found; `complete` is false when the walk ended first. Only the matches' subjects are read into the process.
 */
async function walkFolder(db: DbOrTx, folder: Folder, userUuid: string, text: string, limit: number) {
  const contains = rowContains(oggettoField, text);
  const walked = await walkMatching(
    (offset, size) => walkedKeys(db, folder, userUuid, { offset, size }),
    limit,
    async (uuids) => {
      const rows = await db
        .selectFrom('messages')
        .select(['uuid', 'oggetto'])
        .where('uuid', 'in', uuids)
        .where(contains)
        .execute();
      return new Map(rows.map((m) => [m.uuid, { oggetto: m.oggetto }]));
    },
  );
  return { ...walked, found: walked.found.map(found) };
}

/** The folder through its list's subject filter (the index path), newest first, at most `limit`. */
async function throughIndex(db: DbOrTx, folder: Folder, userUuid: string, text: string, limit: number) {
  const f = { oggetto: text };
  const via = await subjectVia(db, folder, userUuid, f);
  return (await folderEntries(db, folder, userUuid, f, via, { size: limit, offset: 0 })).map(found);
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
