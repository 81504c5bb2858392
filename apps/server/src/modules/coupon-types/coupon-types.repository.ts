import type { DbOrTx } from '../../db/database.ts';
import type { CouponTypesTable } from '../coupons/coupons.table.ts';

/** Every type, by name: a manufacturer has tens of them, never thousands. */
export function listTypes(db: DbOrTx) {
  return db.selectFrom('coupon_types').selectAll().orderBy('tipo').orderBy('uuid').execute();
}

export function findType(db: DbOrTx, uuid: string) {
  return db.selectFrom('coupon_types').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export async function insertType(db: DbOrTx, row: CouponTypesTable): Promise<void> {
  await db.insertInto('coupon_types').values(row).execute();
}

export type TypeUpdate = Pick<
  CouponTypesTable,
  'tipo' | 'valore' | 'descri' | 'colore' | 'ncoupon' | 'minima' | 'mesi'
>;

export async function updateType(db: DbOrTx, uuid: string, values: TypeUpdate): Promise<boolean> {
  const res = await db.updateTable('coupon_types').set(values).where('uuid', '=', uuid).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function setDisabled(db: DbOrTx, uuid: string, disabled: boolean): Promise<boolean> {
  const res = await db
    .updateTable('coupon_types')
    .set({ disattiva: disabled ? 1 : 0 })
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Whether any coupon is of this type (the index coupons_tipo answers it), read inside the deleting transaction. */
export async function hasCoupons(db: DbOrTx, uuid: string): Promise<boolean> {
  const row = await db.selectFrom('coupons').select('uuid').where('tipo', '=', uuid).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteType(db: DbOrTx, uuid: string): Promise<boolean> {
  const res = await db.deleteFrom('coupon_types').where('uuid', '=', uuid).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Adds coupons just inserted in the same transaction to their type's count. An assignment or an import batch
 * would otherwise recount every coupon of the type (a quarter of a million on the stress network) each time.
 */
export async function addToTypeCount(db: DbOrTx, tipo: string, n: number): Promise<void> {
  await db
    .updateTable('coupon_types')
    .set((eb) => ({ ccoupon: eb('ccoupon', '+', n) }))
    .where('uuid', '=', tipo)
    .execute();
}

/**
 * Recounts coupon_types.ccoupon from the coupons (the types list's count): one type or every type. The coupon
 * service calls it in each transaction that adds, deletes or retypes coupons; recounting cannot drift.
 */
export async function refreshTypeCounts(db: DbOrTx, tipos?: readonly string[]): Promise<void> {
  if (tipos && tipos.length === 0) return;
  let q = db.updateTable('coupon_types').set((eb) => ({
    ccoupon: eb
      .selectFrom('coupons')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('coupons.tipo', '=', 'coupon_types.uuid'),
  }));
  if (tipos) q = q.where('uuid', 'in', tipos);
  await q.execute();
}
