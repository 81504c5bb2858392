import type { Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * The audit trail (docs/decisions/0025-audit-trail.md): one append-only table, written in the transaction of the
 * change it records. `at` is an ISO timestamp; `changes` a JSON list of {field, before, after}; `actor` the
 * account's uuid (null for a failed login of an unknown address) with its name as it read at the time, so a
 * history still reads after the account is gone. Each list the API offers walks one index in its order
 * (at desc, uuid desc): one record's history, one person's actions, one kind of action, everything.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('audit_log_entity')
    .on('audit_log')
    .columns(['entity', 'entity_id', 'at', 'uuid'])
    .execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'at', 'uuid']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at', 'uuid']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'uuid']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
