import type { FastifyBaseLogger } from 'fastify';
import { landingRole, type Role } from '@portal/shared/roles';
import { provinces } from '@portal/shared/provinces';
import {
  SESSIONS_DEFAULT_DAYS,
  sessionRoleLabels,
  sessionRoles,
  type RoleCounts,
  type SessionsQuery,
  type SessionsReply,
} from '@portal/shared/schemas/usage-statistics';
import type { DbOrTx } from '../../db/database.ts';
import { readLane } from '../../db/read-lane.ts';
import { addDays, todayInRome } from '../../lib/clock.ts';
import { onePage, sheetOf, type ExportColumn, type Sheet } from '../../lib/xlsx-export.ts';
import { tableCombo } from '../combos/combos.service.ts';
import * as repo from './usage-statistics.repository.ts';

export type { UsageKind } from './usage-statistics.repository.ts';

/**
 * Records what people do for the statistics: a login, a document download, a message read. Counted under the
 * person's landing role (the area they work in) and today's date in Italy. Never fails the request it belongs to:
 * a failure is logged and the request goes on.
 */
export type UsageRecorder = (kind: repo.UsageKind, who: { userUuid: string; roles: readonly Role[] }) => Promise<void>;

export function usageRecorder(db: DbOrTx, log: FastifyBaseLogger): UsageRecorder {
  return async (kind, who) => {
    const role = landingRole(who.roles);
    if (!role) return;
    try {
      await repo.recordEvent(db, { day: todayInRome(), role, userUuid: who.userUuid, kind });
    } catch (err) {
      log.error({ err, kind }, 'statistiche di utilizzo: evento non registrato');
    }
  };
}

/** How many resellers the ranking shows. */
const TOP_RESELLERS = 10;

const zeroRoles = (): RoleCounts => ({ admin: 0, posatore: 0, capoarea: 0, rivenditori: 0 });
const isRole = (r: string): r is Role => (sessionRoles as readonly string[]).includes(r);
const provinceNames = new Map(provinces.map((p) => [p.sigla, p.name]));

/** The range asked for, the defaults filled in: the 30 days up to today; one end alone gives the other 30 days. */
export function rangeOf(query: SessionsQuery, today: string = todayInRome()): { dal: string; al: string } {
  const span = SESSIONS_DEFAULT_DAYS - 1;
  if (query.dal && query.al) return { dal: query.dal, al: query.al };
  if (query.dal) return { dal: query.dal, al: addDays(query.dal, span) };
  const al = query.al ?? today;
  return { dal: addDays(al, -span), al };
}

/** The first day of each month from dal's to al's, YYYY-MM-01. */
function monthsOf(dal: string, al: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(dal.slice(0, 4)), Number(dal.slice(5, 7))];
  const last = al.slice(0, 7);
  for (;;) {
    const key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    out.push(`${key}-01`);
    if (key >= last) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** GET /api/sessions: every figure of the statistics page for the range. */
export async function usageStatistics(db: DbOrTx, query: SessionsQuery): Promise<SessionsReply> {
  const today = todayInRome();
  const { dal, al } = rangeOf(query, today);
  // Years of events and a million coupons: tens of milliseconds of reads, on the read lane.
  const reads = readLane(db);
  const [daily, active, installers, assigned, redeemed, expired, resellers, stati] = await Promise.all([
    repo.dailyCounts(reads, dal, al),
    repo.activePeople(reads, addDays(al, -6), addDays(al, -29), al),
    repo.installersByProvince(reads),
    repo.assignedByMonth(reads, dal, al),
    repo.redeemedByMonth(reads, dal, al),
    repo.expiredByMonth(reads, dal, al, today),
    repo.topResellers(reads, dal, al, TOP_RESELLERS),
    tableCombo(db, 'cbostato'),
  ]);

  // Every day of the range, also those without events, so the charts' axis is the calendar.
  const days = new Map<string, SessionsReply['giorni'][number]>();
  for (let d = dal; d <= al; d = addDays(d, 1)) {
    days.set(d, { giorno: d, accessi: zeroRoles(), download: 0, letture: 0 });
  }
  const perRole = new Map(
    sessionRoles.map((r) => [r, { ruolo: r, accessi: 0, download: 0, letture: 0, attivi7: 0, attivi30: 0 }]),
  );
  for (const row of daily) {
    const day = days.get(row.day);
    const role = isRole(row.role) ? perRole.get(row.role) : undefined;
    if (!day || !role || !isRole(row.role)) continue;
    day.accessi[row.role] += row.logins;
    day.download += row.downloads;
    day.letture += row.reads;
    role.accessi += row.logins;
    role.download += row.downloads;
    role.letture += row.reads;
  }
  for (const a of active) {
    const role = isRole(a.role) ? perRole.get(a.role) : undefined;
    if (role) Object.assign(role, { attivi7: a.attivi7, attivi30: a.attivi30 });
  }

  const byStato = new Map<string, number>();
  const byProvince = new Map<string, SessionsReply['posatoriProvince'][number]>();
  for (const { state, stato, n } of installers) {
    byStato.set(stato, (byStato.get(stato) ?? 0) + n);
    const p = byProvince.get(state) ?? {
      sigla: state,
      provincia: provinceNames.get(state) ?? (state === '' ? 'Non indicata' : state),
      ok: 0,
      incompleto: 0,
      sospeso: 0,
      totale: 0,
    };
    if (stato === 'OK') p.ok += n;
    else if (stato === 'INCOMPLETO') p.incompleto += n;
    else if (stato === 'SOSPESO') p.sospeso += n;
    p.totale += n;
    byProvince.set(state, p);
  }
  const known = new Set(stati.map((s) => s.value));
  const posatoriStato = [
    ...stati.map((s) => ({ stato: s.value, label: s.label, n: byStato.get(s.value) ?? 0 })),
    ...[...byStato].filter(([s]) => !known.has(s)).map(([stato, n]) => ({ stato, label: stato, n })),
  ];

  const perMonth = (rows: { month: string; n: number }[]) => new Map(rows.map((r) => [`${r.month}-01`, r.n]));
  const [a, r, e] = [perMonth(assigned), perMonth(redeemed), perMonth(expired)];
  return {
    dal,
    al,
    giorni: [...days.values()],
    ruoli: [...perRole.values()],
    posatoriStato,
    posatoriProvince: [...byProvince.values()].sort(
      (x, y) => y.totale - x.totale || x.provincia.localeCompare(y.provincia, 'it'),
    ),
    coupon: monthsOf(dal, al).map((mese) => ({
      mese,
      assegnati: a.get(mese) ?? 0,
      utilizzati: r.get(mese) ?? 0,
      scaduti: e.get(mese) ?? 0,
    })),
    rivenditori: resellers,
  };
}

type Row<K extends keyof SessionsReply> = SessionsReply[K][number];
const roleHeader = (r: Role) => `ACCESSI ${sessionRoleLabels[r].toUpperCase()}`;

/** GET /api/exports/sessions: the page's tables, one sheet each, with the same figures. */
export function usageSheets(figures: SessionsReply): Sheet[] {
  const days: ExportColumn<Row<'giorni'>>[] = [
    { header: 'GIORNO', width: 12, type: 'date', value: (d) => d.giorno },
    ...sessionRoles.map((r): ExportColumn<Row<'giorni'>> => ({
      header: roleHeader(r),
      width: 22,
      type: 'int',
      value: (d) => d.accessi[r],
    })),
    {
      header: 'ACCESSI TOTALI',
      width: 15,
      type: 'int',
      value: (d) => sessionRoles.reduce((sum, r) => sum + d.accessi[r], 0),
    },
    { header: 'DOWNLOAD DOCUMENTI', width: 20, type: 'int', value: (d) => d.download },
    { header: 'LETTURE MESSAGGI', width: 18, type: 'int', value: (d) => d.letture },
  ];
  const roles: ExportColumn<Row<'ruoli'>>[] = [
    { header: 'RUOLO', width: 18, type: 'text', value: (r) => sessionRoleLabels[r.ruolo] },
    { header: 'ACCESSI', width: 10, type: 'int', value: (r) => r.accessi },
    { header: 'DOWNLOAD DOCUMENTI', width: 20, type: 'int', value: (r) => r.download },
    { header: 'LETTURE MESSAGGI', width: 18, type: 'int', value: (r) => r.letture },
    { header: 'ATTIVI ULTIMI 7 GIORNI', width: 22, type: 'int', value: (r) => r.attivi7 },
    { header: 'ATTIVI ULTIMI 30 GIORNI', width: 23, type: 'int', value: (r) => r.attivi30 },
  ];
  const stati: ExportColumn<Row<'posatoriStato'>>[] = [
    { header: 'STATO', width: 16, type: 'text', value: (s) => s.label },
    { header: 'POSATORI', width: 10, type: 'int', value: (s) => s.n },
  ];
  const provinces: ExportColumn<Row<'posatoriProvince'>>[] = [
    { header: 'PR', width: 5, type: 'text', value: (p) => p.sigla },
    { header: 'PROVINCIA', width: 24, type: 'text', value: (p) => p.provincia },
    { header: 'IN REGOLA', width: 11, type: 'int', value: (p) => p.ok },
    { header: 'INCOMPLETI', width: 11, type: 'int', value: (p) => p.incompleto },
    { header: 'SOSPESI', width: 9, type: 'int', value: (p) => p.sospeso },
    { header: 'TOTALE', width: 9, type: 'int', value: (p) => p.totale },
  ];
  const coupons: ExportColumn<Row<'coupon'>>[] = [
    { header: 'MESE', width: 10, type: 'month', value: (c) => c.mese },
    { header: 'ASSEGNATI', width: 11, type: 'int', value: (c) => c.assegnati },
    { header: 'UTILIZZATI', width: 11, type: 'int', value: (c) => c.utilizzati },
    { header: 'SCADUTI', width: 9, type: 'int', value: (c) => c.scaduti },
  ];
  const resellers: ExportColumn<Row<'rivenditori'>>[] = [
    { header: 'RIVENDITORE', width: 32, type: 'text', value: (r) => r.ragsoc },
    { header: 'PR', width: 5, type: 'text', value: (r) => r.state },
    { header: 'COUPON UTILIZZATI', width: 18, type: 'int', value: (r) => r.utilizzati },
  ];
  return [
    sheetOf('Accessi per giorno', days, onePage(figures.giorni)),
    sheetOf('Per ruolo', roles, onePage(figures.ruoli)),
    sheetOf('Posatori per stato', stati, onePage(figures.posatoriStato)),
    sheetOf('Posatori per provincia', provinces, onePage(figures.posatoriProvince)),
    sheetOf('Coupon per mese', coupons, onePage(figures.coupon)),
    sheetOf('Rivenditori', resellers, onePage(figures.rivenditori)),
  ];
}
