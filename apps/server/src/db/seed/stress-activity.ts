import type { Insertable } from 'kysely';
import { COUPON_BODY_LENGTH, couponCodeFrom } from '@portal/shared/validation/coupon-code';
import type { Db } from '../database.ts';
import { fold } from '../../lib/text-search.ts';
import { addDays, addMonths } from '../../lib/clock.ts';
import { refreshCouponCounts } from '../../modules/coupons/coupon-totals.repository.ts';
import type { CouponsTable } from '../../modules/coupons/coupons.table.ts';
import { refreshTypeCounts } from '../../modules/coupon-types/coupon-types.repository.ts';
import type { DocumentGroupsTable, DocumentsTable } from '../../modules/documents/documents.table.ts';
import type { MessageRecipientsTable, MessagesTable } from '../../modules/messages/messages.table.ts';
import { refreshRenewal } from '../../modules/partners/pagamenti.repository.ts';
import { partnerKeys } from '../../modules/partners/partners.repository.ts';
import type { PartnerPaymentsTable, PartnersTable } from '../../modules/partners/partners.table.ts';
import { legalForms, partnerKinds, streets } from './italian-data.ts';
import { insertAll, rng, slug } from './random.ts';
import {
  generator,
  NOW,
  pickPlace,
  pickSurname,
  piva,
  STRESS_TODAY,
  THIS_YEAR,
  type StressNetwork,
} from './stress-generator.ts';
import { activePeople, seedUsageHistory } from './usage.ts';

/** What the stress network has done over the years: coupons, partners' payments, messages, documents and usage. */

const couponTypeDefs = [
  { tipo: 'Corso base', colore: '#1976d2', valore: 5000, mesi: 12, descri: 'Partecipazione al corso base' },
  { tipo: 'Sconto materiali', colore: '#2e7d32', valore: 10000, mesi: 6, descri: 'Sconto sui materiali' },
  { tipo: 'Premio fedeltà', colore: '#c62828', valore: 2500, mesi: 3, descri: 'Premio per i certificati' },
  { tipo: 'Corso grandi formati', colore: '#6a1b9a', valore: 7500, mesi: 12, descri: 'Corso grandi formati' },
  { tipo: 'Promo primavera', colore: '#f9a825', valore: 1500, mesi: 3, descri: 'Promozione conclusa' },
];

/**
 * The n-th stress coupon's code: n through a bijection of the 45-bit codes (an odd multiplier modulo 2^45), so a
 * million codes are distinct without remembering them, and look like the application's random ones.
 */
function stressCouponCode(n: number): string {
  let v = (BigInt(n) * 0x1f3a5c7b9dn + 0x2468ace13n) & ((1n << 45n) - 1n);
  const symbols: number[] = [];
  for (let i = 0; i < COUPON_BODY_LENGTH; i++) {
    symbols.push(Number(v & 31n));
    v >>= 5n;
  }
  return couponCodeFrom(symbols);
}

/**
 * Coupon types and coupons: count coupons spread over the installers (about a third hold none, a few hold many),
 * executed ones redeemed at the installer's reseller. Built and inserted in slices, so a million rows never sit in
 * memory at once.
 */
export async function seedStressCoupons(db: Db, net: StressNetwork, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const types = couponTypeDefs.map((t, i) => ({
    uuid: g.uuid(),
    ...t,
    ncoupon: 1,
    minima: 0,
    disattiva: i === couponTypeDefs.length - 1 ? 1 : 0,
    ccoupon: 0,
    created_at: NOW,
  }));
  net.couponTypes = types.map((t) => ({ uuid: t.uuid, valore: t.valore, mesi: t.mesi, active: t.disattiva === 0 }));
  const holders = net.posatori.filter((_p, i) => i === 0 || g.chance(0.66));
  const perHolder = count / Math.max(1, holders.length);
  let made = 0;
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('coupon_types').values(types).execute();
    let slice: CouponsTable[] = [];
    for (const [i, holder] of holders.entries()) {
      // Spread around the mean (half to one and a half times), the last holder takes what is left.
      const n =
        i === holders.length - 1 ? count - made : Math.min(count - made, Math.round(perHolder * (0.5 + g.random())));
      for (let k = 0; k < n; k++) {
        const t = g.pick(net.couponTypes);
        const executed = t.active && g.chance(0.35);
        const issued = addDays(STRESS_TODAY, -g.int(0, 1500));
        slice.push({
          uuid: g.uuid(),
          code: stressCouponCode(++made),
          posatore: holder.uuid,
          tipo: t.uuid,
          valore: t.valore,
          scadenza: addMonths(issued, t.mesi),
          dtesecuzione: executed ? addDays(issued, g.int(1, 90)) : null,
          rivenditore: executed ? (holder.rivenditore ?? g.pick(net.rivenditori).uuid) : null,
          created_at: `${issued}T10:00:00.000Z`,
        });
      }
      if (slice.length >= 20_000 || i === holders.length - 1) {
        await insertAll(slice, (chunk) => tx.insertInto('coupons').values(chunk).execute());
        slice = [];
      }
    }
    await refreshCouponCounts(tx);
    await refreshTypeCounts(tx);
  });
}

/** Partner companies with one to three yearly payments each (some expired, some expiring, a few without any). */
export async function seedStressPartners(db: Db, net: StressNetwork, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const rows: PartnersTable[] = [];
  const payments: PartnerPaymentsTable[] = [];
  for (let i = 0; i < count; i++) {
    const place = pickPlace(g.random);
    const ragsoc = `${g.pick(partnerKinds)} ${pickSurname(g.random)}${g.pick(legalForms)}`;
    const vat = piva(g);
    const covering = net.capoarea.filter((c) => c.provs.includes(place.state));
    const resellers = net.rivenditori.filter((r) => r.provs.includes(place.state));
    const uuid = g.uuid();
    rows.push({
      uuid,
      ragsoc,
      ...partnerKeys({ ragsoc, code: `PAR${String(i + 1).padStart(5, '0')}` }),
      priorita: g.pick(['1', '2', '2', '3', '3']),
      piva: vat,
      codfis: vat,
      code: `PAR${String(i + 1).padStart(5, '0')}`,
      dtstart: `${g.int(2010, 2025)}-${String(g.int(1, 12)).padStart(2, '0')}-01`,
      dtend: g.chance(0.15) ? `${THIS_YEAR + g.int(1, 3)}-12-01` : '',
      address: `${g.pick(streets)} ${g.int(1, 200)}`,
      city: place.city,
      cap: place.cap,
      state: place.state,
      phone: `0${g.digits(2)} ${g.digits(6)}`,
      cell: g.chance(0.5) ? `3${g.digits(2)} ${g.digits(7)}` : '',
      email: `info@${slug(ragsoc)}${i}.it`,
      website: `www.${slug(ragsoc)}.it`,
      // An owning manager's province is his alone, as its installers are (seedStressPosatori).
      capoarea:
        covering.find((c) => c.owns)?.uuid ?? (covering.length > 0 && g.chance(0.85) ? g.pick(covering).uuid : null),
      rivenditore: resellers.length > 0 && g.chance(0.5) ? g.pick(resellers).uuid : null,
      img: '',
      dtrinnovo: '',
      dtscad: '',
      created_at: NOW,
      updated_at: NOW,
    });
    if (g.chance(0.08)) continue; // a new partner: no payment yet
    const latest = addDays(STRESS_TODAY, -g.int(0, 540));
    for (let k = 0, n = g.int(1, 3); k < n; k++) {
      payments.push({
        name: `stress-${String(i + 1).padStart(5, '0')}-${k + 1}`,
        partner_uuid: uuid,
        dtrinnovo: addMonths(latest, -12 * k),
        fatturato: g.int(500, 15_000) * 100 + g.int(0, 99),
        file: '',
        filename: '',
        created_at: NOW,
        updated_at: NOW,
      });
    }
  }
  await db.transaction().execute(async (tx) => {
    await insertAll(rows, (chunk) => tx.insertInto('partners').values(chunk).execute());
    await insertAll(payments, (chunk) => tx.insertInto('partner_payments').values(chunk).execute());
    // Valid-until dates by the payments module's own rule.
    for (const r of rows) await refreshRenewal(tx, r.uuid, NOW);
  });
}

const messageSubjects = [
  'Nuovo listino prezzi',
  'Corso di aggiornamento',
  'Promozione coupon del mese',
  'Richiesta materiale espositivo',
  'Visita in cantiere',
  'Ordine in consegna',
  'Rinnovo partnership',
  'Segnalazione posatore',
  'Campionatura nuove collezioni',
  'Chiusura per ferie',
  'Scheda tecnica adesivi',
  'Certificazione diisocianati',
  'Invito evento in showroom',
  'Aggiornamento condizioni commerciali',
  'Materiale pronto per il ritiro',
];
const messageBodies = [
  'Buongiorno, vi aggiorniamo sulle novità del mese: trovate i dettagli nella sezione Documenti del portale.',
  'Ciao, ti confermo l’appuntamento di giovedì mattina in cantiere per la verifica della posa.',
  'Gentili colleghi, ricordiamo le iscrizioni al prossimo corso di aggiornamento sulla posa di grandi formati.',
  'Buongiorno, avremmo bisogno di campioni e materiale espositivo per lo showroom entro fine mese.',
  'Vi segnaliamo che il materiale ordinato è disponibile per il ritiro in negozio.',
];

type Account = { user_uuid: string | null; name: string; lastname: string };

/** Who writes to whom: the admin, the installers, area managers and resellers with an account, and their links. */
async function audienceOf(db: Db) {
  const admin = await db.selectFrom('admins').select(['user_uuid', 'name', 'lastname']).executeTakeFirstOrThrow();
  const installers = await db
    .selectFrom('posatori')
    .select(['user_uuid', 'name', 'lastname', 'rivenditore', 'capoarea'])
    .where('user_uuid', 'is not', null)
    .orderBy('uuid')
    .execute();
  const managers = await db
    .selectFrom('capoarea')
    .select(['uuid', 'user_uuid', 'name', 'lastname'])
    .where('user_uuid', 'is not', null)
    .orderBy('uuid')
    .execute();
  const resellers = await db
    .selectFrom('rivenditori')
    .select(['uuid', 'user_uuid', 'name', 'lastname', 'capoarea'])
    .where('user_uuid', 'is not', null)
    .orderBy('uuid')
    .execute();
  const byReseller = new Map<string, Account[]>();
  const byManager = new Map<string, Account[]>();
  for (const p of installers) {
    if (p.rivenditore) byReseller.set(p.rivenditore, [...(byReseller.get(p.rivenditore) ?? []), p]);
    if (p.capoarea) byManager.set(p.capoarea, [...(byManager.get(p.capoarea) ?? []), p]);
  }
  const managerOf = new Map(managers.map((m) => [m.uuid, m]));
  const resellersOf = new Map<string, Account[]>();
  for (const r of resellers) if (r.capoarea) resellersOf.set(r.capoarea, [...(resellersOf.get(r.capoarea) ?? []), r]);
  // The bench logins (seedStressCapoarea, seedStressRivenditori) write and receive a share of their own.
  const logins = await db
    .selectFrom('users')
    .select(['uuid', 'username'])
    .where('username', 'in', ['capoarea', 'rivenditore'])
    .execute();
  const loginOf = (username: string) => logins.find((u) => u.username === username)?.uuid;
  const benchManager = managers.find((m) => m.user_uuid === loginOf('capoarea'));
  const benchReseller = resellers.find((r) => r.user_uuid === loginOf('rivenditore'));
  return {
    admin,
    installers,
    managers,
    resellers,
    byReseller,
    byManager,
    managerOf,
    resellersOf,
    benchManager,
    benchReseller,
  };
}

const fullName = (a: Account) => `${a.name} ${a.lastname}`.trim();

/**
 * Communications: count messages over three years, from resellers (most), area managers and the admin, each to one
 * person of the sender's reach, plus a few circulars from the admin to every installer with an account (their
 * recipients as rows, as a real send stores them). About 70% of what is received has been read. The bench logins
 * write and receive their share, so their folders have deep pages.
 */
export async function seedStressMessages(db: Db, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const aud = await audienceOf(db);
  const { admin, installers, managers, resellers } = aud;
  const circulars = Math.min(5, Math.floor(count / 1000));
  let made = 0;
  await db.transaction().execute(async (tx) => {
    let messages: Insertable<MessagesTable>[] = [];
    let recipients: MessageRecipientsTable[] = [];
    const flush = async () => {
      await insertAll(messages, (chunk) => tx.insertInto('messages').values(chunk).execute());
      await insertAll(recipients, (chunk) => tx.insertInto('message_recipients').values(chunk).execute());
      messages = [];
      recipients = [];
    };
    const add = (sender: Account, to: Account[], dest: string, at: string) => {
      const uuid = g.uuid();
      const oggetto = `${g.pick(messageSubjects)} ${g.int(1, 999)}`;
      messages.push({
        uuid,
        sender_uuid: sender.user_uuid,
        oggetto,
        oggetto_key: fold(oggetto),
        content: g.pick(messageBodies),
        dest,
        dests: '[]',
        created_at: at,
        updated_at: at,
      });
      for (const r of to) {
        if (!r.user_uuid || r.user_uuid === sender.user_uuid) continue;
        recipients.push({
          message_uuid: uuid,
          user_uuid: r.user_uuid,
          read_at: g.chance(0.7) ? at : null,
          created_at: at,
        });
      }
      made++;
    };
    for (let i = 0; i < circulars; i++) add(admin, installers, 'Tutti i posatori', g.past(1095));
    while (made < count) {
      const at = g.past(1095);
      const roll = g.random();
      if (roll < 0.1) {
        const to = g.chance(0.6) ? g.pick(installers) : g.chance(0.5) ? g.pick(managers) : g.pick(resellers);
        if (to) add(admin, [to], fullName(to), at);
      } else if (roll < 0.4) {
        const m = g.chance(0.1) && aud.benchManager ? aud.benchManager : g.pick(managers);
        if (!m) continue;
        const own = g.chance(0.5) ? aud.byManager.get(m.uuid) : aud.resellersOf.get(m.uuid);
        const to = own && own.length > 0 && g.chance(0.8) ? g.pick(own) : admin;
        add(m, [to], fullName(to), at);
      } else {
        const r = g.chance(0.05) && aud.benchReseller ? aud.benchReseller : g.pick(resellers);
        if (!r) continue;
        const own = aud.byReseller.get(r.uuid);
        const manager = r.capoarea ? aud.managerOf.get(r.capoarea) : undefined;
        const to = own && own.length > 0 && g.chance(0.6) ? g.pick(own) : manager && g.chance(0.5) ? manager : admin;
        add(r, [to], fullName(to), at);
      }
      if (messages.length >= 20_000) await flush();
    }
    await flush();
  });
}

const documentTitles = [
  'Catalogo prodotti',
  'Listino prezzi',
  'Scheda tecnica',
  'Calendario corsi',
  'Condizioni commerciali',
  'Manuale di posa',
  'Certificazione prodotto',
  'Fotografie di posa',
];

/**
 * Documents: count rows over five years, each for one to four groups, of every kind. The stress database has no
 * file store: the rows are there for the lists, the search and the bench, and their downloads answer 404.
 */
export async function seedStressDocuments(db: Db, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const kinds = [
    ['pdf', 'pdf'],
    ['pdf', 'pdf'],
    ['pdf', 'pdf'],
    ['excel', 'xlsx'],
    ['zip', 'zip'],
    ['rar', 'rar'],
  ] as const;
  const groups = ['admin', 'capoarea', 'rivenditori', 'posatore'] as const;
  await db.transaction().execute(async (tx) => {
    let documents: DocumentsTable[] = [];
    let links: DocumentGroupsTable[] = [];
    for (let i = 0; i < count; i++) {
      const uuid = g.uuid();
      const [kind, ext] = g.pick(kinds);
      const at = g.past(1825);
      const title = `${g.pick(documentTitles)} ${g.int(2020, 2027)} n. ${i + 1}`;
      documents.push({
        uuid,
        title,
        title_key: fold(title),
        filename: `${slug(title)}.${ext}`,
        ext,
        kind,
        size: g.int(20_000, 20_000_000),
        file_key: `documents/${uuid}/documento.${ext}`,
        poster_key: null,
        created_at: at,
        updated_at: at,
      });
      for (const grp of groups) {
        if (grp === 'admin' || g.chance(0.6)) links.push({ document_uuid: uuid, grp, kind, created_at: at });
      }
      if (documents.length >= 20_000 || i === count - 1) {
        await insertAll(documents, (chunk) => tx.insertInto('documents').values(chunk).execute());
        await insertAll(links, (chunk) => tx.insertInto('document_groups').values(chunk).execute());
        documents = [];
        links = [];
      }
    }
  });
}

/** Days of usage history before STRESS_TODAY: the statistics page reads them (/admin/sessions). */
export const STRESS_USAGE_DAYS = 90;

/**
 * Usage statistics' events for every active account over STRESS_USAGE_DAYS: office roles most weekdays, installers
 * now and then (at full size about 150,000 person-days), as the demo's rules make them.
 */
export async function seedStressUsage(db: Db, seed: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await seedUsageHistory(
      await activePeople(tx),
      { today: STRESS_TODAY, days: STRESS_USAGE_DAYS, random: rng(seed) },
      (rows) => insertAll(rows, (chunk) => tx.insertInto('usage_days').values(chunk).execute()),
    );
  });
}
