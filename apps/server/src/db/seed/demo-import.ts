import type { DbOrTx } from '../database.ts';
import type { PosatoriTable } from '../../modules/posatori/posatori.table.ts';
import { newId } from '../../lib/tokens.ts';

/**
 * An import done three weeks ago, so /admin/importazione lists one and /admin/impposatori/{id}
 * shows its installers: the registry file of the CRM, 15 installers without an account (12 new, 3 updated) and
 * 2 refused rows.
 */
export async function seedImport(tx: DbOrTx, adminUser: string, posatori: readonly PosatoriTable[], today: Date) {
  const people = posatori.filter((p) => p.user_uuid === null).slice(0, 15);
  const uuid = newId();
  const at = new Date(today.getTime() - 21 * 86_400_000).toISOString();
  await tx
    .insertInto('imports')
    .values({
      uuid,
      tipo: 'posatori',
      file: 'anagrafica-posatori-crm.xlsx',
      user_uuid: adminUser,
      started_at: at,
      updated_at: at,
      righe: people.length + 2,
      elaborate: people.length + 2,
      nuovi: people.length - 3,
      aggiornati: 3,
      invariati: 0,
      errori: 2,
      coupon: 0,
      impcoupon: '',
      impcorso: '',
      impdtcorso: '',
    })
    .execute();
  await tx
    .insertInto('import_posatori')
    .values(
      people.map((p, i) => ({
        import_uuid: uuid,
        posatore_uuid: p.uuid,
        esito: i < 3 ? ('aggiornato' as const) : ('nuovo' as const),
        coupon: 0,
      })),
    )
    .execute();
}
