import { centsToEuros } from '@portal/shared/money';
import type { PosatoriQuery } from '@portal/shared/schemas/posatori';
import type { DbOrTx } from '../../db/database.ts';
import { readLane } from '../../db/read-lane.ts';
import { todayInRome } from '../../lib/clock.ts';
import { couponStatoLabels } from '@portal/shared/schemas/coupons';
import type { ExportColumn } from '../../lib/xlsx-export.ts';
import { notFound } from '../../plugins/error-envelope.ts';
import { capoareaOfUser } from '../capoarea/capoarea.repository.ts';
import { couponStateOf } from '../coupons/coupon-status.ts';
import {
  couponsOf,
  figuresFromTotals,
  figuresOf,
  noFigures,
  validFiguresOfAll,
  type CouponFigures,
} from '../coupons/coupons.repository.ts';
import { exportPage, type ExportCursor, type PosatoriScope } from '../posatori/posatori.repository.ts';
import { posatoriScopeOf } from '../reach/posatori-reach.ts';
import { exportPage as partnerPage } from '../partners/partners.repository.ts';
import { partnersScopeOf } from '../reach/partners-reach.ts';
import type { PartnersQuery } from '@portal/shared/schemas/partners';
import { rivenditoreInReach } from '../rivenditori/rivenditori.repository.ts';
import type { Viewer } from '../reach/viewer.ts';
import { recordAudit } from '../audit/audit.service.ts';

type Installer = Awaited<ReturnType<typeof exportPage>>[number];
/** An export row: the installer and their coupon figures. */
export type InstallerRow = Installer & { figures: CouponFigures };

/** Rows read per page: big enough that the per-page reads are few, small enough that memory stays flat. */
const PAGE = 2_000;

/**
 * The installers of a scope and filters in name order, a page at a time, each with its coupon figures. Each page is
 * asked for before the one before it is written: on PostgreSQL the database reads it meanwhile (on SQLite the read
 * runs when asked, so nothing changes there).
 */
async function* installerPages(
  db: DbOrTx,
  scope: PosatoriScope,
  filters: PosatoriQuery,
  tipocoupon?: string,
): AsyncGenerator<InstallerRow[]> {
  const today = todayInRome();
  const reads = readLane(db);
  const everyone = scope.all && Object.values(filters).every((v) => v === undefined || v === '');
  // The whole registry: the totals its rows keep and today's valid coupons in one range of an index. A list (or
  // coupons of one type): a grouped seek per page of installers.
  const valid = everyone && !tipocoupon ? validFiguresOfAll(reads, today) : null;
  // Awaited by the first page; a failure before then is heard there, not as an unhandled rejection.
  valid?.catch(() => undefined);
  const read = async (after: ExportCursor | null) => {
    const rows = await exportPage(reads, scope, filters, after, PAGE);
    // The figures join the rows read (no copy of each row).
    if (valid) {
      const validNow = await valid;
      return rows.map((r) => Object.assign(r, { figures: figuresFromTotals(r, validNow.get(r.uuid)) }));
    }
    const figures = await figuresOf(
      reads,
      rows.map((r) => r.uuid),
      today,
      tipocoupon,
    );
    return rows.map((r) => Object.assign(r, { figures: figures.get(r.uuid) ?? noFigures }));
  };
  let next = read(null);
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    if (!last) return;
    const more = rows.length === PAGE;
    if (more) {
      next = read({ lastname_key: last.lastname_key, name_key: last.name_key, uuid: last.uuid });
      // Awaited on the next turn; a reader that stops first (the client went away) leaves its failure unheard.
      next.catch(() => undefined);
    }
    yield rows;
    if (!more) return;
  }
}

const euros = (cents: number) => centsToEuros(cents);
const person = (name: string | null, lastname: string | null) => `${name ?? ''} ${lastname ?? ''}`.trim();

/** The registry export (admin /api/export, reseller /api/riven/export): the profile and the coupon figures. */
export const registryColumns: ExportColumn<InstallerRow>[] = [
  { header: 'CODICE', width: 12, type: 'text', value: (r) => r.code },
  { header: 'COGNOME', width: 18, type: 'text', value: (r) => r.lastname },
  { header: 'NOME', width: 16, type: 'text', value: (r) => r.name },
  { header: 'RAGIONE SOCIALE', width: 30, type: 'text', value: (r) => r.ragsoc },
  { header: 'CODICE FISCALE', width: 19, type: 'text', value: (r) => r.codfis },
  { header: 'PARTITA IVA', width: 13, type: 'text', value: (r) => r.piva },
  { header: 'DATA DI NASCITA', width: 12, type: 'date', value: (r) => r.dtnasc },
  { header: 'INDIRIZZO', width: 30, type: 'text', value: (r) => r.address },
  { header: 'CAP', width: 7, type: 'text', value: (r) => r.cap },
  { header: 'CITTÀ', width: 18, type: 'text', value: (r) => r.city },
  { header: 'PR', width: 5, type: 'text', value: (r) => r.state },
  { header: 'TELEFONO', width: 15, type: 'text', value: (r) => r.phone },
  { header: 'CELLULARE', width: 15, type: 'text', value: (r) => r.cell },
  { header: 'EMAIL', width: 28, type: 'text', value: (r) => r.email },
  { header: 'SITO WEB', width: 24, type: 'text', value: (r) => r.website },
  { header: 'QUALIFICA', width: 13, type: 'text', value: (r) => r.destipo ?? r.tipo },
  { header: 'CERTIFICATO', width: 12, type: 'text', value: (r) => (r.certificato === 1 ? 'SI' : 'NO') },
  { header: 'ULTIMO CORSO', width: 13, type: 'month', value: (r) => r.dtstart },
  { header: 'STATO', width: 12, type: 'text', value: (r) => r.stato },
  { header: 'CAPO AREA', width: 20, type: 'text', value: (r) => person(r.ca_name, r.ca_lastname) },
  { header: 'RIVENDITORE', width: 26, type: 'text', value: (r) => r.riv_ragsoc ?? '' },
  { header: 'COUPON TOTALI', width: 14, type: 'int', value: (r) => r.figures.tot },
  { header: 'COUPON VALIDI', width: 14, type: 'int', value: (r) => r.figures.rimanenti },
  { header: 'VALORE VALIDI', width: 14, type: 'money', value: (r) => euros(r.figures.valore_rimanenti) },
  { header: 'COUPON UTILIZZATI', width: 17, type: 'int', value: (r) => r.figures.usati },
  { header: 'COUPON SCADUTI', width: 15, type: 'int', value: (r) => r.figures.scaduti },
];

/**
 * The area manager's reseller-coupons export, with its own columns and headers: who assigned the installer,
 * the installer, and their coupons' figures, of one type when tipocoupon is given.
 */
export const resellerCouponColumns: ExportColumn<InstallerRow>[] = [
  { header: 'ASSEGNAZIONE RIVENDITORE', width: 28, type: 'text', value: (r) => r.riv_ragsoc ?? '' },
  { header: 'AZIENDA', width: 28, type: 'text', value: (r) => r.azienda || r.ragsoc },
  { header: 'NOME', width: 16, type: 'text', value: (r) => r.name },
  { header: 'COGNOME', width: 18, type: 'text', value: (r) => r.lastname },
  { header: 'TELEFONO', width: 15, type: 'text', value: (r) => r.phone || r.cell },
  { header: 'EMAIL', width: 28, type: 'text', value: (r) => r.email },
  { header: 'CITTÀ', width: 18, type: 'text', value: (r) => r.city },
  { header: 'PR', width: 5, type: 'text', value: (r) => r.state },
  { header: 'COUPON TOTALI', width: 14, type: 'int', value: (r) => r.figures.tot },
  { header: 'VALORE', width: 12, type: 'money', value: (r) => euros(r.figures.valore) },
  { header: 'SCADUTI', width: 10, type: 'int', value: (r) => r.figures.scaduti },
  { header: 'VALORE SCADUTI', width: 15, type: 'money', value: (r) => euros(r.figures.valore_scaduti) },
  { header: 'USATI', width: 8, type: 'int', value: (r) => r.figures.usati },
  { header: 'VALORE USATI', width: 13, type: 'money', value: (r) => euros(r.figures.valore_usati) },
  { header: 'ULTIMO UTILIZZO', width: 15, type: 'date', value: (r) => r.figures.ultima },
  { header: 'RIMANENTI', width: 11, type: 'int', value: (r) => r.figures.rimanenti },
  { header: 'VALIDI FINO AL', width: 14, type: 'date', value: (r) => r.figures.scadenza },
];

/** GET /api/export: every installer of the admin's list with its filters. */
export const adminRegistry = (db: DbOrTx, filters: PosatoriQuery) => installerPages(db, { all: true }, filters);

/** GET /api/riven/export: the reseller's own installers, with the list's filters. */
export async function resellerRegistry(db: DbOrTx, viewer: Viewer, filters: PosatoriQuery) {
  return installerPages(db, await posatoriScopeOf(db, viewer, 'rivenditori'), filters);
}

/** GET /api/exportrivenditori: the area manager's installers with the list's filters, coupons of one type or all. */
export async function areaResellerCoupons(db: DbOrTx, viewer: Viewer, filters: PosatoriQuery, tipocoupon: string) {
  return installerPages(db, await posatoriScopeOf(db, viewer, 'capoarea'), filters, tipocoupon || undefined);
}

/** GET /api/exportrivenditore/{id}: one reseller of the area manager's reach, their installers. */
export async function oneResellerCoupons(db: DbOrTx, viewer: Viewer, rivenditore: string) {
  const capoarea = await capoareaOfUser(db, viewer.userUuid);
  if (!capoarea || !(await rivenditoreInReach(db, capoarea, rivenditore))) throw notFound();
  return installerPages(db, { all: false, rivenditore }, {});
}

/** GET /api/exports/puntiriv: the admin's 'Coupon' export, each installer of the list with reseller and figures. */
export const adminCouponFigures = (db: DbOrTx, filters: PosatoriQuery) => installerPages(db, { all: true }, filters);

type Coupon = Awaited<ReturnType<typeof couponsOf>>[number];
/** A coupon log row: the coupon, its state today and its installer. */
export type CouponLogRow = Coupon & { installer: InstallerRow; stato: string };

/** GET /api/exports/punti: the admin's coupon log, every coupon of the list's installers, installer by installer. */
export async function* adminCouponLog(db: DbOrTx, filters: PosatoriQuery): AsyncGenerator<CouponLogRow[]> {
  const today = todayInRome();
  const reads = readLane(db);
  for await (const installers of installerPages(db, { all: true }, filters)) {
    const byUuid = new Map(installers.map((i) => [i.uuid, i]));
    const coupons = await couponsOf(
      reads,
      installers.filter((i) => i.figures.tot > 0).map((i) => i.uuid),
    );
    const rows: CouponLogRow[] = [];
    for (const c of coupons) {
      const installer = byUuid.get(c.posatore);
      if (installer) rows.push(Object.assign(c, { installer, stato: couponStatoLabels[couponStateOf(c, today)] }));
    }
    yield rows;
  }
}

export const couponLogColumns: ExportColumn<CouponLogRow>[] = [
  { header: 'CODICE COUPON', width: 15, type: 'text', value: (c) => c.code },
  { header: 'TIPO', width: 22, type: 'text', value: (c) => c.destipo },
  { header: 'VALORE', width: 12, type: 'money', value: (c) => euros(c.valore) },
  { header: 'STATO', width: 12, type: 'text', value: (c) => c.stato },
  { header: 'ASSEGNATO IL', width: 13, type: 'date', value: (c) => c.created_at.slice(0, 10) },
  { header: 'SCADENZA', width: 12, type: 'date', value: (c) => c.scadenza },
  { header: 'UTILIZZATO IL', width: 14, type: 'date', value: (c) => c.dtesecuzione ?? '' },
  { header: 'RIVENDITORE', width: 26, type: 'text', value: (c) => c.riv_ragsoc ?? '' },
  { header: 'CODICE POSATORE', width: 16, type: 'text', value: (c) => c.installer.code },
  { header: 'COGNOME', width: 18, type: 'text', value: (c) => c.installer.lastname },
  { header: 'NOME', width: 16, type: 'text', value: (c) => c.installer.name },
  { header: 'PR', width: 5, type: 'text', value: (c) => c.installer.state },
];

type Partner = Awaited<ReturnType<typeof partnerPage>>[number];

/** GET /api/exportpartner: the partners the viewer's list shows with its filters, by name. */
export async function* partners(db: DbOrTx, viewer: Viewer, filters: PartnersQuery): AsyncGenerator<Partner[]> {
  const scope = await partnersScopeOf(db, viewer);
  const reads = readLane(db);
  let after: { ragsoc_key: string; uuid: string } | null = null;
  for (;;) {
    const rows = await partnerPage(reads, scope, filters, after, PAGE);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return;
    after = { ragsoc_key: last.ragsoc_key, uuid: last.uuid };
  }
}

export const partnerColumns: ExportColumn<Partner>[] = [
  { header: 'CODICE', width: 12, type: 'text', value: (p) => p.code },
  { header: 'RAGIONE SOCIALE', width: 32, type: 'text', value: (p) => p.ragsoc },
  { header: 'PRIORITÀ', width: 10, type: 'text', value: (p) => p.priorita },
  { header: 'PARTITA IVA', width: 13, type: 'text', value: (p) => p.piva },
  { header: 'CODICE FISCALE', width: 19, type: 'text', value: (p) => p.codfis },
  { header: 'INDIRIZZO', width: 30, type: 'text', value: (p) => p.address },
  { header: 'CAP', width: 7, type: 'text', value: (p) => p.cap },
  { header: 'CITTÀ', width: 18, type: 'text', value: (p) => p.city },
  { header: 'PR', width: 5, type: 'text', value: (p) => p.state },
  { header: 'TELEFONO', width: 15, type: 'text', value: (p) => p.phone },
  { header: 'CELLULARE', width: 15, type: 'text', value: (p) => p.cell },
  { header: 'EMAIL', width: 28, type: 'text', value: (p) => p.email },
  { header: 'SITO WEB', width: 24, type: 'text', value: (p) => p.website },
  { header: 'PARTNER DAL', width: 12, type: 'month', value: (p) => p.dtstart },
  { header: 'FINE PARTNERSHIP', width: 16, type: 'month', value: (p) => p.dtend },
  { header: 'ULTIMO RINNOVO', width: 15, type: 'date', value: (p) => p.dtrinnovo },
  { header: 'VALIDO FINO AL', width: 14, type: 'date', value: (p) => p.dtscad },
  { header: 'CAPO AREA', width: 20, type: 'text', value: (p) => person(p.ca_name, p.ca_lastname) },
  { header: 'RIVENDITORE', width: 26, type: 'text', value: (p) => p.riv_ragsoc ?? '' },
];

/** An export taken: which report, with which filters (the ones given, as the request had them). */
export async function recordExport(db: DbOrTx, viewer: Viewer, report: string, filters: object): Promise<void> {
  const given = Object.entries(filters).filter(([, v]) => v !== undefined && v !== '');
  const changes = given.map(([field, v]) => ({
    field,
    before: null,
    after: typeof v === 'string' ? v : JSON.stringify(v),
  }));
  await recordAudit(db, { actor: viewer.userUuid, action: 'export', entity: 'export', entityId: report, changes });
}
