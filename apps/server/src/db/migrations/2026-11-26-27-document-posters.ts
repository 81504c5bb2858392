import type { Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * documents.poster_key: where a training video's poster frame is stored (documents/{uuid}/poster.jpg), null when
 * it has none; a list tells the poster without asking the file store (docs/decisions/0031-training-videos.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('poster_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('poster_key').execute();
}
