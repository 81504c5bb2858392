import type { ComboOption, TableCombo } from '@portal/shared/schemas/combos';
import { provinces } from '@portal/shared/provinces';
import type { DbOrTx } from '../../db/database.ts';
import * as repo from './combos.repository.ts';

type Person = { uuid: string; ragsoc: string; name: string; lastname: string };

/** A person's label: the business name, else "name lastname"; options without a label are dropped. */
function personOptions(rows: Person[]): ComboOption[] {
  return rows
    .map((r) => ({ value: r.uuid, label: r.ragsoc.trim() || `${r.name} ${r.lastname}`.trim() }))
    .filter((o) => o.label !== '')
    .sort((a, b) => a.label.localeCompare(b.label, 'it'));
}

export const tableCombo = (db: DbOrTx, combo: TableCombo): Promise<ComboOption[]> => repo.comboRows(db, combo);

/** Every province and EE, labelled for a typeahead: 'MI - Milano', 'EE - Estero'. */
export const listStates = (): ComboOption[] =>
  provinces.map((p) => ({ value: p.sigla, label: `${p.sigla} - ${p.name}` }));

export const capoareaCombo = async (db: DbOrTx, prov: string | undefined) =>
  personOptions(await repo.capoareaRows(db, prov || undefined));

export const rivenditoriCombo = async (db: DbOrTx, prov: string | undefined) =>
  personOptions(await repo.rivenditoriRows(db, prov || undefined));

export const couponTypesCombo = async (db: DbOrTx, includeDisabled: boolean): Promise<ComboOption[]> =>
  (await repo.couponTypeRows(db, includeDisabled)).map((t) => ({ value: t.uuid, label: t.tipo }));
