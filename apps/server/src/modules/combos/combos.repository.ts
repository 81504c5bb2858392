import type { DbOrTx } from '../../db/database.ts';

export async function comboRows(db: DbOrTx, combo: string) {
  return db
    .selectFrom('combos')
    .select(['value', 'label'])
    .where('combo', '=', combo)
    .orderBy('sort')
    .orderBy('label')
    .execute();
}

/** Area managers, or those covering prov. */
export async function capoareaRows(db: DbOrTx, prov: string | undefined) {
  let q = db.selectFrom('capoarea').select(['uuid', 'ragsoc', 'name', 'lastname']);
  if (prov) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('capoarea_provs')
          .select('capoarea_provs.prov')
          .whereRef('capoarea_provs.capoarea_uuid', '=', 'capoarea.uuid')
          .where('capoarea_provs.prov', '=', prov),
      ),
    );
  }
  return q.execute();
}

/** Resellers, or those of prov: covering it (provs) or based there. */
export async function rivenditoriRows(db: DbOrTx, prov: string | undefined) {
  let q = db.selectFrom('rivenditori').select(['uuid', 'ragsoc', 'name', 'lastname']);
  if (prov) {
    q = q.where((eb) =>
      eb.or([
        eb('rivenditori.state', '=', prov),
        eb.exists(
          eb
            .selectFrom('rivenditori_provs')
            .select('rivenditori_provs.prov')
            .whereRef('rivenditori_provs.rivenditore_uuid', '=', 'rivenditori.uuid')
            .where('rivenditori_provs.prov', '=', prov),
        ),
      ]),
    );
  }
  return q.execute();
}

export async function couponTypeRows(db: DbOrTx, includeDisabled: boolean) {
  let q = db.selectFrom('coupon_types').select(['uuid', 'tipo']).orderBy('tipo');
  if (!includeDisabled) q = q.where('disattiva', '=', 0);
  return q.execute();
}

/** Whether value is one of the combo's options (a saved record may only name an option that exists). */
export async function comboHas(db: DbOrTx, combo: string, value: string): Promise<boolean> {
  const row = await db
    .selectFrom('combos')
    .select('value')
    .where('combo', '=', combo)
    .where('value', '=', value)
    .executeTakeFirst();
  return row !== undefined;
}
