import type { ImpposatoriQuery } from '@portal/shared/schemas/imports';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { fold, textFilter } from '../../lib/text-search.ts';
import type { PageWindow } from '../../lib/paging.ts';
import type { PartnersTable } from '../partners/partners.table.ts';
import { codeField, listColumns, nameField } from '../posatori/posatori.repository.ts';
import type { PosatoriTable } from '../posatori/posatori.table.ts';
import type { ImportPosatoriTable, ImportsTable } from './imports.table.ts';

export async function insertImport(db: DbOrTx, row: ImportsTable): Promise<void> {
  await db.insertInto('imports').values(row).execute();
}

/** An import with the names behind its uuids: who ran it, the coupon type and the qualification of the course. */
export function findImport(db: DbOrTx, uuid: string) {
  return importsWithNames(db).where('imports.uuid', '=', uuid).executeTakeFirst();
}

/** The import's own row: what a batch needs (its kind and extras), without the names the screens show. */
export function importRow(db: DbOrTx, uuid: string) {
  return db.selectFrom('imports').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The latest imports first, through imports_started. */
export function listImports(db: DbOrTx, win: PageWindow) {
  return importsWithNames(db)
    .orderBy('imports.started_at', 'desc')
    .orderBy('imports.uuid', 'desc')
    .limit(win.size)
    .offset(win.offset)
    .execute();
}

export async function countImports(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('imports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function importsWithNames(db: DbOrTx) {
  return db
    .selectFrom('imports')
    .leftJoin('users', 'users.uuid', 'imports.user_uuid')
    .leftJoin('coupon_types', 'coupon_types.uuid', 'imports.impcoupon')
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'imports.impcorso').on('combos.combo', '=', 'qualifiche'))
    .selectAll('imports')
    .select(['users.username as utente', 'coupon_types.tipo as destcoupon', 'combos.label as destcorso']);
}

/**
 * Takes the import's row lock first thing in a batch's transaction: the batches and rows of one import then run one
 * after the other whichever process serves them, so a person sent twice is found by the second, never stored twice.
 */
export async function lockImport(db: DbOrTx, uuid: string): Promise<void> {
  await db
    .updateTable('imports')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('uuid', '=', uuid)
    .execute();
}

export type ImportCounts = Pick<ImportsTable, 'elaborate' | 'nuovi' | 'aggiornati' | 'invariati' | 'errori' | 'coupon'>;

/** Adds one batch's counts, in the batch's transaction: the record never counts a row that was not stored. */
export async function addCounts(db: DbOrTx, uuid: string, c: ImportCounts, now: string): Promise<void> {
  await db
    .updateTable('imports')
    .set((eb) => ({
      elaborate: eb('elaborate', '+', c.elaborate),
      nuovi: eb('nuovi', '+', c.nuovi),
      aggiornati: eb('aggiornati', '+', c.aggiornati),
      invariati: eb('invariati', '+', c.invariati),
      errori: eb('errori', '+', c.errori),
      coupon: eb('coupon', '+', c.coupon),
      updated_at: now,
    }))
    .where('uuid', '=', uuid)
    .execute();
}

/** The installers already in the registry with these tax codes (through posatori_codfis). */
export function posatoriWithCodfis(db: DbOrTx, codfis: readonly string[]) {
  return db.selectFrom('posatori').selectAll().where('codfis', 'in', codfis).execute();
}

/** The partners already in the registry with these codes (through partners_code). */
export function partnersByCode(db: DbOrTx, codes: readonly string[]) {
  return db
    .selectFrom('partners')
    .selectAll()
    .where(
      'code_key',
      'in',
      codes.map((c) => fold(c)),
    )
    .execute();
}

/** Of several rows with one key (an old registry may hold duplicates), the oldest: the same one every run. */
export function oldestFirst<T extends { created_at: string; uuid: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.uuid.localeCompare(b.uuid));
}

/** The resellers a sheet may name: by code or by business name, compared folded (rivenditori_code, _ragsoc). */
export function rivenditoriNamed(db: DbOrTx, names: readonly string[]) {
  const keys = names.map((n) => fold(n));
  return db
    .selectFrom('rivenditori')
    .select(['uuid', 'code_key', 'ragsoc_key'])
    .where((eb) => eb.or([eb('code_key', 'in', keys), eb('ragsoc_key', 'in', keys)]))
    .execute();
}

/** Every area manager (a few dozen to a few hundred): a sheet names them by business name or by person. */
export function areaManagers(db: DbOrTx) {
  return db.selectFrom('capoarea').select(['uuid', 'ragsoc', 'name', 'lastname']).execute();
}

/** Which of these installers already hold coupons of the type (through coupons_figures). */
export async function holdersOfType(db: DbOrTx, tipo: string, posatori: readonly string[]): Promise<Set<string>> {
  if (posatori.length === 0) return new Set();
  const rows = await db
    .selectFrom('coupons')
    .select('posatore')
    .distinct()
    .where('posatore', 'in', posatori)
    .where('tipo', '=', tipo)
    .execute();
  return new Set(rows.map((r) => r.posatore));
}

export async function insertPosatori(db: DbOrTx, rows: PosatoriTable[]): Promise<void> {
  // 41 columns a row: 250 rows are 10,250 parameters, below SQLite's 32,766 and PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += 250) {
    await db
      .insertInto('posatori')
      .values(rows.slice(i, i + 250))
      .execute();
  }
}

export async function updatePosatore(db: DbOrTx, uuid: string, values: Partial<PosatoriTable>): Promise<void> {
  await db.updateTable('posatori').set(values).where('uuid', '=', uuid).execute();
}

export async function insertPartners(db: DbOrTx, rows: PartnersTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('partners')
      .values(rows.slice(i, i + 50))
      .execute();
  }
}

export async function updatePartner(db: DbOrTx, uuid: string, values: Partial<PartnersTable>): Promise<void> {
  await db.updateTable('partners').set(values).where('uuid', '=', uuid).execute();
}

/** Links a batch's installers to the import; a person twice in one file keeps the last outcome and the coupons. */
export async function linkPosatori(db: DbOrTx, rows: ImportPosatoriTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('import_posatori')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['import_uuid', 'posatore_uuid']).doUpdateSet((eb) => ({
          esito: eb.ref('excluded.esito'),
          coupon: sql<number>`import_posatori.coupon + excluded.coupon`,
        })),
      )
      .execute();
  }
}

/** The installers of one import, with the qualification, code and name filters, in name order. */
function importedInstallers(db: DbOrTx, importUuid: string, f: ImpposatoriQuery) {
  let q = db
    .selectFrom('import_posatori')
    .innerJoin('posatori', 'posatori.uuid', 'import_posatori.posatore_uuid')
    .where('import_posatori.import_uuid', '=', importUuid);
  if (f.tipo) q = q.where('posatori.tipo', '=', f.tipo);
  // The installer list's own text filters (trigram from 3 characters, a prefix range below).
  for (const text of [textFilter(db, codeField, f.code), textFilter(db, nameField, f.name)]) {
    if (text) q = q.where(text);
  }
  return q;
}

export async function countImported(db: DbOrTx, importUuid: string, f: ImpposatoriQuery): Promise<number> {
  const row = await importedInstallers(db, importUuid, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listImported(db: DbOrTx, importUuid: string, f: ImpposatoriQuery, win: PageWindow) {
  return importedInstallers(db, importUuid, f)
    .leftJoin('combos', (j) => j.onRef('combos.value', '=', 'posatori.tipo').on('combos.combo', '=', 'qualifiche'))
    .select([...listColumns, 'import_posatori.esito'])
    .orderBy('posatori.lastname_key')
    .orderBy('posatori.name_key')
    .orderBy('posatori.uuid')
    .limit(win.size)
    .offset(win.offset)
    .execute();
}
