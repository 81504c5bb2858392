import type { DbOrTx } from '../../db/database.ts';

/** The registries whose rows carry a profile image (column img) and may own files. */
export type ImageTable = 'posatori' | 'capoarea' | 'rivenditori' | 'admins';

export async function findOwner(db: DbOrTx, table: ImageTable, uuid: string) {
  return db.selectFrom(table).select(['uuid', 'user_uuid', 'img']).where('uuid', '=', uuid).executeTakeFirst();
}

export async function findOwnerByUser(db: DbOrTx, table: ImageTable, userUuid: string) {
  return db.selectFrom(table).select(['uuid', 'user_uuid', 'img']).where('user_uuid', '=', userUuid).executeTakeFirst();
}

export async function setImg(db: DbOrTx, table: ImageTable, uuid: string, img: string, now: string): Promise<void> {
  await db.updateTable(table).set({ img, updated_at: now }).where('uuid', '=', uuid).execute();
}
