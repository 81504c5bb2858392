import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * Partner companies and their payments. Portable as the foundation: uuid text, ISO text dates
 * ('' when unknown), integer cents. dtrinnovo and dtscad are kept on the partner, recomputed whenever a payment
 * changes, so lists filter and sort by expiry without aggregating payments.
 */

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

export async function up(db: Kysely<any>): Promise<void> {
  let partners = db.schema.createTable('partners').addColumn('uuid', 'text', (c) => c.primaryKey());
  for (const col of [
    'ragsoc',
    'priorita',
    'piva',
    'codfis',
    'code',
    'dtstart',
    'dtend',
    'address',
    'city',
    'cap',
    'state',
    'phone',
    'cell',
    'email',
    'website',
    'img',
    'dtrinnovo',
    'dtscad',
  ]) {
    partners = partners.addColumn(col, 'text', text);
  }
  await partners
    .addColumn('capoarea', 'text', (c) => c.references('capoarea.uuid').onDelete('set null'))
    .addColumn('rivenditore', 'text', (c) => c.references('rivenditori.uuid').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const col of ['state', 'capoarea', 'rivenditore', 'dtscad', 'code']) {
    await db.schema.createIndex(`partners_${col}`).on('partners').column(col).execute();
  }

  await db.schema
    .createTable('partner_payments')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('partner_uuid', 'text', (c) => c.notNull().references('partners.uuid').onDelete('cascade'))
    .addColumn('dtrinnovo', 'text', text)
    .addColumn('fatturato', 'integer', (c) => c.notNull().defaultTo(0))
    // The stored PDF's file name ('' when none) and the uploader's original name, kept as metadata only.
    .addColumn('file', 'text', text)
    .addColumn('filename', 'text', text)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('partner_payments_partner').on('partner_payments').column('partner_uuid').execute();

  // Lists of the other registries filter on these.
  await db.schema.createIndex('rivenditori_state').on('rivenditori').column('state').execute();
  await db.schema.createIndex('rivenditori_capoarea').on('rivenditori').column('capoarea').execute();
  await db.schema.createIndex('rivenditori_provs_prov').on('rivenditori_provs').column('prov').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rivenditori_provs_prov').execute();
  await db.schema.dropIndex('rivenditori_capoarea').execute();
  await db.schema.dropIndex('rivenditori_state').execute();
  await db.schema.dropTable('partner_payments').execute();
  await db.schema.dropTable('partners').execute();
}
