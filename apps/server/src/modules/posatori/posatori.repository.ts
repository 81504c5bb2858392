import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { PosaOrder } from '@portal/shared/schemas/posatori';
import type { Database, DbOrTx } from '../../db/database.ts';
import { contains } from '../../lib/text-search.ts';
import { removeAccountRole } from '../auth/auth.repository.ts';
import type { PosatoreStato, PosatoriTable } from './posatori.table.ts';

/**
 * Which installers a viewer reaches (contract, "Who sees what"): all for admins; otherwise the union of the
 * parts the viewer holds: as area manager those assigned to them or located in their provinces, as reseller
 * those assigned to them, as installer themselves.
 */
export type PosatoriScope =
  | { all: true }
  | {
      all: false;
      capoarea?: { uuid: string; provs: string[] };
      rivenditore?: string;
      userUuid?: string;
    };

/** The one visibility rule of installers, applied to every list, get, update and delete below. */
export function visibleIn(scope: PosatoriScope) {
  return (eb: ExpressionBuilder<Database, 'posatori'>): Expression<SqlBool> => {
    if (scope.all) return sql<SqlBool>`1 = 1`;
    const ors: Expression<SqlBool>[] = [];
    if (scope.capoarea) {
      ors.push(eb('posatori.capoarea', '=', scope.capoarea.uuid));
      if (scope.capoarea.provs.length > 0) ors.push(eb('posatori.state', 'in', scope.capoarea.provs));
    }
    if (scope.rivenditore) ors.push(eb('posatori.rivenditore', '=', scope.rivenditore));
    if (scope.userUuid) ors.push(eb('posatori.user_uuid', '=', scope.userUuid));
    return ors.length > 0 ? eb.or(ors) : sql<SqlBool>`1 = 0`;
  };
}

export type PosatoriFilters = {
  tipo?: string | undefined;
  certificato?: '' | '0' | '1' | undefined;
  state?: string | undefined;
  stato?: PosatoreStato | '' | undefined;
  code?: string | undefined;
  name?: string | undefined;
  dtcorso?: string | undefined;
};

function filtered(db: DbOrTx, scope: PosatoriScope, f: PosatoriFilters) {
  let q = db.selectFrom('posatori').where(visibleIn(scope));
  if (f.tipo) q = q.where('posatori.tipo', '=', f.tipo);
  if (f.certificato) q = q.where('posatori.certificato', '=', Number(f.certificato));
  if (f.state) q = q.where('posatori.state', '=', f.state);
  if (f.stato) q = q.where('posatori.stato', '=', f.stato);
  if (f.dtcorso) q = q.where('posatori.dtstart', '=', `${f.dtcorso}-01`);
  const code = f.code?.trim();
  if (code) q = q.where(sql<SqlBool>`lower(posatori.code) like ${contains(code)} escape '\\'`);
  const name = f.name?.trim().replace(/\s+/g, ' ');
  if (name) {
    const pattern = contains(name);
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(posatori.name || ' ' || posatori.lastname) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(posatori.lastname || ' ' || posatori.name) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return q;
}

export async function countPosatori(db: DbOrTx, scope: PosatoriScope, f: PosatoriFilters): Promise<number> {
  const row = await filtered(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const lastname = sql`lower(posatori.lastname)`;
const firstname = sql`lower(posatori.name)`;

/** The list rows of one page, in the chosen order (uuid breaks ties so pages never overlap). */
export async function listPosatori(
  db: DbOrTx,
  scope: PosatoriScope,
  f: PosatoriFilters,
  order: PosaOrder,
  page: { offset: number; size: number },
) {
  let q = filtered(db, scope, f)
    .leftJoin('users', 'users.uuid', 'posatori.user_uuid')
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'))
    .select([
      'posatori.uuid',
      'posatori.img',
      'posatori.name',
      'posatori.lastname',
      'posatori.tipo',
      'combos.label as destipo',
      'posatori.code',
      'posatori.state',
      'posatori.certificato',
      'posatori.dtstart',
      'posatori.stato',
      'users.stato as userstato',
    ])
    .select((eb) =>
      eb
        .selectFrom('coupons')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('coupons.posatore', '=', 'posatori.uuid')
        .as('coupon'),
    );
  switch (order) {
    case 'nome':
      q = q.orderBy(firstname).orderBy(lastname);
      break;
    case 'codice':
      q = q.orderBy('posatori.code');
      break;
    case 'provincia':
      q = q.orderBy('posatori.state').orderBy(lastname).orderBy(firstname);
      break;
    case 'corso':
      q = q.orderBy('posatori.dtstart', 'desc').orderBy(lastname).orderBy(firstname);
      break;
    case 'coupon':
      q = q.orderBy('coupon', 'desc').orderBy(lastname).orderBy(firstname);
      break;
    case 'recenti':
      q = q.orderBy('posatori.created_at', 'desc');
      break;
    case 'cognome':
      q = q.orderBy(lastname).orderBy(firstname);
      break;
  }
  return q.orderBy('posatori.uuid').limit(page.size).offset(page.offset).execute();
}

/** One installer within scope, with what the profile shows besides the table's columns. */
export async function findPosatore(db: DbOrTx, scope: PosatoriScope, uuid: string) {
  return db
    .selectFrom('posatori')
    .where(visibleIn(scope))
    .where('posatori.uuid', '=', uuid)
    .leftJoin('users', 'users.uuid', 'posatori.user_uuid')
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'))
    .selectAll('posatori')
    .select(['users.username', 'users.stato as userstato', 'combos.label as destipo'])
    .select((eb) =>
      eb
        .selectFrom('coupons')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('coupons.posatore', '=', 'posatori.uuid')
        .as('coupon'),
    )
    .executeTakeFirst();
}

export type PosatoreUpdate = Partial<Omit<PosatoriTable, 'uuid' | 'user_uuid' | 'created_at' | 'img' | 'err1'>>;

export async function updatePosatore(
  db: DbOrTx,
  scope: PosatoriScope,
  uuid: string,
  values: PosatoreUpdate,
): Promise<boolean> {
  const res = await db
    .updateTable('posatori')
    .set(values)
    .where(visibleIn(scope))
    .where('posatori.uuid', '=', uuid)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Deletes the installer with their coupons and login account (sessions, roles and reset links go with it by
 * cascade). An account that also holds another role only loses the posatore role.
 */
export async function deletePosatore(db: DbOrTx, scope: PosatoriScope, uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('posatori')
    .select(['posatori.uuid', 'posatori.user_uuid'])
    .where(visibleIn(scope))
    .where('posatori.uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom('coupons').where('posatore', '=', uuid).execute();
  await db.deleteFrom('posatori').where('uuid', '=', uuid).execute();
  if (row.user_uuid) await removeAccountRole(db, row.user_uuid, 'posatore');
  return true;
}

export async function qualificaExists(db: DbOrTx, value: string): Promise<boolean> {
  const row = await db
    .selectFrom('combos')
    .select('value')
    .where('combo', '=', 'qualifiche')
    .where('value', '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

export async function capoareaExists(db: DbOrTx, uuid: string): Promise<boolean> {
  return (await db.selectFrom('capoarea').select('uuid').where('uuid', '=', uuid).executeTakeFirst()) !== undefined;
}

export async function rivenditoreExists(db: DbOrTx, uuid: string): Promise<boolean> {
  return (await db.selectFrom('rivenditori').select('uuid').where('uuid', '=', uuid).executeTakeFirst()) !== undefined;
}

/** Coupons redeemed at this reseller. */
export async function redeemedAt(db: DbOrTx, rivenditore: string): Promise<number> {
  const row = await db
    .selectFrom('coupons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rivenditore', '=', rivenditore)
    .where('dtesecuzione', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
