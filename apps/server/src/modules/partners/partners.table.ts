import type { ContactColumns } from '../../db/contact-columns.ts';

export interface PartnersTable extends ContactColumns {
  uuid: string;
  ragsoc: string;
  /** A value of the priolist combo, or ''. */
  priorita: string;
  code: string;
  /** Partnership start and end, month fields YYYY-MM-01 or ''. */
  dtstart: string;
  dtend: string;
  capoarea: string | null;
  rivenditore: string | null;
  img: string;
  /** Derived from the payments (see pagamenti.repository refreshRenewal): latest dtrinnovo, and it + 12 months. */
  dtrinnovo: string;
  dtscad: string;
  created_at: string;
  updated_at: string;
  /** Kept by the repository (partnerKeys): sort key and search text of ragsoc, and of code. */
  ragsoc_key: string;
  code_key: string;
}

export interface PartnerPaymentsTable {
  /** The payment's id on the wire: server-generated, [a-z0-9-]. */
  name: string;
  partner_uuid: string;
  /** YYYY-MM-DD or '' */
  dtrinnovo: string;
  /** cents */
  fatturato: number;
  /** Stored file name under partners/{uuid}/pagamenti/, '' when the payment has no PDF. */
  file: string;
  /** The uploader's original file name: metadata for the download name, never a path. */
  filename: string;
  created_at: string;
  updated_at: string;
}
