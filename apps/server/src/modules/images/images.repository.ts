import type { DbOrTx } from '../../db/database.ts';

/** The registries of people: their rows belong to a login (user_uuid), so "my image" finds them. */
export type PersonTable = 'posatori' | 'capoarea' | 'rivenditori' | 'admins';
/** The registries whose rows carry a profile image (column img) and may own files. */
export type ImageTable = PersonTable | 'partners';

export async function findOwner(db: DbOrTx, table: ImageTable, uuid: string) {
  return db.selectFrom(table).select(['uuid', 'img']).where('uuid', '=', uuid).executeTakeFirst();
}

/** The login a person row belongs to (null when none, undefined when no such row). */
export async function userOf(db: DbOrTx, table: PersonTable, uuid: string) {
  return (await db.selectFrom(table).select('user_uuid').where('uuid', '=', uuid).executeTakeFirst())?.user_uuid;
}

export async function findOwnerByUser(db: DbOrTx, table: PersonTable, userUuid: string) {
  return db.selectFrom(table).select(['uuid', 'img']).where('user_uuid', '=', userUuid).executeTakeFirst();
}

export async function setImg(db: DbOrTx, table: ImageTable, uuid: string, img: string, now: string): Promise<void> {
  await db.updateTable(table).set({ img, updated_at: now }).where('uuid', '=', uuid).execute();
}
