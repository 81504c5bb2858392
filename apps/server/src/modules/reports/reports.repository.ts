import type { DbOrTx } from '../../db/database.ts';

/** The names a profile sheet prints for the area manager and reseller the form holds as uuids. */
export async function peopleNames(db: DbOrTx, capoarea: string, rivenditore: string) {
  const [ca, riv] = await Promise.all([
    capoarea
      ? db.selectFrom('capoarea').select(['name', 'lastname']).where('uuid', '=', capoarea).executeTakeFirst()
      : undefined,
    rivenditore
      ? db
          .selectFrom('rivenditori')
          .select(['ragsoc', 'name', 'lastname'])
          .where('uuid', '=', rivenditore)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    capoarea: ca ? `${ca.name} ${ca.lastname}`.trim() : '',
    rivenditore: riv ? riv.ragsoc.trim() || `${riv.name} ${riv.lastname}`.trim() : '',
  };
}

/** One coupon with its type and its installer, for the voucher. */
export function couponForVoucher(db: DbOrTx, uuid: string) {
  return db
    .selectFrom('coupons')
    .innerJoin('coupon_types', 'coupon_types.uuid', 'coupons.tipo')
    .innerJoin('posatori', 'posatori.uuid', 'coupons.posatore')
    .select([
      'coupons.uuid',
      'coupons.code',
      'coupons.posatore',
      'coupons.valore',
      'coupons.scadenza',
      'coupons.dtesecuzione',
      'coupon_types.tipo as destipo',
      'coupon_types.descri',
      'coupon_types.minima',
      'coupon_types.colore',
      'coupon_types.disattiva',
      'posatori.name',
      'posatori.lastname',
      'posatori.code as posatore_code',
      'posatori.city',
      'posatori.state',
    ])
    .where('coupons.uuid', '=', uuid)
    .executeTakeFirst();
}
