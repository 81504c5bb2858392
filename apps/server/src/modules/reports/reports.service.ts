import type { ReportDefinition } from '@portal/shared/schemas/reports';
import { centsToEuros } from '@portal/shared/money';
import type { Db } from '../../db/database.ts';
import { todayInRome } from '../../lib/clock.ts';
import { renderPdf } from '../../lib/pdf.ts';
import { notFound } from '../../plugins/error-envelope.ts';
import { couponStateOf } from '../coupons/coupon-status.ts';
import { listPayments } from '../partners/pagamenti.service.ts';
import { getPartner } from '../partners/partners.service.ts';
import { getPosatore } from '../posatori/posatori.service.ts';
import { posatoreFor } from '../reach/posatori-reach.ts';
import { couponVoucher, installerSheet, paymentSummary } from './reports.documents.ts';
import * as repo from './reports.repository.ts';
import type { Viewer } from '../reach/viewer.ts';

export type Pdf = { body: Buffer; filename: string };

/** The reports an admin can produce, each tied to the form whose data it prints. */
export const reportDefinitions: ReportDefinition[] = [
  {
    id: 'posatore',
    titolo: 'Scheda posatore',
    descrizione: 'Il profilo di un posatore come nel modulo: anagrafica, recapiti, qualifica, capo area e rivenditore.',
    form: 'posatore',
  },
  {
    id: 'coupon',
    titolo: 'Buono coupon',
    descrizione: 'Un coupon con valore, scadenza, codice e QR da mostrare al rivenditore.',
    form: 'coupon',
  },
  {
    id: 'pagamenti',
    titolo: 'Riepilogo pagamenti partner',
    descrizione: 'La partnership di un partner e i suoi pagamenti con data di rinnovo, importo e totale.',
    form: 'partner',
  },
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'senza-nome';

/** The installer's profile sheet, for whoever may open the profile (admin, area manager, reseller, the installer). */
export async function installerSheetPdf(db: Db, viewer: Viewer, uuid: string): Promise<Pdf> {
  const p = await getPosatore(db, viewer, uuid);
  const names = await repo.peopleNames(db, p.capoarea, p.rivenditore);
  const name = `${p.name} ${p.lastname}`.trim();
  const body = await renderPdf({
    title: 'Scheda posatore',
    subtitle: [name, p.code].filter(Boolean).join(' · '),
    generatedOn: todayInRome(),
    content: installerSheet(p, names),
  });
  return { body, filename: `scheda-${slug(name)}.pdf` };
}

/**
 * A coupon's voucher: for the admin, the area manager with the installer in reach and the installer themselves, as
 * the coupon lists are; anyone else reads not found, so a uuid says nothing about coupons out of reach.
 */
export async function couponVoucherPdf(db: Db, viewer: Viewer, uuid: string): Promise<Pdf> {
  const c = await repo.couponForVoucher(db, uuid);
  if (!c) throw notFound();
  await posatoreFor(db, viewer, c.posatore, 'coupons');
  const today = todayInRome();
  const body = await renderPdf({
    title: 'Buono coupon',
    subtitle: `${c.name} ${c.lastname}`.trim(),
    generatedOn: today,
    content: couponVoucher({
      code: c.code,
      destipo: c.destipo,
      descri: c.descri,
      valore: centsToEuros(c.valore),
      minima: centsToEuros(c.minima),
      scadenza: c.scadenza,
      dtesecuzione: c.dtesecuzione,
      stato: couponStateOf(c, today),
      usable: c.disattiva !== 1,
      installer: `${c.name} ${c.lastname}`.trim(),
      installerCode: c.posatore_code,
      place: [c.city, c.state && `(${c.state})`].filter(Boolean).join(' '),
    }),
  });
  return { body, filename: `coupon-${c.code}.pdf` };
}

/** A partner's payment summary, for whoever manages its payments (the admin, the area manager in reach). */
export async function paymentSummaryPdf(db: Db, viewer: Viewer, uuid: string): Promise<Pdf> {
  const payments = await listPayments(db, viewer, uuid);
  const partner = await getPartner(db, viewer, uuid);
  const body = await renderPdf({
    title: 'Riepilogo pagamenti',
    subtitle: partner.ragsoc,
    generatedOn: todayInRome(),
    content: paymentSummary(partner, payments),
  });
  return { body, filename: `pagamenti-${slug(partner.ragsoc)}.pdf` };
}
