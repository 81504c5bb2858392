import type { Kysely, Transaction } from 'kysely';
import type { AuditLogTable } from '../modules/audit/audit.table.ts';
import type { AdminsTable } from '../modules/admins/admins.table.ts';
import type { AuthTables } from '../modules/auth/auth.table.ts';
import type { CapoareaProvsTable, CapoareaTable } from '../modules/capoarea/capoarea.table.ts';
import type { CombosTable } from '../modules/combos/combos.table.ts';
import type { CouponsTable, CouponTypesTable } from '../modules/coupons/coupons.table.ts';
import type { DocumentGroupsTable, DocumentsTable } from '../modules/documents/documents.table.ts';
import type { MessageRecipientsTable, MessageSendsTable, MessagesTable } from '../modules/messages/messages.table.ts';
import type { PartnerPaymentsTable, PartnersTable } from '../modules/partners/partners.table.ts';
import type { ListVersionsTable } from './list-versions.table.ts';
import type { MailQueueTable } from '../modules/mail/mail.table.ts';
import type { PosatoriTable } from '../modules/posatori/posatori.table.ts';
import type { RivenditoriProvsTable, RivenditoriTable } from '../modules/rivenditori/rivenditori.table.ts';
import type { ImportPosatoriTable, ImportsTable } from '../modules/imports/imports.table.ts';
import type { MassActivationsTable } from '../modules/mass-activation/mass-activation.table.ts';
import type { TimerTurnsTable } from '../modules/timers/timers.table.ts';
import type { RateCountersTable } from '../modules/rate-limits/rate-limits.table.ts';
import type { UsageDaysTable } from '../modules/usage-statistics/usage-statistics.table.ts';

export interface Database extends AuthTables {
  admins: AdminsTable;
  capoarea: CapoareaTable;
  capoarea_provs: CapoareaProvsTable;
  rivenditori: RivenditoriTable;
  rivenditori_provs: RivenditoriProvsTable;
  posatori: PosatoriTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  message_sends: MessageSendsTable;
  coupon_types: CouponTypesTable;
  coupons: CouponsTable;
  combos: CombosTable;
  partners: PartnersTable;
  partner_payments: PartnerPaymentsTable;
  list_versions: ListVersionsTable;
  mail_queue: MailQueueTable;
  mass_activations: MassActivationsTable;
  timer_turns: TimerTurnsTable;
  rate_counters: RateCountersTable;
  imports: ImportsTable;
  import_posatori: ImportPosatoriTable;
  documents: DocumentsTable;
  document_groups: DocumentGroupsTable;
  usage_days: UsageDaysTable;
  audit_log: AuditLogTable;
}

export type Db = Kysely<Database>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
