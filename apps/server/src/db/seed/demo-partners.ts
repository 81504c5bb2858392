import { RENEWAL_MONTHS } from '@portal/shared/schemas/partners';
import type { DbOrTx } from '../database.ts';
import { refreshRenewal } from '../../modules/partners/pagamenti.repository.ts';
import { paymentFileKey } from '../../modules/partners/pagamenti.service.ts';
import { partnerKeys } from '../../modules/partners/partners.repository.ts';
import type { PartnerPaymentsTable, PartnersTable } from '../../modules/partners/partners.table.ts';
import { addDays, addMonths, todayInRome } from '../../lib/clock.ts';
import { simplePdf } from '../../lib/pdf-files.ts';
import { newId } from '../../lib/tokens.ts';
import type { DemoRegistry } from './demo-registry.ts';
import { italianPlaces, lastNames, partitaIvaOf, legalForms, partnerKinds, streets } from './italian-data.ts';
import { draws, insertChunks, rng, slug, type Draws } from './random.ts';

/** How many partner companies the demo network has. */
export const DEMO_PARTNERS = 40;

/** A payment's receipt, written to the file store after the commit. */
export type Receipt = { key: string; pdf: Buffer };

const euro = (cents: number) =>
  `${Math.floor(cents / 100).toLocaleString('it-IT')},${String(cents % 100).padStart(2, '0')} EUR`;

/** The i-th partner: the first ten in the demo area manager's provinces, the rest across Italy. */
function partnerRow(d: Draws, reg: DemoRegistry, i: number, now: string): PartnersTable {
  const lombardy = italianPlaces.filter((p) => ['MI', 'BG', 'BS'].includes(p.state));
  const place = i <= 10 ? d.pick(lombardy) : d.chance(0.2) ? d.pick(lombardy) : d.pick(italianPlaces);
  const lastname = d.pick(lastNames);
  const ragsoc = `${d.pick(partnerKinds)} ${lastname}${d.pick(legalForms)}`;
  const piva = partitaIvaOf(d.digits);
  const covering = reg.capoarea.find((c) => c.provs.includes(place.state))?.uuid ?? null;
  const rivenditori = reg.rivenditori.filter((r) => r.provs.includes(place.state));
  // The demo reseller holds most partners of Milan and Monza: it has some to edit and some only to read.
  const rivenditore =
    rivenditori.some((r) => r.uuid === reg.demoRivenditore) && d.chance(0.6)
      ? reg.demoRivenditore
      : rivenditori.length > 0 && d.chance(0.5)
        ? d.pick(rivenditori).uuid
        : null;
  const since = d.int(2012, 2024);
  const code = `PAR${String(i).padStart(3, '0')}`;
  return {
    uuid: newId(),
    ragsoc,
    ...partnerKeys({ ragsoc, code }),
    priorita: d.pick(['1', '2', '2', '3', '3']),
    piva,
    codfis: piva,
    code,
    dtstart: `${since}-${String(d.int(1, 12)).padStart(2, '0')}-01`,
    dtend: d.chance(0.15) ? `${new Date().getFullYear() + d.int(1, 3)}-12-01` : '',
    address: `${d.pick(streets)} ${d.int(1, 200)}`,
    city: place.city,
    cap: place.cap,
    state: place.state,
    phone: `0${d.digits(2)} ${d.digits(6)}`,
    cell: d.chance(0.5) ? `3${d.digits(2)} ${d.digits(7)}` : '',
    email: `info@${slug(ragsoc)}.it`,
    website: `www.${slug(ragsoc)}.it`,
    // A couple of partners outside the demo area manager's provinces are assigned to them by name.
    capoarea: i === 15 || i === 27 ? reg.demoCapoarea : d.chance(0.85) ? covering : null,
    rivenditore,
    ...{ img: '', dtrinnovo: '', dtscad: '', created_at: now, updated_at: now },
  };
}

/**
 * The i-th partner's payments by its renewal bucket (its position): the latest a year and more ago (expired), a
 * year ago less up to 28 days (expiring), or this year; one to three yearly payments back from it.
 */
function paymentsOf(d: Draws, partner: PartnersTable, i: number, withFiles: boolean, now: string) {
  const today = todayInRome();
  const bucket = i % 10;
  const latest =
    bucket <= 1
      ? addDays(today, -d.int(370, 700))
      : bucket <= 3
        ? addDays(addMonths(today, -RENEWAL_MONTHS), d.int(1, 28))
        : addDays(today, -d.int(0, 300));
  const payments: PartnerPaymentsTable[] = [];
  const receipts: Receipt[] = [];
  for (let k = 0, count = d.int(1, 3); k < count; k++) {
    const dtrinnovo = addMonths(latest, -RENEWAL_MONTHS * k);
    const fatturato = d.int(500, 15_000) * 100 + d.int(0, 99);
    const name = `demo-${String(i).padStart(3, '0')}-${k + 1}`;
    const file = withFiles ? `${name}.pdf` : '';
    const filename = file ? `ricevuta-${dtrinnovo}.pdf` : '';
    payments.push({
      name,
      partner_uuid: partner.uuid,
      dtrinnovo,
      fatturato,
      file,
      filename,
      created_at: now,
      updated_at: now,
    });
    if (!file) continue;
    const [y, m, day] = dtrinnovo.split('-');
    receipts.push({
      key: paymentFileKey(partner.uuid, file),
      pdf: simplePdf([
        'Portale Posatori - Ricevuta di pagamento',
        '',
        `Azienda partner: ${partner.ragsoc}`,
        `Partita IVA: ${partner.piva}`,
        `Data rinnovo: ${day}/${m}/${y}`,
        `Importo fatturato: ${euro(fatturato)}`,
        '',
        'Documento dimostrativo generato automaticamente.',
      ]),
    });
  }
  return { payments, receipts };
}

/**
 * Partner companies, consistent with the installers' network: area manager and reseller follow the province, so
 * their lists and homes show every case; renewals expired, expiring within 30 days, valid, and every tenth partner
 * without payments yet. Its own random sequence, so the installers stay as they were. With files, each payment
 * gets a small real PDF receipt; without, no file (url ''), never a broken link.
 */
export async function seedPartners(tx: DbOrTx, reg: DemoRegistry, withFiles: boolean): Promise<Receipt[]> {
  const d = draws(rng(20261122));
  const now = new Date().toISOString();
  const partners: PartnersTable[] = [];
  const payments: PartnerPaymentsTable[] = [];
  const receipts: Receipt[] = [];
  for (let i = 1; i <= DEMO_PARTNERS; i++) {
    const partner = partnerRow(d, reg, i, now);
    partners.push(partner);
    if (i % 10 === 9) continue;
    const paid = paymentsOf(d, partner, i, withFiles, now);
    payments.push(...paid.payments);
    receipts.push(...paid.receipts);
  }
  await insertChunks(partners, 50, (chunk) => tx.insertInto('partners').values(chunk).execute());
  await insertChunks(payments, 100, (chunk) => tx.insertInto('partner_payments').values(chunk).execute());
  for (const p of partners) await refreshRenewal(tx, p.uuid, now);
  return receipts;
}
