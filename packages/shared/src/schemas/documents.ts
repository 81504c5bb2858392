import { z } from 'zod';
import { roles, type Role } from '../roles.ts';
import { roleSchema } from './auth.ts';
import { pagedReply, pagingQuery } from './paging.ts';
import { formRefusal } from './errors.ts';

/** Documents up to 20 MB (pdf, rar, zip, xls, xlsx, xlt, xltx), the type checked from the bytes. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS = ['pdf', 'rar', 'zip', 'xls', 'xlsx', 'xlt', 'xltx'] as const;
/** Training videos up to 2 GB (mp4, webm), streamed to the file store, the container checked from the bytes. */
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;
/** A video's poster frame (captured in the admin's browser): an image up to 5 MB, as every image. */
export const POSTER_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 200;

/** The type filter (ftipo): what a file is, from its extension and its bytes. */
export const documentKinds = ['pdf', 'excel', 'zip', 'rar', 'video'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentKindLabels: Record<DocumentKind, string> = {
  pdf: 'PDF',
  excel: 'Excel',
  zip: 'Archivio ZIP',
  rar: 'Archivio RAR',
  video: 'Video',
};

/** The recipient groups (GET /api/docs/combodest): one per role, so a user sees what their role's group may see. */
export const documentGroupLabels = {
  admin: 'Amministratori',
  capoarea: 'Capi area',
  rivenditori: 'Rivenditori',
  posatore: 'Posatori',
} as const;

/** GET /api/docs/docs and /api/docs/admdocs: newest first, paged, with the type filter. */
export const documentsQuery = pagingQuery.extend({
  ftipo: z.union([z.literal(''), z.enum(documentKinds)]).optional(),
});
export type DocumentsQuery = z.infer<typeof documentsQuery>;

/** A recipient group of a document (name and state flag). */
export const documentDest = z.object({ name: roleSchema, label: z.string(), state: z.boolean() });

/**
 * A document: title, url (the file's name, its type from the extension), dests, uuid, doc (the
 * download link), image (the type's icon name). data: when it was uploaded; size in bytes. poster: a video's
 * poster frame (its address), null when it has none (then the type's icon stands in).
 */
export const documentRow = z.object({
  uuid: z.string(),
  title: z.string(),
  url: z.string(),
  tipo: z.enum(documentKinds),
  doc: z.string(),
  image: z.string(),
  data: z.string(),
  size: z.number().int(),
  poster: z.string().nullable(),
  dests: z.array(documentDest),
});
export type DocumentRow = z.infer<typeof documentRow>;
export const documentsPage = pagedReply(documentRow);

/**
 * A recipient group in a save: its name (what the edit form sends), or the document's own entry as GET gives it
 * ({name, state}, the label ignored), so a client can send back the record it loaded after ticking its groups.
 */
const documentDestChoice = z.union([roleSchema, documentDest.extend({ label: z.string().optional() })]);
export type DocumentDestChoice = z.infer<typeof documentDestChoice>;

/** The groups a save gives the document: the names, and the entries whose state is ticked, each once. */
export function tickedGroups(dests: readonly DocumentDestChoice[]): Role[] {
  const names = dests.flatMap((d) => (typeof d === 'string' ? [d] : d.state ? [d.name] : []));
  return [...new Set(names)];
}

/** POST /api/docs/doc/{id}: the title and the groups that may see it; the same schema checks the edit form. */
export const documentSaveBody = z.object({
  title: z.string().trim().min(1, 'Titolo obbligatorio').max(DOCUMENT_TITLE_MAX),
  // Up to every group twice (a name and its entry); at least one ticked.
  dests: z
    .array(documentDestChoice)
    .max(roles.length * 2)
    .refine((dests) => tickedGroups(dests).length > 0, 'Indicare almeno un gruppo di destinatari'),
});
formRefusal.add(documentSaveBody, { refusal: 'first-message' });
export type DocumentSaveBody = z.infer<typeof documentSaveBody>;

export const documentIdParam = z.object({ id: z.uuid() });
