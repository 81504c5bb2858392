import { roles as allRoles, type Role } from '@portal/shared/roles';
import {
  DOCUMENT_EXTENSIONS,
  documentGroupLabels,
  type DocumentKind,
  type DocumentRow,
  tickedGroups,
  type DocumentSaveBody,
  type DocumentsQuery,
} from '@portal/shared/schemas/documents';
import type { ComboOption } from '@portal/shared/schemas/combos';
import type { Paged } from '@portal/shared/schemas/paging';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { pageWindow } from '../../lib/paging.ts';
import { isPdf } from '../../lib/pdf-files.ts';
import { newId } from '../../lib/tokens.ts';
import type { Upload } from '../../lib/uploads.ts';
import { forbidden, HttpError, notFound } from '../../plugins/error-envelope.ts';
import { documentFor, documentsScopeOf } from '../reach/documents-reach.ts';
import { changesOf, fieldsOf, recordAudit } from '../audit/audit.service.ts';
import * as repo from './documents.repository.ts';
import type { DocumentsTable } from './documents.table.ts';
import type { Viewer } from '../reach/viewer.ts';

type Extension = (typeof DOCUMENT_EXTENSIONS)[number];

const DOCUMENT_TYPE_REFUSED = 'Il file non è di un tipo ammesso: PDF, ZIP, RAR o Excel (xls, xlsx, xlt, xltx)';
export const DOCUMENT_TOO_BIG = 'Il documento supera la dimensione massima di 20 MB';

const kindOfExtension: Record<Extension, DocumentKind> = {
  pdf: 'pdf',
  zip: 'zip',
  rar: 'rar',
  xls: 'excel',
  xlt: 'excel',
  xlsx: 'excel',
  xltx: 'excel',
};
export const contentTypes: Record<Extension, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  xls: 'application/vnd.ms-excel',
  xlt: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xltx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
};

const starts = (bytes: Buffer, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const RAR = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * The file's type, from its extension and confirmed by its bytes (never trusted from the client): a PDF
 * holds together as one (lib/pdf-files.ts), a zip and the xlsx/xltx workbooks (zip packages) with PK, a RAR with Rar!, the old xls/xlt
 * workbooks with the OLE signature. undefined: refused.
 */
function documentType(filename: string, bytes: Buffer): { ext: Extension; kind: DocumentKind } | undefined {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return undefined;
  const e = ext as Extension;
  const ok =
    e === 'pdf'
      ? isPdf(bytes)
      : e === 'rar'
        ? starts(bytes, RAR)
        : e === 'xls' || e === 'xlt'
          ? starts(bytes, OLE)
          : starts(bytes, ZIP);
  return ok ? { ext: e, kind: kindOfExtension[e] } : undefined;
}

const downloadPath = (uuid: string) => `/api/docs/file/${uuid}`;

function toRow(d: DocumentsTable, groups: readonly Role[]): DocumentRow {
  return {
    uuid: d.uuid,
    title: d.title,
    url: d.filename,
    tipo: d.kind,
    doc: downloadPath(d.uuid),
    image: d.kind,
    data: d.created_at,
    size: d.size,
    dests: allRoles.map((name) => ({ name, label: documentGroupLabels[name], state: groups.includes(name) })),
  };
}

async function page(db: DbOrTx, scope: repo.DocumentsScope, query: DocumentsQuery): Promise<Paged<DocumentRow>> {
  const kind = query.ftipo || undefined;
  const reccount = await repo.countDocuments(db, scope, kind);
  const win = pageWindow(reccount, query);
  const rows = await repo.listDocuments(db, scope, kind, win, reccount);
  const groups = await repo.groupsOf(
    db,
    rows.map((r) => r.uuid),
  );
  return { data: rows.map((r) => toRow(r, groups.get(r.uuid) ?? [])), page: win.page, pages: win.pages, reccount };
}

/** GET /api/docs/admdocs: every document (admin). */
export const listAll = (db: DbOrTx, query: DocumentsQuery) => page(db, { all: true }, query);

/** GET /api/docs/docs: what the group of the viewer's first role may see. */
export async function listMine(db: DbOrTx, viewer: Viewer, query: DocumentsQuery): Promise<Paged<DocumentRow>> {
  const scope = documentsScopeOf(viewer, 'own-group');
  if (!scope) throw forbidden();
  return page(db, scope, query);
}

export const groupOptions = (): ComboOption[] =>
  allRoles.map((value) => ({ value, label: documentGroupLabels[value] }));

/** GET /api/docs/doc/{id}. */
export async function getDocument(db: DbOrTx, viewer: Viewer, uuid: string): Promise<DocumentRow> {
  const { row: doc } = await documentFor(db, viewer, uuid, 'view');
  return toRow(doc, (await repo.groupsOf(db, [uuid])).get(uuid) ?? []);
}

/** GET /api/docs/file/{id}: the bytes streamed from the store, by the same rule as the listing. */
export async function readFile(db: DbOrTx, files: FileStore, viewer: Viewer, uuid: string) {
  const { row: doc } = await documentFor(db, viewer, uuid, 'view');
  const file = await files.read(doc.file_key);
  if (!file) throw notFound();
  return { file, filename: doc.filename, ext: doc.ext as Extension };
}

/**
 * POST /api/docs/caricadoc: a new document from an upload, titled after its file and seen by nobody but the admins
 * until its groups are chosen (the edit form opens next). The file goes to the store under a server-made name.
 */
export async function uploadDocument(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  read: () => Promise<Upload>,
): Promise<string> {
  const upload = await read();
  const type = documentType(upload.filename, upload.bytes);
  if (!type) throw new HttpError(400, DOCUMENT_TYPE_REFUSED, { file: DOCUMENT_TYPE_REFUSED });
  const uuid = newId();
  const now = nowIso();
  const fileKey = `documents/${uuid}/documento.${type.ext}`;
  const title = upload.filename.replace(/\.[^.]+$/, '').slice(0, 200) || 'Documento';
  await files.put(fileKey, upload.bytes);
  try {
    await db.transaction().execute(async (tx) => {
      await repo.insertDocument(tx, {
        uuid,
        title,
        filename: upload.filename.slice(0, 200),
        ext: type.ext,
        kind: type.kind,
        size: upload.bytes.length,
        file_key: fileKey,
        created_at: now,
        updated_at: now,
      });
      const changes = [{ field: 'filename', before: null, after: upload.filename.slice(0, 200) }];
      await recordAudit(tx, { actor: viewer.userUuid, action: 'upload', entity: 'documento', entityId: uuid, changes });
    });
  } catch (err) {
    await files.deletePrefix(`documents/${uuid}`);
    throw err;
  }
  return uuid;
}

/** POST /api/docs/doc/{id}: the title and the groups that see it. */
export async function saveDocument(db: Db, viewer: Viewer, uuid: string, body: DocumentSaveBody): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { row: doc } = await documentFor(tx, viewer, uuid, 'manage');
    await repo.updateDocument(tx, doc, body.title.trim(), tickedGroups(body.dests), nowIso());
    const changes = changesOf(doc, { title: body.title.trim() });
    await recordAudit(tx, { actor: viewer.userUuid, action: 'modifica', entity: 'documento', entityId: uuid, changes });
  });
}

/** DELETE /api/docs/doc/{id}: the record, then its file. */
export async function deleteDocument(db: Db, files: FileStore, viewer: Viewer, uuid: string): Promise<void> {
  const { row: doc } = await documentFor(db, viewer, uuid, 'manage');
  await db.transaction().execute(async (tx) => {
    await repo.deleteDocument(tx, uuid);
    const changes = fieldsOf({ title: doc.title, filename: doc.filename }, true);
    await recordAudit(tx, {
      actor: viewer.userUuid,
      action: 'eliminazione',
      entity: 'documento',
      entityId: uuid,
      changes,
    });
  });
  await files.deletePrefix(`documents/${uuid}`);
}

/** The global search's documents (/api/ricerca): titles containing the text, among what the viewer may see. */
export async function searchDocuments(
  db: DbOrTx,
  viewer: Viewer,
  text: string,
  limit: number,
): Promise<{ tipo: 'doc'; uuid: string; descri: string }[]> {
  const scope = documentsScopeOf(viewer);
  if (!scope) return [];
  const found = await repo.searchTitles(db, scope, text, limit);
  return found.map((d) => ({ tipo: 'doc' as const, uuid: d.uuid, descri: d.title }));
}
