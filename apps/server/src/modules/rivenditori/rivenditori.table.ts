import type { ContactColumns } from '../../db/contact-columns.ts';

export interface RivenditoriTable extends ContactColumns {
  uuid: string;
  user_uuid: string | null;
  ragsoc: string;
  code: string;
  name: string;
  lastname: string;
  /** The area manager this reseller reports to (null when none). */
  capoarea: string | null;
  img: string;
  created_at: string;
  updated_at: string;
  /** Kept by the repository (rivenditoreKeys): sort keys, name search text and code key. */
  ragsoc_key: string;
  lastname_key: string;
  name_search: string;
  code_key: string;
}

export interface RivenditoriProvsTable {
  rivenditore_uuid: string;
  prov: string;
}
