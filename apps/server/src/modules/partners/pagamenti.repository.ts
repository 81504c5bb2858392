import { RENEWAL_MONTHS } from '@portal/shared/schemas/partners';
import type { DbOrTx } from '../../db/database.ts';
import { addMonths } from '../../lib/clock.ts';
import type { PartnerPaymentsTable } from './partners.table.ts';

/** A partner's payments, most recent renewal first (undated ones last). */
export async function listPayments(db: DbOrTx, partnerUuid: string) {
  return db
    .selectFrom('partner_payments')
    .selectAll()
    .where('partner_uuid', '=', partnerUuid)
    .orderBy('dtrinnovo', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('name')
    .execute();
}

export async function findPayment(db: DbOrTx, partnerUuid: string, name: string) {
  return db
    .selectFrom('partner_payments')
    .selectAll()
    .where('partner_uuid', '=', partnerUuid)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertPayment(db: DbOrTx, row: PartnerPaymentsTable): Promise<void> {
  await db.insertInto('partner_payments').values(row).execute();
}

export async function updatePayment(
  db: DbOrTx,
  partnerUuid: string,
  name: string,
  values: { dtrinnovo: string; fatturato: number },
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('partner_payments')
    .set({ ...values, updated_at: now })
    .where('partner_uuid', '=', partnerUuid)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes one payment; answers its stored file name ('' when none), undefined when there was no such payment. */
export async function deletePayment(db: DbOrTx, partnerUuid: string, name: string) {
  const row = await db
    .deleteFrom('partner_payments')
    .where('partner_uuid', '=', partnerUuid)
    .where('name', '=', name)
    .returning('file')
    .executeTakeFirst();
  return row?.file;
}

/**
 * The partner's renewal figures follow its payments: dtrinnovo is the latest payment's renewal date and dtscad
 * (valid until) that date plus RENEWAL_MONTHS; both '' without dated payments. Run in the transaction that changes
 * a payment, so lists and the area manager's home never disagree with the payments.
 */
export async function refreshRenewal(db: DbOrTx, partnerUuid: string, now: string): Promise<void> {
  const row = await db
    .selectFrom('partner_payments')
    .select((eb) => eb.fn.max('dtrinnovo').as('latest'))
    .where('partner_uuid', '=', partnerUuid)
    .where('dtrinnovo', '<>', '')
    .executeTakeFirst();
  const latest = row?.latest ?? '';
  await db
    .updateTable('partners')
    .set({ dtrinnovo: latest, dtscad: latest ? addMonths(latest, RENEWAL_MONTHS) : '', updated_at: now })
    .where('uuid', '=', partnerUuid)
    .execute();
}
