import { roles as allRoles, type Role } from '@portal/shared/roles';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  POSTER_MAX_BYTES,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  documentGroupLabels,
  type DocumentKind,
  type DocumentRow,
  tickedGroups,
  type DocumentSaveBody,
  type DocumentsQuery,
} from '@portal/shared/schemas/documents';
import type { ComboOption } from '@portal/shared/schemas/combos';
import type { Paged } from '@portal/shared/schemas/paging';
import { pipeline } from 'node:stream';
import { msg } from '@portal/shared/messages-it';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import type { FileStore, FileStream } from '../../lib/file-store.ts';
import { rangeOf } from '../../lib/http-range.ts';
import { reencodeImage, sniffImage } from '../../lib/images.ts';
import { pageWindow } from '../../lib/paging.ts';
import { isPdf } from '../../lib/pdf-files.ts';
import { newId } from '../../lib/tokens.ts';
import { bytesUpTo, type IncomingFile, type Upload } from '../../lib/uploads.ts';
import { videoContentTypes, videoGate, type VideoContainer } from '../../lib/video-files.ts';
import { forbidden, HttpError, notFound } from '../../plugins/error-envelope.ts';
import { documentFor, documentsScopeOf } from '../reach/documents-reach.ts';
import { changesOf, fieldsOf, recordAudit } from '../audit/audit.service.ts';
import * as repo from './documents.repository.ts';
import type { DocumentsTable } from './documents.table.ts';
import type { Viewer } from '../reach/viewer.ts';

type Extension = (typeof DOCUMENT_EXTENSIONS)[number] | VideoContainer;

const DOCUMENT_TYPE_REFUSED =
  'Il file non è di un tipo ammesso: PDF, ZIP, RAR, Excel (xls, xlsx, xlt, xltx) o video (mp4, webm)';
export const DOCUMENT_TOO_BIG = 'Il documento supera la dimensione massima di 20 MB';
export const VIDEO_TOO_BIG = 'Il video supera la dimensione massima di 2 GB';
const VIDEO_REFUSED = 'Il file non è un video mp4 o webm';
export const POSTER_TOO_BIG = "L'anteprima supera la dimensione massima di 5 MB";
const POSTER_REFUSED = "L'anteprima deve essere un'immagine JPEG, PNG o WebP";
const POSTER_ONLY_VIDEO = "L'anteprima si aggiunge solo ai video";
export const RANGE_REFUSED = 'Intervallo di byte non disponibile';

const kindOfExtension: Record<Extension, DocumentKind> = {
  pdf: 'pdf',
  zip: 'zip',
  rar: 'rar',
  xls: 'excel',
  xlt: 'excel',
  xlsx: 'excel',
  xltx: 'excel',
  mp4: 'video',
  webm: 'video',
};
export const contentTypes: Record<Extension, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  xls: 'application/vnd.ms-excel',
  xlt: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xltx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  ...videoContentTypes,
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
const extensionOf = (filename: string) => filename.toLowerCase().split('.').pop() ?? '';
const isVideoExtension = (ext: string): ext is VideoContainer => (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
/** A video plays in the browser (inline); other documents but PDFs download as attachments. */
export const isVideo = (ext: Extension) => isVideoExtension(ext);

function documentType(filename: string, bytes: Buffer): { ext: Extension; kind: DocumentKind } | undefined {
  const ext = extensionOf(filename);
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return undefined;
  const e = ext as (typeof DOCUMENT_EXTENSIONS)[number];
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
const posterPath = (uuid: string) => `/api/docs/poster/${uuid}`;

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
    poster: d.poster_key ? posterPath(d.uuid) : null,
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

/** What a download sends: the file or one range of it (206), or a range outside the file (416). */
export type FileReply =
  | { status: 200 | 206; file: FileStream; start: number; filename: string; ext: Extension }
  | { status: 416; size: number };

/**
 * GET /api/docs/file/{id}: the bytes streamed from the store, by the same rule as the listing; a Range header asks
 * for one part (a player seeking in a video, a phone starting before the whole file arrives). The range is
 * judged against the size the document was stored with, so a 416 costs no call to the store.
 */
export async function readFile(
  db: DbOrTx,
  files: FileStore,
  viewer: Viewer,
  uuid: string,
  asked: { range?: string; ifRange?: string } = {},
): Promise<FileReply> {
  const { row: doc } = await documentFor(db, viewer, uuid, 'view');
  const range = rangeOf(asked.range, doc.size, asked.ifRange);
  if (range.kind === 'unsatisfiable') return { status: 416, size: doc.size };
  const part = range.kind === 'part' ? { start: range.start, end: range.end } : undefined;
  const file = await files.read(doc.file_key, part);
  if (!file) throw notFound();
  return { status: part ? 206 : 200, file, start: part?.start ?? 0, filename: doc.filename, ext: doc.ext as Extension };
}

/** What an upload stored: where, under which name and type, how many bytes. */
type Stored = { key: string; filename: string; ext: Extension; kind: DocumentKind; size: number };

/**
 * Where an uploaded file goes as it arrives. A video (its extension mp4 or webm) streams to the store through the
 * gate that checks its container from the first bytes and its 2 GB limit, never whole in memory; any other file is
 * read into memory up to the documents' 20 MB and checked as before.
 */
function storeUpload(files: FileStore, uuid: string) {
  return async ({ filename, stream }: IncomingFile): Promise<Stored> => {
    const ext = extensionOf(filename);
    if (isVideoExtension(ext)) {
      const key = `documents/${uuid}/documento.${ext}`;
      const gate = videoGate(ext, VIDEO_MAX_BYTES, {
        notVideo: VIDEO_REFUSED,
        tooBig: VIDEO_TOO_BIG,
        empty: msg.nessunFile,
      });
      const size = await files.putStream(
        key,
        pipeline(stream, gate, () => {}),
      );
      return { key, filename, ext, kind: 'video', size };
    }
    const bytes = await bytesUpTo(stream, DOCUMENT_MAX_BYTES, DOCUMENT_TOO_BIG);
    if (bytes.length === 0) throw new HttpError(400, msg.nessunFile);
    const type = documentType(filename, bytes);
    if (!type) throw new HttpError(400, DOCUMENT_TYPE_REFUSED, { file: DOCUMENT_TYPE_REFUSED });
    const key = `documents/${uuid}/documento.${type.ext}`;
    await files.put(key, bytes);
    return { key, filename, ext: type.ext, kind: type.kind, size: bytes.length };
  };
}

/**
 * POST /api/docs/caricadoc: a new document from an upload, titled after its file and seen by nobody but the admins
 * until its groups are chosen (the edit form opens next). The file goes to the store under a server-made name,
 * streamed as it arrives (`receive` hands it over); a refused or failed upload leaves nothing stored.
 */
export async function uploadDocument(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  receive: (store: (file: IncomingFile) => Promise<Stored>) => Promise<Stored>,
): Promise<string> {
  const uuid = newId();
  const now = nowIso();
  try {
    const upload = await receive(storeUpload(files, uuid));
    const filename = upload.filename.slice(0, 200);
    const title = upload.filename.replace(/\.[^.]+$/, '').slice(0, 200) || 'Documento';
    await db.transaction().execute(async (tx) => {
      await repo.insertDocument(tx, {
        uuid,
        title,
        filename,
        ext: upload.ext,
        kind: upload.kind,
        size: upload.size,
        file_key: upload.key,
        created_at: now,
        updated_at: now,
      });
      const changes = [{ field: 'filename', before: null, after: filename }];
      await recordAudit(tx, { actor: viewer.userUuid, action: 'upload', entity: 'documento', entityId: uuid, changes });
    });
  } catch (err) {
    await files.deletePrefix(`documents/${uuid}`);
    throw err;
  }
  return uuid;
}

/**
 * POST /api/docs/poster/{id}: a video's poster frame, captured in the admin's browser from the file being uploaded
 * (docs/decisions/0031-training-videos.md). Checked and re-encoded as every image (a JPEG of at most 640 px a side,
 * its metadata dropped); it replaces the one before.
 */
export async function savePoster(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  uuid: string,
  read: () => Promise<Upload>,
): Promise<void> {
  const { row: doc } = await documentFor(db, viewer, uuid, 'manage');
  if (doc.kind !== 'video') throw new HttpError(400, POSTER_ONLY_VIDEO);
  const upload = await read();
  if (upload.bytes.length > POSTER_MAX_BYTES) throw new HttpError(400, POSTER_TOO_BIG);
  const format = sniffImage(upload.bytes);
  if (!format) throw new HttpError(400, POSTER_REFUSED, { file: POSTER_REFUSED });
  let jpeg: Buffer;
  try {
    jpeg = await reencodeImage(upload.bytes, 'jpeg', 640);
  } catch {
    throw new HttpError(400, POSTER_REFUSED, { file: POSTER_REFUSED });
  }
  const key = `documents/${uuid}/poster.jpg`;
  await files.put(key, jpeg);
  await db.transaction().execute(async (tx) => {
    await repo.setPoster(tx, uuid, key, nowIso());
    const changes = [{ field: 'poster', before: doc.poster_key ? 'poster.jpg' : null, after: 'poster.jpg' }];
    await recordAudit(tx, { actor: viewer.userUuid, action: 'modifica', entity: 'documento', entityId: uuid, changes });
  });
}

/** GET /api/docs/poster/{id}: a video's poster frame, by the same rule as the listing; 404 when it has none. */
export async function readPoster(db: DbOrTx, files: FileStore, viewer: Viewer, uuid: string): Promise<FileStream> {
  const { row: doc } = await documentFor(db, viewer, uuid, 'view');
  const file = doc.poster_key ? await files.read(doc.poster_key) : undefined;
  if (!file) throw notFound();
  return file;
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

/** The global search's documents (/api/ricerca): titles containing the text, within the viewer's scope. */
export async function searchDocuments(
  db: DbOrTx,
  scope: repo.DocumentsScope,
  text: string,
  limit: number,
): Promise<{ tipo: 'doc'; uuid: string; descri: string }[]> {
  const found = await repo.searchTitles(db, scope, text, limit);
  return found.map((d) => ({ tipo: 'doc' as const, uuid: d.uuid, descri: d.title }));
}
