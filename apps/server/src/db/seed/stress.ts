import type { Insertable } from 'kysely';
import type { Role } from '@portal/shared/roles';
import { provinces } from '@portal/shared/provinces';
import { partitaIvaCheckDigit } from '@portal/shared/validation/partita-iva';
import type { Db, DbOrTx } from '../database.ts';
import type { UserRolesTable, UserStato, UsersTable } from '../../modules/auth/auth.table.ts';
import { insertLogins } from '../../modules/auth/users.repository.ts';
import type { CapoareaTable } from '../../modules/capoarea/capoarea.table.ts';
import type { CouponsTable } from '../../modules/coupons/coupons.table.ts';
import type { DocumentGroupsTable, DocumentsTable } from '../../modules/documents/documents.table.ts';
import type { MessageRecipientsTable, MessagesTable } from '../../modules/messages/messages.table.ts';
import { fold } from '../../lib/text-search.ts';
import { capoareaKeys } from '../../modules/capoarea/capoarea.repository.ts';
import { refreshRenewal } from '../../modules/partners/pagamenti.repository.ts';
import { partnerKeys } from '../../modules/partners/partners.repository.ts';
import { refreshCouponCounts } from '../../modules/coupons/coupon-totals.repository.ts';
import { posatoreKeys } from '../../modules/posatori/posatori.repository.ts';
import { refreshTypeCounts } from '../../modules/coupon-types/coupon-types.repository.ts';
import { COUPON_BODY_LENGTH, couponCodeFrom } from '@portal/shared/validation/coupon-code';
import { rivenditoreKeys } from '../../modules/rivenditori/rivenditori.repository.ts';
import type { PartnerPaymentsTable, PartnersTable } from '../../modules/partners/partners.table.ts';
import { noCouponTotals, type PosatoreStato, type PosatoriTable } from '../../modules/posatori/posatori.table.ts';
import type { RivenditoriTable } from '../../modules/rivenditori/rivenditori.table.ts';
import { addDays, addMonths } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  companies,
  companyForms,
  DEMO_PASSWORD,
  demoCodiceFiscale,
  femaleNames,
  isEmpty,
  lastNames,
  maleNames,
  places,
  rng,
  streets,
} from './demo.ts';
import { activePeople, seedUsageHistory } from './usage.ts';

/**
 * The stress network (issue 7): a manufacturer's network at its real size, for `npm run bench` and for trying the
 * screens at scale. Deterministic: the same seed gives the same rows, uuids and dates included, on every machine and
 * on both databases (dates count from STRESS_TODAY, not from the clock; only the password hashes carry a random
 * salt). One function per table, each with its own random sequence, so a table added later (messages, documents) is
 * one more function and one more line in seedStress, and leaves the rows before it as they were.
 *
 * Logins, all with the demo password: admin, capoarea (Milano, Bergamo, Brescia: the largest area), rivenditore
 * (Milano and Monza), and every other area manager, reseller and installer with an account.
 */

export type StressSize = {
  posatori: number;
  capoarea: number;
  rivenditori: number;
  partners: number;
  coupons: number;
  messages: number;
  documents: number;
};

/** The sizes of issue 7: what a network with its history reaches. */
export const STRESS_FULL: StressSize = {
  posatori: 50_000,
  capoarea: 400,
  rivenditori: 2_000,
  partners: 5_000,
  coupons: 1_000_000,
  messages: 200_000,
  documents: 100_000,
};

/** The same network scaled down (the bench's smoke mode uses 1%), never below what the bench logins need. */
export function stressSize(scale: number): StressSize {
  const at = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  return {
    posatori: at(STRESS_FULL.posatori, 50),
    capoarea: at(STRESS_FULL.capoarea, 2),
    rivenditori: at(STRESS_FULL.rivenditori, 2),
    partners: at(STRESS_FULL.partners, 10),
    coupons: at(STRESS_FULL.coupons, 100),
    messages: at(STRESS_FULL.messages, 100),
    documents: at(STRESS_FULL.documents, 50),
  };
}

/** The day the stress data is built around (expiries, course months, "recent"), so it is the same every day. */
export const STRESS_TODAY = '2026-11-23';
export const STRESS_SEED = 20261123;

const NOW = `${STRESS_TODAY}T09:00:00.000Z`;
const THIS_YEAR = Number(STRESS_TODAY.slice(0, 4));

function generator(seed: number) {
  const random = rng(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const hex32 = () =>
    Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return {
    random,
    int,
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T,
    chance: (p: number) => random() < p,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join(''),
    /** A version-4-shaped uuid from the seeded sequence. */
    uuid: () => {
      const h = hex32() + hex32() + hex32() + hex32();
      const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
    /** A timestamp between daysBack days before STRESS_TODAY and STRESS_TODAY. */
    past: (daysBack: number) => new Date(Date.parse(NOW) - random() * daysBack * 86_400_000).toISOString(),
  };
}
type Gen = ReturnType<typeof generator>;

/** Picks by weight with a precomputed cumulative table (binary search): fast enough for a million picks. */
function weighted<T>(items: readonly T[], weight: (item: T, index: number) => number) {
  const cumulative: number[] = [];
  let total = 0;
  items.forEach((item, i) => cumulative.push((total += weight(item, i))));
  return (random: () => number): T => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}

/**
 * Surnames: the demo's common ones plus a long tail, picked with a falling weight as in life (a few very common,
 * many rare), so a 3-letter search finds hundreds of rows, not all or none.
 */
const tailStarts = ['Bel', 'Ber', 'Bor', 'Cal', 'Car', 'Cas', 'Del', 'Fab', 'Fer', 'Gal', 'Gua', 'Lan', 'Mar', 'Mon'];
const tailMore = ['Pal', 'Pel', 'Pie', 'Ron', 'San', 'Sca', 'Tor', 'Val', 'Ven', 'Vit', 'Zan', 'Maz', 'Nar', 'Or'];
const tailEnds = ['lini', 'etti', 'ucci', 'oni', 'ini', 'asso', 'ardi', 'elli', 'otto', 'ieri', 'anti', 'ese', 'uzzi'];
const surnames = [
  ...lastNames,
  ...[...tailStarts, ...tailMore].flatMap((start) => tailEnds.map((end) => `${start}${end}`)),
];
const pickSurname = weighted(surnames, (_s, i) => 1 / Math.pow(i + 1, 0.75));

/** Metropolitan cities weigh more: most installers work where most people live. */
const metro = ['RM', 'MI', 'NA', 'TO', 'PA', 'BA', 'CT', 'FI', 'BO', 'GE', 'VE', 'ME', 'RC', 'CA', 'BS', 'BG', 'VR'];
const stressPlaces = provinces
  .filter((p) => p.sigla !== 'EE')
  .map((p, i) => {
    const known = places.find((k) => k.state === p.sigla);
    return {
      state: p.sigla,
      city: known?.city ?? p.name,
      // Outside the demo towns the CAP is made up (5 digits, stable per province): stress data, not an address book.
      cap: known?.cap ?? String(10_000 + i * 850).padStart(5, '0'),
      weight: metro.includes(p.sigla) ? 4 : 1,
    };
  });
type StressPlace = (typeof stressPlaces)[number];
const pickPlace = weighted(stressPlaces, (p) => p.weight);
const placeOf = (state: string) => stressPlaces.find((p) => p.state === state) ?? (stressPlaces[0] as StressPlace);

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '');
const birthPlaces = places.map((p) => p.belfiore);

/** Inserts rows in statements of as many rows as fit under SQLite's 32,766 bound parameters (and pg's 65,535). */
async function insertAll<T extends object>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.floor(30_000 / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

type Person = Pick<
  PosatoriTable,
  'name' | 'lastname' | 'email' | 'address' | 'city' | 'cap' | 'state' | 'phone' | 'cell' | 'website' | 'img'
>;

function person(g: Gen, name: string, lastname: string, place: StressPlace, n: number): Person {
  return {
    name,
    lastname,
    email: `${slug(name)}.${slug(lastname)}${n}@esempio.it`,
    address: `${g.pick(streets)} ${g.int(1, 200)}`,
    city: place.city,
    cap: place.cap,
    state: place.state,
    phone: g.chance(0.6) ? `0${g.digits(2)} ${g.digits(6)}` : '',
    cell: `3${g.digits(2)} ${g.digits(7)}`,
    website: '',
    img: '',
  };
}

const piva = (g: Gen) => {
  const first10 = `0${g.digits(9)}`;
  return `${first10}${partitaIvaCheckDigit(first10)}`;
};

/** Login accounts collected by a table function, inserted with their roles in its transaction. */
function accountsOf(g: Gen, passwordHash: string) {
  const users: UsersTable[] = [];
  const roles: UserRolesTable[] = [];
  return {
    add(username: string, email: string, role: Role, stato: UserStato): string {
      const uuid = g.uuid();
      users.push({
        uuid,
        username: username.toLowerCase(),
        email: email.toLowerCase(),
        password_hash: stato === 'requested' ? null : passwordHash,
        stato,
        created_at: NOW,
        updated_at: NOW,
      });
      roles.push({ user_uuid: uuid, role });
      return uuid;
    },
    async insert(tx: DbOrTx): Promise<void> {
      await insertAll(users, (chunk) => tx.insertInto('users').values(chunk).execute());
      await insertLogins(tx, users);
      await insertAll(roles, (chunk) => tx.insertInto('user_roles').values(chunk).execute());
    },
  };
}

/** What a table seeded later needs to know of the network seeded before it. */
export type StressNetwork = {
  passwordHash: string;
  capoarea: { uuid: string; provs: string[] }[];
  rivenditori: { uuid: string; provs: string[] }[];
  /** uuid and reseller of every installer, in insertion order. */
  posatori: { uuid: string; rivenditore: string | null }[];
  couponTypes: { uuid: string; valore: number; mesi: number; active: boolean }[];
};

const accountStato = (g: Gen): UserStato => (g.chance(0.8) ? 'active' : g.chance(0.5) ? 'disabled' : 'requested');

export async function seedStressAdmin(db: Db, net: StressNetwork, seed: number): Promise<void> {
  const g = generator(seed);
  const accounts = accountsOf(g, net.passwordHash);
  const userUuid = accounts.add('admin', 'admin@portale-posatori.it', 'admin', 'active');
  await db.transaction().execute(async (tx) => {
    await accounts.insert(tx);
    await tx
      .insertInto('admins')
      .values({
        uuid: g.uuid(),
        user_uuid: userUuid,
        name: 'Laura',
        lastname: 'Amministratrice',
        email: 'admin@portale-posatori.it',
        phone: '02 5550100',
        img: '',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  });
}

/**
 * Area managers: the first is the bench's `capoarea` (Milano, Bergamo, Brescia); the others cover one or two
 * provinces each, weighted like the installers, so every province has a few.
 */
export async function seedStressCapoarea(db: Db, net: StressNetwork, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const accounts = accountsOf(g, net.passwordHash);
  const rows: CapoareaTable[] = [];
  const provRows: { capoarea_uuid: string; prov: string }[] = [];
  for (let i = 0; i < count; i++) {
    const first = i === 0;
    const provs = first ? ['MI', 'BG', 'BS'] : [...new Set([pickPlace(g.random).state, pickPlace(g.random).state])];
    const female = g.chance(0.3);
    const name = g.pick(female ? femaleNames : maleNames);
    const lastname = pickSurname(g.random);
    const p = person(g, name, lastname, placeOf(provs[0] ?? 'MI'), i);
    const stato = first ? 'active' : accountStato(g);
    const userUuid = accounts.add(
      first ? 'capoarea' : `capoarea.${String(i).padStart(3, '0')}`,
      p.email,
      'capoarea',
      stato,
    );
    const uuid = g.uuid();
    rows.push({
      uuid,
      user_uuid: userUuid,
      ...p,
      ragsoc: `${name} ${lastname}`,
      ...capoareaKeys({ name, lastname, ragsoc: `${name} ${lastname}` }),
      piva: '',
      codfis: '',
      created_at: NOW,
      updated_at: NOW,
    });
    for (const prov of provs) provRows.push({ capoarea_uuid: uuid, prov });
    net.capoarea.push({ uuid, provs });
  }
  await db.transaction().execute(async (tx) => {
    await accounts.insert(tx);
    await insertAll(rows, (chunk) => tx.insertInto('capoarea').values(chunk).execute());
    await insertAll(provRows, (chunk) => tx.insertInto('capoarea_provs').values(chunk).execute());
  });
}

const couponTypeDefs = [
  { tipo: 'Corso base', colore: '#1976d2', valore: 5000, mesi: 12, descri: 'Partecipazione al corso base' },
  { tipo: 'Sconto materiali', colore: '#2e7d32', valore: 10000, mesi: 6, descri: 'Sconto sui materiali' },
  { tipo: 'Premio fedeltà', colore: '#c62828', valore: 2500, mesi: 3, descri: 'Premio per i certificati' },
  { tipo: 'Corso grandi formati', colore: '#6a1b9a', valore: 7500, mesi: 12, descri: 'Corso grandi formati' },
  { tipo: 'Promo primavera', colore: '#f9a825', valore: 1500, mesi: 3, descri: 'Promozione conclusa' },
];

/** Resellers: the first is the bench's `rivenditore` (Milano, with Monza); the others one or two provinces each. */
export async function seedStressRivenditori(db: Db, net: StressNetwork, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const accounts = accountsOf(g, net.passwordHash);
  const rows: RivenditoriTable[] = [];
  const provRows: { rivenditore_uuid: string; prov: string }[] = [];
  const kinds = ['Ceramiche', 'Edilceramica', 'Pavimenti', 'Superfici', 'Piastrelle', 'Arredobagno', 'Materiali'];
  const forms = [' S.r.l.', ' S.p.A.', ' S.n.c.', ' S.a.s.'];
  for (let i = 0; i < count; i++) {
    const first = i === 0;
    const home = first ? placeOf('MI') : pickPlace(g.random);
    const provs = first
      ? ['MI', 'MB']
      : [...new Set([home.state, ...(g.chance(0.4) ? [pickPlace(g.random).state] : [])])];
    const name = g.pick(maleNames);
    const lastname = pickSurname(g.random);
    const ragsoc = `${g.pick(kinds)} ${lastname}${g.pick(forms)}`;
    const p = person(g, name, lastname, home, i);
    const stato = first ? 'active' : accountStato(g);
    const userUuid = accounts.add(
      first ? 'rivenditore' : `rivenditore.${String(i).padStart(4, '0')}`,
      p.email,
      'rivenditori',
      stato,
    );
    const uuid = g.uuid();
    const covering = net.capoarea.filter((c) => c.provs.includes(home.state));
    rows.push({
      uuid,
      user_uuid: userUuid,
      ...p,
      ragsoc,
      code: `RIV${String(i + 1).padStart(5, '0')}`,
      ...rivenditoreKeys({ ragsoc, name, lastname, code: `RIV${String(i + 1).padStart(5, '0')}` }),
      piva: piva(g),
      codfis: '',
      website: `www.${slug(ragsoc)}.it`,
      capoarea: covering.length > 0 ? g.pick(covering).uuid : null,
      created_at: NOW,
      updated_at: NOW,
    });
    for (const prov of provs) provRows.push({ rivenditore_uuid: uuid, prov });
    net.rivenditori.push({ uuid, provs });
  }
  await db.transaction().execute(async (tx) => {
    await accounts.insert(tx);
    await insertAll(rows, (chunk) => tx.insertInto('rivenditori').values(chunk).execute());
    await insertAll(provRows, (chunk) => tx.insertInto('rivenditori_provs').values(chunk).execute());
  });
}

/**
 * Installers over all 107 provinces: every qualification, certificate, course month and profile stato; 85% with a
 * login (active, disabled or waiting for activation), the rest without. The first is the demo's Mario Rossi.
 */
export async function seedStressPosatori(db: Db, net: StressNetwork, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const accounts = accountsOf(g, net.passwordHash);
  const qualifiche = ['BASE', 'BASE', 'BASE', 'QUALIFICATO', 'QUALIFICATO', 'ESPERTO', 'ESPERTO', 'MASTER'];
  const capoareaByProv = new Map<string, string[]>();
  for (const c of net.capoarea)
    for (const p of c.provs) capoareaByProv.set(p, [...(capoareaByProv.get(p) ?? []), c.uuid]);
  const rivByProv = new Map<string, string[]>();
  for (const r of net.rivenditori) for (const p of r.provs) rivByProv.set(p, [...(rivByProv.get(p) ?? []), r.uuid]);
  const benchCapoarea = net.capoarea[0]?.uuid ?? null;
  const benchRivenditore = net.rivenditori[0]?.uuid ?? null;

  const rows: PosatoriTable[] = [];
  for (let i = 0; i < count; i++) {
    const demo = i === 0;
    const place = demo ? placeOf('MI') : pickPlace(g.random);
    const female = g.chance(0.12);
    const name = demo ? 'Mario' : g.pick(female ? femaleNames : maleNames);
    const lastname = demo ? 'Rossi' : pickSurname(g.random);
    const p = person(g, name, lastname, place, i);
    const dtnasc = `${g.int(1958, 2004)}-${String(g.int(1, 12)).padStart(2, '0')}-${String(g.int(1, 28)).padStart(2, '0')}`;
    const missing = demo ? undefined : g.chance(0.15) ? g.pick(['codfis', 'phones'] as const) : undefined;
    const codfis =
      missing === 'codfis' ? '' : demoCodiceFiscale({ name, lastname, dtnasc, female, belfiore: g.pick(birthPlaces) });
    if (missing === 'phones') {
      p.phone = '';
      p.cell = '';
    }
    const stato: PosatoreStato = demo ? 'OK' : missing ? 'INCOMPLETO' : g.chance(0.05) ? 'SOSPESO' : 'OK';
    const withAccount = demo || g.chance(0.85);
    const userStato = withAccount ? (demo ? 'active' : accountStato(g)) : undefined;
    const userUuid = userStato
      ? accounts.add(demo ? 'posatore' : `posatore.${String(i).padStart(5, '0')}`, p.email, 'posatore', userStato)
      : null;
    const resellers = rivByProv.get(place.state) ?? [];
    const rivenditore = demo ? benchRivenditore : resellers.length > 0 && g.chance(0.75) ? g.pick(resellers) : null;
    const covering = capoareaByProv.get(place.state) ?? [];
    const capoarea = demo ? benchCapoarea : covering.length > 0 && g.chance(0.9) ? g.pick(covering) : null;
    const tipo = g.pick(qualifiche);
    const expert = tipo === 'ESPERTO' || tipo === 'MASTER';
    const form = g.pick(companyForms);
    const ragsoc = `${g.pick(companies)} ${lastname}${form}`;
    const createdAt = g.past(3650);
    const uuid = g.uuid();
    rows.push({
      uuid,
      user_uuid: userUuid,
      ...p,
      ragsoc,
      dtnasc,
      codfis,
      piva: form !== '' || g.chance(0.3) ? piva(g) : '',
      code: `POS${String(i + 1).padStart(6, '0')}`,
      ...posatoreKeys({ name, lastname, code: `POS${String(i + 1).padStart(6, '0')}` }),
      userstato: userStato ?? 'none',
      // Counted once the coupons are in (seedStressCoupons).
      ...noCouponTotals,
      dtstart: g.chance(0.88) ? `${g.int(2015, THIS_YEAR)}-${String(g.int(1, 12)).padStart(2, '0')}-01` : '',
      azienda: ragsoc,
      tipo,
      certificato: g.chance(expert ? 0.75 : 0.25) ? 1 : 0,
      diisocianati: g.chance(0.3) ? 1 : 0,
      web: g.chance(0.7) ? 1 : 0,
      contoterzi: g.chance(0.5) ? 1 : 0,
      website: g.chance(0.2) ? `www.${slug(ragsoc)}.it` : '',
      capoarea,
      rivenditore,
      stato,
      err1: '',
      created_at: createdAt,
      updated_at: createdAt,
    });
    net.posatori.push({ uuid, rivenditore });
  }
  await db.transaction().execute(async (tx) => {
    await accounts.insert(tx);
    await insertAll(rows, (chunk) => tx.insertInto('posatori').values(chunk).execute());
  });
}

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
  const kinds = ['Ceramiche', 'Edilizia', 'Pavimenti', 'Arredobagno', 'Materiali Edili', 'Piastrelle', 'Showroom'];
  const forms = [' S.r.l.', ' S.p.A.', ' S.n.c.', ' S.a.s.'];
  const rows: PartnersTable[] = [];
  const payments: PartnerPaymentsTable[] = [];
  for (let i = 0; i < count; i++) {
    const place = pickPlace(g.random);
    const ragsoc = `${g.pick(kinds)} ${pickSurname(g.random)}${g.pick(forms)}`;
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
      capoarea: covering.length > 0 && g.chance(0.85) ? g.pick(covering).uuid : null,
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

/**
 * Communications: count messages over three years, from resellers (most), area managers and the admin, each to one
 * person of the sender's reach, plus a few circulars from the admin to every installer with an account (their
 * recipients as rows, as a real send stores them). About 70% of what is received has been read. The bench logins
 * write and receive their share, so their folders have deep pages.
 */
export async function seedStressMessages(db: Db, count: number, seed: number): Promise<void> {
  const g = generator(seed);
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
  type Account = { user_uuid: string | null; name: string; lastname: string };
  const byReseller = new Map<string, Account[]>();
  const byManager = new Map<string, Account[]>();
  for (const p of installers) {
    if (p.rivenditore) byReseller.set(p.rivenditore, [...(byReseller.get(p.rivenditore) ?? []), p]);
    if (p.capoarea) byManager.set(p.capoarea, [...(byManager.get(p.capoarea) ?? []), p]);
  }
  const managerOf = new Map(managers.map((m) => [m.uuid, m]));
  const resellersOf = new Map<string, Account[]>();
  for (const r of resellers) if (r.capoarea) resellersOf.set(r.capoarea, [...(resellersOf.get(r.capoarea) ?? []), r]);
  const fullName = (a: Account) => `${a.name} ${a.lastname}`.trim();
  // The bench logins (seedStressCapoarea, seedStressRivenditori) write and receive a share of their own.
  const logins = await db
    .selectFrom('users')
    .select(['uuid', 'username'])
    .where('username', 'in', ['capoarea', 'rivenditore'])
    .execute();
  const loginOf = (username: string) => logins.find((u) => u.username === username)?.uuid;
  const benchManager = managers.find((m) => m.user_uuid === loginOf('capoarea'));
  const benchReseller = resellers.find((r) => r.user_uuid === loginOf('rivenditore'));

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
        const m = g.chance(0.1) && benchManager ? benchManager : g.pick(managers);
        if (!m) continue;
        const own = g.chance(0.5) ? byManager.get(m.uuid) : resellersOf.get(m.uuid);
        const to = own && own.length > 0 && g.chance(0.8) ? g.pick(own) : admin;
        add(m, [to], fullName(to), at);
      } else {
        const r = g.chance(0.05) && benchReseller ? benchReseller : g.pick(resellers);
        if (!r) continue;
        const own = byReseller.get(r.uuid);
        const manager = r.capoarea ? managerOf.get(r.capoarea) : undefined;
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

export class NotEmptyError extends Error {}

/**
 * Fills an empty database with the stress network; refuses one that holds any account. log receives one line per
 * table with its time.
 */
export async function seedStress(
  db: Db,
  opts: { size?: StressSize; seed?: number; log?: (line: string) => void } = {},
): Promise<void> {
  if (!(await isEmpty(db))) {
    throw new NotEmptyError(
      'Il database non è vuoto: seed:stress riempie solo un database vuoto (usa una DATA_DIR nuova, o un database ' +
        'PostgreSQL nuovo in DATABASE_URL).',
    );
  }
  const size = opts.size ?? STRESS_FULL;
  const seed = opts.seed ?? STRESS_SEED;
  const log = opts.log ?? (() => undefined);
  const net: StressNetwork = {
    passwordHash: await hashPassword(DEMO_PASSWORD),
    capoarea: [],
    rivenditori: [],
    posatori: [],
    couponTypes: [],
  };
  const steps: [string, number, () => Promise<void>][] = [
    ['amministratore', 1, () => seedStressAdmin(db, net, seed)],
    ['capoarea', size.capoarea, () => seedStressCapoarea(db, net, size.capoarea, seed + 1)],
    ['rivenditori', size.rivenditori, () => seedStressRivenditori(db, net, size.rivenditori, seed + 2)],
    ['posatori', size.posatori, () => seedStressPosatori(db, net, size.posatori, seed + 3)],
    ['coupon', size.coupons, () => seedStressCoupons(db, net, size.coupons, seed + 4)],
    ['aziende partner', size.partners, () => seedStressPartners(db, net, size.partners, seed + 5)],
    ['comunicazioni', size.messages, () => seedStressMessages(db, size.messages, seed + 6)],
    ['documenti', size.documents, () => seedStressDocuments(db, size.documents, seed + 7)],
    ['giorni di utilizzo', STRESS_USAGE_DAYS, () => seedStressUsage(db, seed + 8)],
  ];
  for (const [label, n, step] of steps) {
    const started = performance.now();
    await step();
    log(`${label}: ${n.toLocaleString('it-IT')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
