import type { Kysely } from 'kysely';

/**
 * The import wizard (docs/decisions/0018-imports.md):
 * - imports: one row per import, with who ran it, the file, the wizard's extras and its counts, which every batch
 *   updates in its own transaction (so the counts always match what is stored);
 * - import_posatori: the installers each import stored or updated, for /admin/impposatori/{id} and so that a coupon
 *   type given by one course is not given twice when the same file comes again;
 * - posatori_codfis: a person already in the registry is found by codice fiscale, 500 at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('user_uuid', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('righe', 'integer', (c) => c.notNull())
    .addColumn('elaborate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nuovi', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('aggiornati', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invariati', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errori', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('impcoupon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('impcorso', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('impdtcorso', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('imports_started').on('imports').columns(['started_at', 'uuid']).execute();
  await db.schema
    .createTable('import_posatori')
    .addColumn('import_uuid', 'text', (c) => c.notNull().references('imports.uuid').onDelete('cascade'))
    .addColumn('posatore_uuid', 'text', (c) => c.notNull().references('posatori.uuid').onDelete('cascade'))
    .addColumn('esito', 'text', (c) => c.notNull())
    .addColumn('coupon', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('import_posatori_pk', ['import_uuid', 'posatore_uuid'])
    .execute();
  await db.schema.createIndex('import_posatori_posatore').on('import_posatori').column('posatore_uuid').execute();
  await db.schema.createIndex('posatori_codfis').on('posatori').columns(['codfis']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posatori_codfis').execute();
  await db.schema.dropTable('import_posatori').execute();
  await db.schema.dropTable('imports').execute();
}
