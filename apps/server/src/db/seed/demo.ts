import type { Role } from '@portal/shared/roles';
import { codiceFiscaleCheckChar, MONTH_LETTERS } from '@portal/shared/validation/codice-fiscale';
import { partitaIvaCheckDigit } from '@portal/shared/validation/partita-iva';
import { RENEWAL_MONTHS } from '@portal/shared/schemas/partners';
import type { Db, DbOrTx } from '../database.ts';
import { insertLogins, insertUser } from '../../modules/auth/users.repository.ts';
import { capoareaKeys } from '../../modules/capoarea/capoarea.repository.ts';
import { partnerKeys } from '../../modules/partners/partners.repository.ts';
import { refreshCouponCounts } from '../../modules/coupons/coupon-totals.repository.ts';
import { posatoreKeys } from '../../modules/posatori/posatori.repository.ts';
import { refreshTypeCounts } from '../../modules/coupon-types/coupon-types.repository.ts';
import { COUPON_BODY_LENGTH, couponCodeFrom } from '@portal/shared/validation/coupon-code';
import { rivenditoreKeys } from '../../modules/rivenditori/rivenditori.repository.ts';
import { refreshRenewal } from '../../modules/partners/pagamenti.repository.ts';
import { paymentFileKey } from '../../modules/partners/pagamenti.service.ts';
import type { PartnerPaymentsTable, PartnersTable } from '../../modules/partners/partners.table.ts';
import type { UserRolesTable, UserStato, UsersTable } from '../../modules/auth/auth.table.ts';
import type { CouponsTable } from '../../modules/coupons/coupons.table.ts';
import { noCouponTotals, type PosatoreStato, type PosatoriTable } from '../../modules/posatori/posatori.table.ts';
import { addDays, addMonths, todayInRome } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { simplePdf } from '../../lib/pdf-files.ts';
import { newId } from '../../lib/tokens.ts';
import { activePeople, seedUsageHistory } from './usage.ts';
import { seedDocuments } from './documents.ts';
import { seedMessages } from './messages.ts';

export const DEMO_PASSWORD = 'portale-demo';

/** How many installers the demo network has, the demo installer included. */
export const DEMO_POSATORI = 300;

/**
 * An import done three weeks ago (issue 11, item 6), so /admin/importazione lists one and /admin/impposatori/{id}
 * shows its installers: the registry file of the CRM, 15 installers without an account (12 new, 3 updated) and
 * 2 refused rows.
 */
async function seedImport(tx: DbOrTx, adminUser: string, posatori: readonly PosatoriTable[], today: Date) {
  const people = posatori.filter((p) => p.user_uuid === null).slice(0, 15);
  const uuid = newId();
  const at = new Date(today.getTime() - 21 * 86_400_000).toISOString();
  await tx
    .insertInto('imports')
    .values({
      uuid,
      tipo: 'posatori',
      file: 'anagrafica-posatori-crm.xlsx',
      user_uuid: adminUser,
      started_at: at,
      updated_at: at,
      righe: people.length + 2,
      elaborate: people.length + 2,
      nuovi: people.length - 3,
      aggiornati: 3,
      invariati: 0,
      errori: 2,
      coupon: 0,
      impcoupon: '',
      impcorso: '',
      impdtcorso: '',
    })
    .execute();
  await tx
    .insertInto('import_posatori')
    .values(
      people.map((p, i) => ({
        import_uuid: uuid,
        posatore_uuid: p.uuid,
        esito: i < 3 ? ('aggiornato' as const) : ('nuovo' as const),
        coupon: 0,
      })),
    )
    .execute();
}

/** Days of made-up usage history before today (the statistics' logins, downloads and reads). */
export const DEMO_USAGE_DAYS = 90;

/** Deterministic pseudo-random numbers: the same demo dataset on every machine, so screenshots and tests agree. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const maleNames = [
  'Marco',
  'Giuseppe',
  'Luca',
  'Andrea',
  'Francesco',
  'Alessandro',
  'Matteo',
  'Davide',
  'Stefano',
  'Paolo',
  'Roberto',
  'Simone',
  'Giovanni',
  'Antonio',
  'Fabio',
  'Massimo',
  'Daniele',
  'Riccardo',
  'Lorenzo',
  'Emanuele',
  'Salvatore',
  'Vincenzo',
  'Claudio',
  'Nicola',
  'Alberto',
  'Gianluca',
  'Michele',
  'Enrico',
  'Pietro',
  'Raffaele',
];
export const femaleNames = [
  'Giulia',
  'Sara',
  'Francesca',
  'Chiara',
  'Elena',
  'Silvia',
  'Valentina',
  'Laura',
  'Federica',
  'Anna',
];
export const lastNames = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferraro',
  'Ferri',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
];
/**
 * Real places so lists, filters and tax codes look like Italy: province, town, CAP and the town's cadastral
 * code (the birthplace part of a codice fiscale). Lombardy comes first and weighs more: the demo area manager's.
 */
export const places = [
  { state: 'MI', city: 'Milano', cap: '20121', belfiore: 'F205' },
  { state: 'MI', city: 'Sesto San Giovanni', cap: '20099', belfiore: 'I690' },
  { state: 'MI', city: 'Rho', cap: '20017', belfiore: 'H264' },
  { state: 'BG', city: 'Bergamo', cap: '24121', belfiore: 'A794' },
  { state: 'BS', city: 'Brescia', cap: '25121', belfiore: 'B157' },
  { state: 'MB', city: 'Monza', cap: '20900', belfiore: 'F704' },
  { state: 'CO', city: 'Como', cap: '22100', belfiore: 'C933' },
  { state: 'VA', city: 'Varese', cap: '21100', belfiore: 'L682' },
  { state: 'TO', city: 'Torino', cap: '10121', belfiore: 'L219' },
  { state: 'GE', city: 'Genova', cap: '16121', belfiore: 'D969' },
  { state: 'AL', city: 'Alessandria', cap: '15121', belfiore: 'A182' },
  { state: 'NO', city: 'Novara', cap: '28100', belfiore: 'F952' },
  { state: 'VR', city: 'Verona', cap: '37121', belfiore: 'L781' },
  { state: 'PD', city: 'Padova', cap: '35121', belfiore: 'G224' },
  { state: 'VE', city: 'Venezia', cap: '30121', belfiore: 'L736' },
  { state: 'VI', city: 'Vicenza', cap: '36100', belfiore: 'L840' },
  { state: 'TV', city: 'Treviso', cap: '31100', belfiore: 'L407' },
  { state: 'TN', city: 'Trento', cap: '38121', belfiore: 'L378' },
  { state: 'UD', city: 'Udine', cap: '33100', belfiore: 'L483' },
  { state: 'BO', city: 'Bologna', cap: '40121', belfiore: 'A944' },
  { state: 'MO', city: 'Modena', cap: '41121', belfiore: 'F257' },
  { state: 'MO', city: 'Sassuolo', cap: '41049', belfiore: 'I462' },
  { state: 'RE', city: 'Reggio Emilia', cap: '42121', belfiore: 'H223' },
  { state: 'PR', city: 'Parma', cap: '43121', belfiore: 'G337' },
  { state: 'FI', city: 'Firenze', cap: '50122', belfiore: 'D612' },
  { state: 'PI', city: 'Pisa', cap: '56121', belfiore: 'G702' },
  { state: 'PG', city: 'Perugia', cap: '06121', belfiore: 'G478' },
  { state: 'AN', city: 'Ancona', cap: '60121', belfiore: 'A271' },
  { state: 'RM', city: 'Roma', cap: '00184', belfiore: 'H501' },
  { state: 'LT', city: 'Latina', cap: '04100', belfiore: 'E472' },
  { state: 'PE', city: 'Pescara', cap: '65121', belfiore: 'G482' },
  { state: 'NA', city: 'Napoli', cap: '80133', belfiore: 'F839' },
  { state: 'SA', city: 'Salerno', cap: '84121', belfiore: 'H703' },
  { state: 'BA', city: 'Bari', cap: '70121', belfiore: 'A662' },
  { state: 'LE', city: 'Lecce', cap: '73100', belfiore: 'E506' },
  { state: 'CS', city: 'Cosenza', cap: '87100', belfiore: 'D086' },
  { state: 'PA', city: 'Palermo', cap: '90133', belfiore: 'G273' },
  { state: 'CT', city: 'Catania', cap: '95121', belfiore: 'C351' },
  { state: 'CA', city: 'Cagliari', cap: '09124', belfiore: 'B354' },
  { state: 'SS', city: 'Sassari', cap: '07100', belfiore: 'I452' },
];
type Place = (typeof places)[number];

export const streets = [
  'Via Roma',
  'Via Garibaldi',
  'Corso Italia',
  'Via Mazzini',
  'Via Verdi',
  'Viale dei Mille',
  'Via Dante',
  'Via Cavour',
  'Piazza della Repubblica',
  'Via XX Settembre',
  'Via Matteotti',
  'Via Marconi',
  'Via Gramsci',
  'Viale Europa',
  'Via dell’Artigianato',
  'Via dell’Industria',
];
export const companies = [
  'Posa Ceramiche',
  'Pavimenti',
  'Edil Piastrelle',
  'Rivestimenti',
  'Ceramica Design',
  'Superfici',
  'Mosaici',
  'Parquet e Ceramiche',
  'Posa Grandi Formati',
  'Edilizia e Finiture',
];
export const companyForms = ['', ' S.n.c.', ' S.r.l.', ' S.a.s.', ' & C.'];

type Person = {
  name: string;
  lastname: string;
  email: string;
  address: string;
  city: string;
  cap: string;
  state: string;
  phone: string;
  cell: string;
};

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`dati dimostrativi incoerenti: manca ${what}`);
  return value;
}

/** The 3 letters of a surname or name in a codice fiscale (for names, 4+ consonants keep the 1st, 3rd, 4th). */
function cfLetters(text: string, isName: boolean): string {
  const letters = text.toUpperCase().replace(/[^A-Z]/g, '');
  const consonants = letters.replace(/[AEIOU]/g, '');
  const vowels = letters.replace(/[^AEIOU]/g, '');
  if (isName && consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

/** A well-formed codice fiscale with the right check letter (the shared rule accepts it). */
export function demoCodiceFiscale(p: {
  name: string;
  lastname: string;
  dtnasc: string;
  female: boolean;
  belfiore: string;
}): string {
  const [year = '', month = '', day = ''] = p.dtnasc.split('-');
  const dd = String(Number(day) + (p.female ? 40 : 0)).padStart(2, '0');
  const first15 = `${cfLetters(p.lastname, false)}${cfLetters(p.name, true)}${year.slice(2)}${MONTH_LETTERS[Number(month) - 1]}${dd}${p.belfiore}`;
  return `${first15}${codiceFiscaleCheckChar(first15)}`;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('uuid').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Inserts rows in chunks: one statement per chunk, under every driver's bound-parameter limit. */
async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** How many partner companies the demo network has. */
export const DEMO_PARTNERS = 40;

/**
 * Fills an empty database with a realistic Italian network: the four demo users, area managers, resellers, a few
 * hundred installers across many provinces (valid tax codes where set, varied qualifications, certificates,
 * stato and course dates), coupons, messages, and partner companies with their payments (some expired, some
 * expiring within 30 days). One transaction, batched inserts. With a file store each payment gets a small real PDF
 * receipt, written after the commit; without one the payments have no file (url ''), never a broken link.
 */
export async function seedDemo(db: Db, files?: FileStore): Promise<void> {
  const random = rng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (p: number) => random() < p;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  // Coupon codes from their own sequence, so the demo is the same everywhere and the rest of the data does not move;
  // the application draws its codes from crypto (coupon-codes.ts). 45 bits each: a few hundred never collide.
  const codeRandom = rng(20261125);
  const demoCouponCode = () =>
    couponCodeFrom(Array.from({ length: COUPON_BODY_LENGTH }, () => Math.floor(codeRandom() * 32)));
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const pad2 = (n: number) => String(n).padStart(2, '0');
  const now = new Date().toISOString();
  const today = new Date();
  const isoDay = (offsetDays: number) => new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '');
  const placeOf = (state: string) =>
    must(
      places.find((p) => p.state === state),
      `luogo ${state}`,
    );

  const person = (name: string, lastname: string, place: Place = pick(places)): Person => ({
    name,
    lastname,
    email: `${slug(name)}.${slug(lastname)}${digits(2)}@esempio.it`,
    address: `${pick(streets)} ${1 + Math.floor(random() * 120)}`,
    city: place.city,
    cap: place.cap,
    state: place.state,
    phone: `0${digits(2)} ${digits(6)}`,
    cell: `3${digits(2)} ${digits(7)}`,
  });
  const piva = () => {
    const first10 = `0${digits(9)}`;
    return `${first10}${partitaIvaCheckDigit(first10)}`;
  };

  const account = (
    tx: DbOrTx,
    username: string,
    email: string,
    roles: Role[],
    stato: UserStato,
    withPassword: boolean,
  ) => insertUser(tx, { username, email, passwordHash: withPassword ? passwordHash : null, stato, roles }, now);

  const receipts: { key: string; pdf: Buffer }[] = [];
  const documents: { key: string; bytes: Buffer }[] = [];
  await db.transaction().execute(async (tx) => {
    const adminUser = await account(tx, 'admin', 'admin@portale-posatori.it', ['admin'], 'active', true);
    await tx
      .insertInto('admins')
      .values({
        uuid: newId(),
        user_uuid: adminUser,
        name: 'Laura',
        lastname: 'Amministratrice',
        email: 'admin@portale-posatori.it',
        phone: '02 5550100',
        img: '',
        created_at: now,
        updated_at: now,
      })
      .execute();

    // Area managers: the demo one covers Lombardy's main provinces; some provinces stay uncovered on purpose.
    const capoareaDefs: { username: string; name: string; lastname: string; provs: string[]; stato: UserStato }[] = [
      { username: 'capoarea', name: 'Giorgio', lastname: 'Valli', provs: ['MI', 'BG', 'BS'], stato: 'active' },
      {
        username: 'capoarea.nordest',
        name: 'Elisa',
        lastname: 'Martini',
        provs: ['VR', 'PD', 'VE', 'VI', 'TV', 'TN', 'UD'],
        stato: 'active',
      },
      {
        username: 'capoarea.centro',
        name: 'Piero',
        lastname: 'Landi',
        provs: ['BO', 'MO', 'RE', 'FI'],
        stato: 'requested',
      },
      {
        username: 'capoarea.sud',
        name: 'Carmela',
        lastname: 'Sorrentino',
        provs: ['RM', 'NA', 'BA', 'PA'],
        stato: 'disabled',
      },
      {
        username: 'capoarea.nordovest',
        name: 'Davide',
        lastname: 'Ferrero',
        provs: ['TO', 'GE', 'AL', 'NO', 'CO', 'VA', 'MB'],
        stato: 'active',
      },
      {
        username: 'capoarea.adriatica',
        name: 'Marta',
        lastname: 'Ciccone',
        provs: ['AN', 'PE', 'LE', 'PG', 'PR', 'PI'],
        stato: 'active',
      },
    ];
    const capoareaIds: { uuid: string; provs: string[] }[] = [];
    for (const def of capoareaDefs) {
      const p = person(def.name, def.lastname, placeOf(must(def.provs[0], 'provincia')));
      const userUuid = await account(tx, def.username, p.email, ['capoarea'], def.stato, def.stato !== 'requested');
      const uuid = newId();
      await tx
        .insertInto('capoarea')
        .values({
          uuid,
          user_uuid: userUuid,
          ...p,
          ragsoc: `${def.name} ${def.lastname}`,
          ...capoareaKeys({ name: def.name, lastname: def.lastname, ragsoc: `${def.name} ${def.lastname}` }),
          piva: '',
          codfis: '',
          website: '',
          img: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await tx
        .insertInto('capoarea_provs')
        .values(def.provs.map((prov) => ({ capoarea_uuid: uuid, prov })))
        .execute();
      capoareaIds.push({ uuid, provs: def.provs });
    }
    const capoareaFor = (state: string) => capoareaIds.find((c) => c.provs.includes(state))?.uuid ?? null;
    const demoCapoarea = must(capoareaIds[0], 'capoarea demo').uuid;

    // Resellers: the demo one is in Milan under the demo area manager.
    const rivDefs = [
      {
        username: 'rivenditore',
        ragsoc: 'Ceramiche Lombarde S.r.l.',
        name: 'Franco',
        lastname: 'Bellini',
        provs: ['MI', 'MB'],
      },
      {
        username: 'rivenditore.bergamo',
        ragsoc: 'Orobica Pavimenti S.n.c.',
        name: 'Alberto',
        lastname: 'Pesenti',
        provs: ['BG'],
      },
      {
        username: 'rivenditore.verona',
        ragsoc: 'Scaligera Rivestimenti S.r.l.',
        name: 'Monica',
        lastname: 'Zanetti',
        provs: ['VR', 'VI'],
      },
      {
        username: 'rivenditore.bologna',
        ragsoc: 'Emiliana Ceramiche S.p.A.',
        name: 'Luigi',
        lastname: 'Bertoni',
        provs: ['BO', 'MO', 'RE'],
      },
      {
        username: 'rivenditore.roma',
        ragsoc: 'Capitolina Superfici S.r.l.',
        name: 'Valerio',
        lastname: 'Proietti',
        provs: ['RM', 'LT'],
      },
      {
        username: 'rivenditore.brescia',
        ragsoc: 'Bresciana Edilceramica S.r.l.',
        name: 'Sergio',
        lastname: 'Gatti',
        provs: ['BS'],
      },
      {
        username: 'rivenditore.torino',
        ragsoc: 'Subalpina Ceramiche S.r.l.',
        name: 'Paola',
        lastname: 'Ferrero',
        provs: ['TO', 'AL', 'NO'],
      },
      {
        username: 'rivenditore.genova',
        ragsoc: 'Ligure Piastrelle S.n.c.',
        name: 'Renato',
        lastname: 'Parodi',
        provs: ['GE'],
      },
      {
        username: 'rivenditore.padova',
        ragsoc: 'Euganea Pavimenti S.r.l.',
        name: 'Giovanna',
        lastname: 'Zorzi',
        provs: ['PD', 'VE', 'TV'],
      },
      {
        username: 'rivenditore.firenze',
        ragsoc: 'Arno Superfici S.r.l.',
        name: 'Leonardo',
        lastname: 'Bini',
        provs: ['FI', 'PI'],
      },
      {
        username: 'rivenditore.napoli',
        ragsoc: 'Partenopea Ceramiche S.r.l.',
        name: 'Ciro',
        lastname: 'Esposito',
        provs: ['NA', 'SA'],
      },
      {
        username: 'rivenditore.bari',
        ragsoc: 'Levante Rivestimenti S.a.s.',
        name: 'Domenico',
        lastname: 'Lorusso',
        provs: ['BA', 'LE'],
      },
      {
        username: 'rivenditore.palermo',
        ragsoc: 'Trinacria Ceramiche S.r.l.',
        name: 'Rosario',
        lastname: 'Lo Cascio',
        provs: ['PA', 'CT'],
      },
    ];
    const rivIds: { uuid: string; provs: string[] }[] = [];
    for (const [i, def] of rivDefs.entries()) {
      const state = must(def.provs[0], 'provincia');
      const p = person(def.name, def.lastname, placeOf(state));
      const userUuid = await account(tx, def.username, p.email, ['rivenditori'], 'active', true);
      const uuid = newId();
      await tx
        .insertInto('rivenditori')
        .values({
          uuid,
          user_uuid: userUuid,
          ...p,
          ragsoc: def.ragsoc,
          code: `RIV${String(i + 1).padStart(3, '0')}`,
          ...rivenditoreKeys({ ...def, code: `RIV${String(i + 1).padStart(3, '0')}` }),
          piva: piva(),
          codfis: '',
          website: `www.${slug(def.ragsoc.split(' ')[0] ?? 'rivenditore')}.it`,
          capoarea: capoareaFor(state),
          img: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await tx
        .insertInto('rivenditori_provs')
        .values(def.provs.map((prov) => ({ rivenditore_uuid: uuid, prov })))
        .execute();
      rivIds.push({ uuid, provs: def.provs });
    }
    const demoRivenditore = must(rivIds[0], 'rivenditore demo').uuid;

    const couponTypes = [
      {
        tipo: 'Corso base',
        ncoupon: 1,
        colore: '#1976d2',
        valore: 5000,
        mesi: 12,
        descri: 'Coupon per la partecipazione al corso base',
        disattiva: 0,
      },
      {
        tipo: 'Sconto materiali',
        ncoupon: 2,
        colore: '#2e7d32',
        valore: 10000,
        mesi: 6,
        descri: 'Sconto sull’acquisto di materiali presso i rivenditori',
        disattiva: 0,
      },
      {
        tipo: 'Premio fedeltà',
        ncoupon: 1,
        colore: '#c62828',
        valore: 2500,
        mesi: 3,
        descri: 'Premio per gli installatori certificati',
        disattiva: 0,
      },
      {
        tipo: 'Promo estate 2025',
        ncoupon: 3,
        colore: '#f9a825',
        valore: 1500,
        mesi: 3,
        descri: 'Promozione stagionale conclusa',
        disattiva: 1,
      },
    ];
    const couponTypeIds: { uuid: string; valore: number; mesi: number; active: boolean }[] = [];
    for (const ct of couponTypes) {
      const uuid = newId();
      await tx
        .insertInto('coupon_types')
        .values({ uuid, ...ct, minima: ct.valore * 4, ccoupon: 0, created_at: now })
        .execute();
      couponTypeIds.push({ uuid, valore: ct.valore, mesi: ct.mesi, active: ct.disattiva === 0 });
    }

    // Installers, built in memory and inserted in batches.
    const qualifiche = ['BASE', 'BASE', 'BASE', 'QUALIFICATO', 'QUALIFICATO', 'ESPERTO', 'ESPERTO', 'MASTER'];
    const users: UsersTable[] = [];
    const roles: UserRolesTable[] = [];
    const posatori: PosatoriTable[] = [];
    const coupons: CouponsTable[] = [];
    const thisYear = today.getFullYear();

    const addPosatore = (
      p: Person & { ragsoc: string; dtnasc: string; codfis: string; piva: string },
      opts: {
        username?: string | undefined;
        userStato: UserStato;
        stato: PosatoreStato;
        code: string;
        capoarea: string | null;
        rivenditore: string | null;
        createdAt: string;
      },
    ) => {
      let userUuid: string | null = null;
      if (opts.username) {
        userUuid = newId();
        users.push({
          uuid: userUuid,
          username: opts.username.toLowerCase(),
          email: p.email.toLowerCase(),
          password_hash: opts.userStato === 'requested' ? null : passwordHash,
          stato: opts.userStato,
          created_at: opts.createdAt,
          updated_at: opts.createdAt,
        });
        roles.push({ user_uuid: userUuid, role: 'posatore' });
      }
      const tipo = pick(qualifiche);
      const expert = tipo === 'ESPERTO' || tipo === 'MASTER';
      const uuid = newId();
      posatori.push({
        uuid,
        user_uuid: userUuid,
        ...p,
        code: opts.code,
        ...posatoreKeys({ ...p, code: opts.code }),
        userstato: opts.username ? opts.userStato : 'none',
        // Counted from the coupons once they are in (refreshCouponCounts).
        ...noCouponTotals,
        // Last course month: most installers attended one since 2019, a few never did.
        dtstart: chance(0.88) ? `${int(2019, thisYear)}-${pad2(int(1, 12))}-01` : '',
        azienda: p.ragsoc,
        tipo,
        certificato: chance(expert ? 0.75 : 0.25) ? 1 : 0,
        diisocianati: chance(0.3) ? 1 : 0,
        web: chance(0.7) ? 1 : 0,
        contoterzi: chance(0.5) ? 1 : 0,
        website: chance(0.2) ? `www.${slug(p.ragsoc)}.it` : '',
        capoarea: opts.capoarea,
        rivenditore: opts.rivenditore,
        img: '',
        stato: opts.stato,
        err1: '',
        created_at: opts.createdAt,
        updated_at: opts.createdAt,
      });
      return uuid;
    };

    // The demo installer: stato OK, with coupons, assigned to the demo area manager and the demo reseller.
    const mario = person('Mario', 'Rossi', places[0]);
    const demoPosatore = addPosatore(
      {
        ...mario,
        email: 'mario.rossi@esempio.it',
        ragsoc: 'Posa Ceramiche Rossi',
        dtnasc: '1985-12-10',
        codfis: 'RSSMRA85T10A562S',
        piva: '',
      },
      {
        username: 'posatore',
        userStato: 'active',
        stato: 'OK',
        code: 'POS0001',
        capoarea: demoCapoarea,
        rivenditore: demoRivenditore,
        createdAt: new Date(today.getTime() - 700 * 86_400_000).toISOString(),
      },
    );
    const demoCoupons = [
      { type: 0, scadenza: isoDay(200), dtesecuzione: isoDay(-30) },
      { type: 1, scadenza: isoDay(90), dtesecuzione: null },
      { type: 1, scadenza: isoDay(-10), dtesecuzione: null },
      { type: 2, scadenza: isoDay(45), dtesecuzione: null },
      { type: 0, scadenza: isoDay(300), dtesecuzione: null },
      { type: 3, scadenza: isoDay(20), dtesecuzione: null },
    ];
    for (const c of demoCoupons) {
      const t = must(couponTypeIds[c.type], 'tipo coupon');
      coupons.push({
        uuid: newId(),
        code: demoCouponCode(),
        posatore: demoPosatore,
        tipo: t.uuid,
        valore: t.valore,
        scadenza: c.scadenza,
        dtesecuzione: c.dtesecuzione,
        rivenditore: c.dtesecuzione ? demoRivenditore : null,
        created_at: now,
      });
    }

    // The rest of the network. Lombardy weighs more so the demo area manager's lists span several pages.
    const lombardy = places.filter((p) => ['MI', 'BG', 'BS'].includes(p.state));
    for (let i = 2; i <= DEMO_POSATORI; i++) {
      const place = chance(0.2) ? pick(lombardy) : pick(places);
      const female = chance(0.12);
      const name = pick(female ? femaleNames : maleNames);
      const lastname = pick(lastNames);
      const p = person(name, lastname, place);
      const dtnasc = `${int(1958, 2002)}-${pad2(int(1, 12))}-${pad2(int(1, 28))}`;
      // Incomplete profiles miss what the installer rules require: the tax code, or every phone number.
      const missing = chance(0.18) ? pick(['codfis', 'phones'] as const) : undefined;
      const codfis =
        missing === 'codfis'
          ? ''
          : demoCodiceFiscale({
              name,
              lastname,
              dtnasc,
              female,
              belfiore: chance(0.8) ? place.belfiore : pick(places).belfiore,
            });
      if (missing === 'phones') {
        p.phone = '';
        p.cell = '';
      } else if (chance(0.3)) {
        p.phone = '';
      }
      const stato: PosatoreStato = missing ? 'INCOMPLETO' : chance(0.06) ? 'SOSPESO' : 'OK';
      const withAccount = chance(0.65);
      const userStato: UserStato = chance(0.8) ? 'active' : chance(0.5) ? 'disabled' : 'requested';
      const resellers = rivIds.filter((r) => r.provs.includes(place.state));
      const rivenditore = resellers.length > 0 && chance(0.75) ? pick(resellers).uuid : null;
      // A few installers outside the demo area manager's provinces are assigned to them by name.
      const capoarea = chance(0.03) ? demoCapoarea : capoareaFor(place.state);
      const form = pick(companyForms);
      const uuid = addPosatore(
        {
          ...p,
          ragsoc: `${pick(companies)} ${lastname}${form}`,
          dtnasc,
          codfis,
          piva: form !== '' || chance(0.3) ? piva() : '',
        },
        {
          username: withAccount ? `posatore${String(i).padStart(3, '0')}` : undefined,
          userStato,
          stato,
          code: `POS${String(i).padStart(4, '0')}`,
          capoarea,
          rivenditore,
          createdAt: new Date(today.getTime() - int(1, 1100) * 86_400_000 - int(0, 86_399) * 1000).toISOString(),
        },
      );
      if (chance(0.45)) {
        for (let c = int(1, 4); c > 0; c--) {
          const t = pick(couponTypeIds);
          const executed = t.active && chance(0.35);
          const seller = rivenditore ?? (executed ? pick(rivIds).uuid : null);
          const expiresIn = int(-200, 330);
          const executedAgo = executed ? int(1, 300) : undefined;
          // Assigned the type's months before it expires (never in the future, never after its redemption), so
          // the statistics' coupons per month have a history.
          const assignedIn = Math.min(0, expiresIn - t.mesi * 30, executedAgo === undefined ? 0 : -executedAgo);
          coupons.push({
            uuid: newId(),
            code: demoCouponCode(),
            posatore: uuid,
            tipo: t.uuid,
            valore: t.valore,
            scadenza: isoDay(expiresIn),
            dtesecuzione: executedAgo === undefined ? null : isoDay(-executedAgo),
            rivenditore: executed ? seller : null,
            created_at: new Date(today.getTime() + assignedIn * 86_400_000).toISOString(),
          });
        }
      }
    }
    await insertChunks(users, 200, (chunk) => tx.insertInto('users').values(chunk).execute());
    await insertLogins(tx, users);
    await insertChunks(roles, 400, (chunk) => tx.insertInto('user_roles').values(chunk).execute());
    await insertChunks(posatori, 100, (chunk) => tx.insertInto('posatori').values(chunk).execute());
    await insertChunks(coupons, 200, (chunk) => tx.insertInto('coupons').values(chunk).execute());
    await refreshCouponCounts(tx);
    await refreshTypeCounts(tx);
    await seedImport(tx, adminUser, posatori, today);

    await seedMessages(tx, today);
    documents.push(...(await seedDocuments(tx, today)));

    receipts.push(
      ...(await seedPartners(tx, { capoareaIds, rivIds, demoCapoarea, demoRivenditore, withFiles: !!files })),
    );

    // 90 days of usage for the statistics (/admin/sessions), from its own sequence.
    await seedUsageHistory(
      await activePeople(tx),
      { today: todayInRome(today), days: DEMO_USAGE_DAYS, random: rng(20261126), busy: 1.5 },
      async (rows) => void (await tx.insertInto('usage_days').values(rows).execute()),
    );
  });
  for (const r of receipts) await files?.put(r.key, r.pdf);
  for (const d of documents) await files?.put(d.key, d.bytes);
}

/**
 * Partner companies, consistent with the installers' network: the first ten sit in the demo area manager's
 * provinces (so their list and home show every case), the rest across Italy; area manager and reseller follow the
 * province. Renewal buckets by position: expired, expiring within 30 days, valid, and a few without payments yet.
 * Its own random sequence, so the installers above stay as they were.
 */
async function seedPartners(
  tx: DbOrTx,
  net: {
    capoareaIds: { uuid: string; provs: string[] }[];
    rivIds: { uuid: string; provs: string[] }[];
    demoCapoarea: string;
    demoRivenditore: string;
    withFiles: boolean;
  },
): Promise<{ key: string; pdf: Buffer }[]> {
  const random = rng(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (p: number) => random() < p;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '');
  const now = new Date().toISOString();
  const today = todayInRome();
  const lombardy = places.filter((p) => ['MI', 'BG', 'BS'].includes(p.state));
  const kinds = ['Ceramiche', 'Edilizia', 'Pavimenti', 'Arredobagno', 'Materiali Edili', 'Piastrelle', 'Showroom'];
  const forms = [' S.r.l.', ' S.p.A.', ' S.n.c.', ' S.a.s.'];
  const euro = (cents: number) =>
    `${Math.floor(cents / 100).toLocaleString('it-IT')},${String(cents % 100).padStart(2, '0')} EUR`;

  const partners: PartnersTable[] = [];
  const payments: PartnerPaymentsTable[] = [];
  const receipts: { key: string; pdf: Buffer }[] = [];
  for (let i = 1; i <= DEMO_PARTNERS; i++) {
    const place = i <= 10 ? pick(lombardy) : chance(0.2) ? pick(lombardy) : pick(places);
    const lastname = pick(lastNames);
    const ragsoc = `${pick(kinds)} ${lastname}${pick(forms)}`;
    const first10 = `0${digits(9)}`;
    const piva = `${first10}${partitaIvaCheckDigit(first10)}`;
    const covering = net.capoareaIds.find((c) => c.provs.includes(place.state))?.uuid ?? null;
    const resellers = net.rivIds.filter((r) => r.provs.includes(place.state));
    // The demo reseller holds most partners of Milan and Monza: it has some to edit and some only to read.
    const rivenditore =
      resellers.some((r) => r.uuid === net.demoRivenditore) && chance(0.6)
        ? net.demoRivenditore
        : resellers.length > 0 && chance(0.5)
          ? pick(resellers).uuid
          : null;
    const bucket = i % 10;
    const uuid = newId();
    const since = int(2012, 2024);
    partners.push({
      uuid,
      ragsoc,
      ...partnerKeys({ ragsoc, code: `PAR${String(i).padStart(3, '0')}` }),
      priorita: pick(['1', '2', '2', '3', '3']),
      piva,
      codfis: piva,
      code: `PAR${String(i).padStart(3, '0')}`,
      dtstart: `${since}-${String(int(1, 12)).padStart(2, '0')}-01`,
      dtend: chance(0.15) ? `${new Date().getFullYear() + int(1, 3)}-12-01` : '',
      address: `${pick(streets)} ${int(1, 200)}`,
      city: place.city,
      cap: place.cap,
      state: place.state,
      phone: `0${digits(2)} ${digits(6)}`,
      cell: chance(0.5) ? `3${digits(2)} ${digits(7)}` : '',
      email: `info@${slug(ragsoc)}.it`,
      website: `www.${slug(ragsoc)}.it`,
      // A couple of partners outside the demo area manager's provinces are assigned to them by name.
      capoarea: i === 15 || i === 27 ? net.demoCapoarea : chance(0.85) ? covering : null,
      rivenditore,
      img: '',
      dtrinnovo: '',
      dtscad: '',
      created_at: now,
      updated_at: now,
    });
    if (bucket === 9) continue; // a new partner: no payment yet
    // The latest renewal: a year and more ago (expired), a year ago less up to 28 days (expiring), or this year.
    const latest =
      bucket <= 1
        ? addDays(today, -int(370, 700))
        : bucket <= 3
          ? addDays(addMonths(today, -RENEWAL_MONTHS), int(1, 28))
          : addDays(today, -int(0, 300));
    const count = int(1, 3);
    for (let k = 0; k < count; k++) {
      const dtrinnovo = addMonths(latest, -RENEWAL_MONTHS * k);
      const fatturato = int(500, 15_000) * 100 + int(0, 99);
      const name = `demo-${String(i).padStart(3, '0')}-${k + 1}`;
      const file = net.withFiles ? `${name}.pdf` : '';
      payments.push({
        name,
        partner_uuid: uuid,
        dtrinnovo,
        fatturato,
        file,
        filename: file ? `ricevuta-${dtrinnovo}.pdf` : '',
        created_at: now,
        updated_at: now,
      });
      if (file) {
        const [y, m, d] = dtrinnovo.split('-');
        receipts.push({
          key: paymentFileKey(uuid, file),
          pdf: simplePdf([
            'Portale Posatori - Ricevuta di pagamento',
            '',
            `Azienda partner: ${ragsoc}`,
            `Partita IVA: ${piva}`,
            `Data rinnovo: ${d}/${m}/${y}`,
            `Importo fatturato: ${euro(fatturato)}`,
            '',
            'Documento dimostrativo generato automaticamente.',
          ]),
        });
      }
    }
  }
  await insertChunks(partners, 50, (chunk) => tx.insertInto('partners').values(chunk).execute());
  await insertChunks(payments, 100, (chunk) => tx.insertInto('partner_payments').values(chunk).execute());
  for (const p of partners) await refreshRenewal(tx, p.uuid, now);
  return receipts;
}
