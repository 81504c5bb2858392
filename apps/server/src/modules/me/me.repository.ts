import type { DbOrTx } from '../../db/database.ts';

export async function unreadCount(db: DbOrTx, userUuid: string): Promise<number> {
  const row = await db
    .selectFrom('message_recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_uuid', '=', userUuid)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function couponCount(db: DbOrTx, posatoreUuid: string): Promise<number> {
  const row = await db
    .selectFrom('coupons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('posatore', '=', posatoreUuid)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function adminOf(db: DbOrTx, userUuid: string) {
  return db.selectFrom('admins').selectAll().where('user_uuid', '=', userUuid).executeTakeFirst();
}

export async function posatoreOf(db: DbOrTx, userUuid: string) {
  return db
    .selectFrom('posatori')
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'))
    .selectAll('posatori')
    .select('combos.label as destipo')
    .where('posatori.user_uuid', '=', userUuid)
    .executeTakeFirst();
}

export async function capoareaOf(db: DbOrTx, userUuid: string) {
  return db.selectFrom('capoarea').selectAll().where('user_uuid', '=', userUuid).executeTakeFirst();
}

export async function rivenditoreOf(db: DbOrTx, userUuid: string) {
  return db.selectFrom('rivenditori').selectAll().where('user_uuid', '=', userUuid).executeTakeFirst();
}

export async function adminProfileOf(db: DbOrTx, userUuid: string) {
  return db
    .selectFrom('admins')
    .innerJoin('users', 'users.uuid', 'admins.user_uuid')
    .selectAll('admins')
    .select(['users.username', 'users.stato as userstato'])
    .where('admins.user_uuid', '=', userUuid)
    .executeTakeFirst();
}

export async function updateAdmin(
  db: DbOrTx,
  uuid: string,
  values: { name: string; lastname: string; email: string; phone: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('admins')
    .set({ ...values, updated_at: now })
    .where('uuid', '=', uuid)
    .execute();
}
