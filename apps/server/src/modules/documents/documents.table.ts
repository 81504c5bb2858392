import type { Role } from '@portal/shared/roles';
import type { DocumentKind } from '@portal/shared/schemas/documents';

/** A document's metadata; its bytes are in the file store under file_key (documents/{uuid}/{name}). */
export interface DocumentsTable {
  uuid: string;
  title: string;
  /** The title folded (lib/text-search fold), what the global search's trigram index reads; documentKeys writes it. */
  title_key: string;
  /** The name the file had when uploaded: shown and given back on download, never used as a path. */
  filename: string;
  ext: string;
  kind: DocumentKind;
  size: number;
  file_key: string;
  /** A video's poster frame in the file store (documents/{uuid}/poster.jpg); null: none, the type's icon shows. */
  poster_key: string | null;
  created_at: string;
  updated_at: string;
}

/** A group that may see a document; date and kind copied so each group's list is one index range. */
export interface DocumentGroupsTable {
  document_uuid: string;
  grp: Role;
  kind: DocumentKind;
  created_at: string;
}
