import type { Role } from '@portal/shared/roles';
import type { DocumentKind } from '@portal/shared/schemas/documents';
import type { ExpressionBuilder } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.ts';
import {
  containsUpTo,
  FEW_MATCHES,
  fold,
  rowContains,
  textFilter,
  walkMatching,
  type TextField,
} from '../../lib/text-search.ts';
import { listCount, pageRows, rememberedList, UNCOUNTED, type ListQuery, type PageWindow } from '../../lib/paging.ts';
import type { DocumentsTable } from './documents.table.ts';
import { rowsByKeys } from '../../lib/rows-by-keys.ts';

/** Which documents a list shows: every one (admin), or those of one group; optionally of one kind. */
export type DocumentsScope = { all: true } | { all: false; group: Role };

/**
 * Every document, newest first, from the documents' date index; optionally of one kind. Built and compiled once per
 * kind (rememberedList), as the registries' lists are.
 */
const allDocuments = rememberedList(
  (db: DbOrTx, kind: DocumentKind | undefined): ListQuery<'documents'> => ({
    table: 'documents',
    arms: [db.selectFrom('documents').$if(kind !== undefined, (q) => q.where('kind', '=', kind as DocumentKind))],
    order: [
      ['created_at', 'desc'],
      ['uuid', 'desc'],
    ],
    matched: false,
  }),
  (kind) => [kind ?? null],
);

/** A group's documents, newest first, from the index of their links (migration 2026-11-24-11); optionally of one kind. */
const groupDocuments = rememberedList(
  (db: DbOrTx, group: Role, kind: DocumentKind | undefined): ListQuery<'document_groups'> => ({
    table: 'document_groups',
    arms: [
      db
        .selectFrom('document_groups')
        .where('grp', '=', group)
        .$if(kind !== undefined, (q) => q.where('kind', '=', kind as DocumentKind)),
    ],
    order: [
      ['created_at', 'desc'],
      ['document_uuid', 'desc'],
    ],
    matched: false,
  }),
  (group, kind) => [group, kind ?? null],
);

/** What dates a documents list: a document or a group row changed (list_versions). */
const DOCUMENT_VERSIONS = ['documents', 'document_groups'] as const;

/** A list's count, cached until a document or a group row changes. */
export async function countDocuments(db: DbOrTx, scope: DocumentsScope, kind?: DocumentKind): Promise<number> {
  return scope.all
    ? listCount(db, DOCUMENT_VERSIONS, allDocuments(db, kind))
    : listCount(db, DOCUMENT_VERSIONS, groupDocuments(db, scope.group, kind));
}

/** One page of a list (pageRows): its keys in order, then `rowsOf` them. */
async function pageOf<R extends { uuid: string }>(
  db: DbOrTx,
  scope: DocumentsScope,
  kind: DocumentKind | undefined,
  win: PageWindow,
  reccount: number,
  rowsOf: (uuids: string[]) => Promise<R[]>,
): Promise<R[]> {
  return scope.all
    ? pageRows(db, allDocuments(db, kind), win, reccount, rowsOf)
    : pageRows(db, groupDocuments(db, scope.group, kind), win, reccount, rowsOf);
}

/** One page of a list's documents; `reccount` is the list's count. */
export async function listDocuments(
  db: DbOrTx,
  scope: DocumentsScope,
  kind: DocumentKind | undefined,
  win: PageWindow,
  reccount: number,
) {
  return pageOf(db, scope, kind, win, reccount, (uuids) => documentRows(db, uuids));
}

const documentRows = rowsByKeys((db, uuids) => db.selectFrom('documents').selectAll().where('uuid', 'in', uuids));

/** The groups of some documents, for their rows' dests. */
export async function groupsOf(db: DbOrTx, uuids: readonly string[]): Promise<Map<string, Role[]>> {
  const groups = new Map<string, Role[]>();
  if (uuids.length === 0) return groups;
  const rows = await db
    .selectFrom('document_groups')
    .select(['document_uuid', 'grp'])
    .where('document_uuid', 'in', [...uuids])
    .execute();
  for (const r of rows) groups.set(r.document_uuid, [...(groups.get(r.document_uuid) ?? []), r.grp]);
  return groups;
}

export async function findDocument(db: DbOrTx, uuid: string) {
  return db.selectFrom('documents').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** Whether one of these groups may see the document. */
export async function visibleTo(db: DbOrTx, uuid: string, groups: readonly Role[]): Promise<boolean> {
  if (groups.length === 0) return false;
  const row = await db
    .selectFrom('document_groups')
    .select('grp')
    .where('document_uuid', '=', uuid)
    .where('grp', 'in', [...groups])
    .executeTakeFirst();
  return row !== undefined;
}

/** The title's search text, written with every insert and every change of title (documents.title_key). */
export const documentKeys = (d: { title: string }) => ({ title_key: fold(d.title) });

export async function insertDocument(db: DbOrTx, row: Omit<DocumentsTable, 'title_key' | 'poster_key'>): Promise<void> {
  await db
    .insertInto('documents')
    .values({ ...row, ...documentKeys(row) })
    .execute();
}

/** The title and the groups, the groups rewritten with the document's date and kind. */
export async function updateDocument(
  db: DbOrTx,
  doc: Pick<DocumentsTable, 'uuid' | 'kind' | 'created_at'>,
  title: string,
  groups: readonly Role[],
  now: string,
): Promise<void> {
  await db
    .updateTable('documents')
    .set({ title, ...documentKeys({ title }), updated_at: now })
    .where('uuid', '=', doc.uuid)
    .execute();
  await db.deleteFrom('document_groups').where('document_uuid', '=', doc.uuid).execute();
  if (groups.length === 0) return;
  await db
    .insertInto('document_groups')
    .values(groups.map((grp) => ({ document_uuid: doc.uuid, grp, kind: doc.kind, created_at: doc.created_at })))
    .execute();
}

/** A video's poster frame stored under `key` (or none). */
export async function setPoster(db: DbOrTx, uuid: string, key: string | null, now: string): Promise<void> {
  await db.updateTable('documents').set({ poster_key: key, updated_at: now }).where('uuid', '=', uuid).execute();
}

export async function deleteDocument(db: DbOrTx, uuid: string): Promise<void> {
  await db.deleteFrom('document_groups').where('document_uuid', '=', uuid).execute();
  await db.deleteFrom('documents').where('uuid', '=', uuid).execute();
}

/** The title's trigram search (migration 2026-11-25-17): documents_fts on SQLite, pg_trgm on PostgreSQL. */
const titleField: TextField = { table: 'documents', search: 'title_key', prefix: [] };

/** The scope's group may see the document (its document_groups row, by primary key). */
const inGroup = (scope: DocumentsScope) => (eb: ExpressionBuilder<Database, 'documents'>) =>
  eb.exists(
    eb
      .selectFrom('document_groups as g')
      .select('g.grp')
      .whereRef('g.document_uuid', '=', 'documents.uuid')
      .where('g.grp', '=', scope.all ? 'admin' : scope.group),
  );

/** The documents of these uuids the scope may see, newest first, at most `limit`. */
async function newestVisible(db: DbOrTx, scope: DocumentsScope, uuids: readonly string[], limit: number) {
  return db
    .selectFrom('documents')
    .select(['documents.uuid', 'documents.title'])
    .where('documents.uuid', 'in', [...uuids])
    .$if(!scope.all, (q) => q.where(inGroup(scope)))
    .orderBy('documents.created_at', 'desc')
    .orderBy('documents.uuid', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The global search's documents: those of the list (every one, or a group's) whose title contains the text, over
 * the whole history, newest first, at most `limit`. A rare word's matches (most names typed in the box match no
 * title) come from the trigram index and are checked against the group by primary key; a common word walks the
 * list's newest entries comparing titles until `limit` are found (lib/text-search.ts, FEW_MATCHES).
 */
export async function searchTitles(db: DbOrTx, scope: DocumentsScope, text: string, limit: number) {
  const contains = textFilter(db, titleField, text);
  if (!contains) return [];
  const all = await db
    .selectFrom('documents')
    .select('documents.uuid')
    .where(containsUpTo(db, titleField, text, FEW_MATCHES + 1) ?? contains)
    .limit(FEW_MATCHES + 1)
    .execute();
  const matches = all.map((r) => r.uuid);
  if (matches.length <= FEW_MATCHES) return matches.length === 0 ? [] : newestVisible(db, scope, matches, limit);
  const walked = await walkMatching(
    (offset, size) =>
      pageOf(db, scope, undefined, { page: 1, pages: 1, size, offset }, UNCOUNTED, async (uuids) =>
        uuids.map((uuid) => ({ uuid })),
      ),
    limit,
    async (uuids) => {
      const rows = await db
        .selectFrom('documents')
        .select(['uuid', 'title'])
        .where('uuid', 'in', uuids)
        .where(rowContains(titleField, text))
        .execute();
      return new Map(rows.map((d) => [d.uuid, { title: d.title }]));
    },
  );
  if (walked.complete) return walked.found;
  // A common word that the group's newest documents hardly hold: every match the group may see, sorted; the
  // matches are a fenced subquery, as the list pattern does (lib/paging.ts), so PostgreSQL reads them through the
  // trigram index too.
  const matched = db
    .selectFrom('documents')
    .select(['documents.uuid', 'documents.title', 'documents.created_at'])
    .where(contains)
    .$if(!scope.all, (q) => q.where(inGroup(scope)))
    .limit(Number.MAX_SAFE_INTEGER);
  return db
    .selectFrom(matched.as('m'))
    .select(['m.uuid', 'm.title'])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.uuid', 'desc')
    .limit(limit)
    .execute();
}
