import { companyColumns, companyImportRecord } from '@portal/shared/schemas/imports';
import { normalizeLogin } from '@portal/shared/validation/common';
import { companyImportRules } from '@portal/shared/validation/import-rules';
import { validationMsg } from '@portal/shared/validation/messages';
import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { fold } from '../../lib/text-search.ts';
import { newId } from '../../lib/tokens.ts';
import { partnerKeys } from '../partners/partners.repository.ts';
import type { PartnersTable } from '../partners/partners.table.ts';
import * as repo from './imports.repository.ts';
import {
  checkedRecord,
  importDate,
  importMsg,
  phoneFilter,
  reasonOf,
  RowOutcomes,
  type Checked,
  type Row,
  type Stored,
} from './import-rows.ts';

type PartnerValues = Pick<
  PartnersTable,
  'code' | 'ragsoc' | 'email' | 'phone' | 'website' | 'address' | 'cap' | 'city' | 'state' | 'dtstart' | 'dtend'
>;

/** The month field of a validity date (YYYY-MM-01), '' when empty, undefined when not a date. */
const monthOf = (text: string): string | undefined => {
  if (text === '') return '';
  const monthOnly = /^(\d{1,2})[/.-](\d{4})$/.exec(text);
  if (monthOnly?.[1] && monthOnly[2] && Number(monthOnly[1]) >= 1 && Number(monthOnly[1]) <= 12) {
    return `${monthOnly[2]}-${monthOnly[1].padStart(2, '0')}-01`;
  }
  const date = importDate(text);
  return date === undefined ? undefined : `${date.slice(0, 7)}-01`;
};

/** A company row of the CRM's export: the kind's rules, then validity dates that read as months in order. */
function checkedPartner(raw: Record<string, string>): Checked<PartnerValues> {
  const checked = checkedRecord(companyImportRecord, companyImportRules, raw, (r) => ({
    ...r,
    email: normalizeLogin(r.email),
    state: r.state.toUpperCase(),
    phone: phoneFilter(r.phone),
  }));
  if ('problem' in checked) return checked;
  const { record: r, problems } = checked;
  const dtstart = monthOf(r.dtstart);
  const dtend = monthOf(r.dtend);
  if (dtstart === undefined) problems['dtstart'] = importMsg.dataNonValida;
  if (dtend === undefined) problems['dtend'] = importMsg.dataNonValida;
  if (dtstart && dtend && dtend < dtstart) problems['dtend'] = validationMsg.fineDopoInizio;
  if (Object.keys(problems).length > 0) return { problem: reasonOf(problems, companyColumns) };
  const { code, ragsoc, email, phone, website, address, cap, city, state } = r;
  return {
    values: {
      code,
      ragsoc,
      email,
      phone,
      website,
      address,
      cap,
      city,
      state,
      dtstart: dtstart ?? '',
      dtend: dtend ?? '',
    },
  };
}

function newPartner(values: PartnerValues, now: string): PartnersTable {
  return {
    uuid: newId(),
    priorita: '',
    piva: '',
    codfis: '',
    cell: '',
    capoarea: null,
    rivenditore: null,
    img: '',
    dtrinnovo: '',
    dtscad: '',
    created_at: now,
    updated_at: now,
    ...values,
    ...partnerKeys(values),
  };
}

/** Every filled cell replaces the stored value, an empty one keeps it; whether anything changed. */
function applyCells(stored: PartnersTable, values: PartnerValues): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(values) as [keyof PartnerValues, string][]) {
    if (value !== '' && stored[key] !== value) {
      stored[key] = value;
      changed = true;
    }
  }
  return changed;
}

/** The companies the rows name by ContactID, the oldest of any duplicates, by folded code. */
async function storedPartners(tx: DbOrTx, checked: readonly Checked<PartnerValues>[]) {
  const codes = [...new Set(checked.flatMap((c) => ('values' in c ? [c.values.code] : [])))];
  const byCode = new Map<string, PartnersTable>();
  for (const p of codes.length > 0 ? repo.oldestFirst(await repo.partnersByCode(tx, codes)) : []) {
    const key = fold(p.code);
    if (!byCode.has(key)) byCode.set(key, p);
  }
  return byCode;
}

/** Company rows: a company already in the registry (same ContactID, also earlier in the file) is updated. */
export async function storePartners(tx: DbOrTx, rows: readonly Row[]): Promise<Stored> {
  const now = nowIso();
  const checked = rows.map((r) => checkedPartner(r.record));
  const byCode = await storedPartners(tx, checked);
  const result = new RowOutcomes();
  const inserts = new Map<string, PartnersTable>();
  const updates = new Map<string, PartnersTable>();
  checked.forEach((c, i) => {
    const riga = rows[i]?.riga ?? 0;
    if ('problem' in c) return result.refused(riga, c.problem);
    const stored = byCode.get(fold(c.values.code));
    if (!stored) {
      const row = newPartner(c.values, now);
      inserts.set(row.uuid, row);
      byCode.set(fold(row.code), row);
      return result.stored(riga, 'nuovo', row.uuid);
    }
    const changed = applyCells(stored, c.values);
    if (changed && !inserts.has(stored.uuid)) updates.set(stored.uuid, stored);
    const esito = inserts.has(stored.uuid) ? 'nuovo' : changed ? 'aggiornato' : 'invariato';
    result.stored(riga, esito, stored.uuid);
  });
  await repo.insertPartners(tx, [...inserts.values()]);
  for (const p of updates.values()) {
    const { uuid: _u, created_at: _c, ...values } = p;
    await repo.updatePartner(tx, p.uuid, { ...values, ...partnerKeys(p), updated_at: now });
  }
  return { outcomes: result.outcomes, coupon: 0, uuids: result.uuids, coupons: result.uuids.map(() => 0) };
}
