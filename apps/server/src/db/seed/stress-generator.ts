import type { Role } from '@portal/shared/roles';
import { provinces } from '@portal/shared/provinces';
import type { DbOrTx } from '../database.ts';
import type { UserRolesTable, UserStato, UsersTable } from '../../modules/auth/auth.table.ts';
import { insertLogins } from '../../modules/auth/users.repository.ts';
import type { PosatoriTable } from '../../modules/posatori/posatori.table.ts';
import { italianPlaces, lastNames, partitaIvaOf, streets } from './italian-data.ts';
import { draws, insertAll, rng, slug, weighted } from './random.ts';

/** The stress seed's generator, its places and surnames, and the network the table steps hand to each other. */

/** The day the stress data is built around (expiries, course months, "recent"), so it is the same every day. */
export const STRESS_TODAY = '2026-11-23';

export const NOW = `${STRESS_TODAY}T09:00:00.000Z`;
export const THIS_YEAR = Number(STRESS_TODAY.slice(0, 4));

export function generator(seed: number) {
  const d = draws(rng(seed));
  const hex32 = () =>
    Math.floor(d.random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return {
    ...d,
    /** A version-4-shaped uuid from the seeded sequence. */
    uuid: () => {
      const h = hex32() + hex32() + hex32() + hex32();
      const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
    /** A timestamp between daysBack days before STRESS_TODAY and STRESS_TODAY. */
    past: (daysBack: number) => new Date(Date.parse(NOW) - d.random() * daysBack * 86_400_000).toISOString(),
  };
}
export type Gen = ReturnType<typeof generator>;

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
export const pickSurname = weighted(surnames, (_s, i) => 1 / Math.pow(i + 1, 0.75));

/** Metropolitan cities weigh more: most installers work where most people live. */
const metro = ['RM', 'MI', 'NA', 'TO', 'PA', 'BA', 'CT', 'FI', 'BO', 'GE', 'VE', 'ME', 'RC', 'CA', 'BS', 'BG', 'VR'];
const stressPlaces = provinces
  .filter((p) => p.sigla !== 'EE')
  .map((p, i) => {
    const known = italianPlaces.find((k) => k.state === p.sigla);
    return {
      state: p.sigla,
      city: known?.city ?? p.name,
      // Outside the demo towns the CAP is made up (5 digits, stable per province): stress data, not an address book.
      cap: known?.cap ?? String(10_000 + i * 850).padStart(5, '0'),
      weight: metro.includes(p.sigla) ? 4 : 1,
    };
  });
type StressPlace = (typeof stressPlaces)[number];
export const pickPlace = weighted(stressPlaces, (p) => p.weight);
export const placeOf = (state: string) =>
  stressPlaces.find((p) => p.state === state) ?? (stressPlaces[0] as StressPlace);

export const birthPlaces = italianPlaces.map((p) => p.belfiore);

type Person = Pick<
  PosatoriTable,
  'name' | 'lastname' | 'email' | 'address' | 'city' | 'cap' | 'state' | 'phone' | 'cell' | 'website' | 'img'
>;

export function person(g: Gen, name: string, lastname: string, place: StressPlace, n: number): Person {
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

export const piva = (g: Gen): string => partitaIvaOf(g.digits);

/** Login accounts collected by a table function, inserted with their roles in its transaction. */
export function accountsOf(g: Gen, passwordHash: string) {
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
  /** owns: the manager holds every installer of his provinces, as most real area managers do. */
  capoarea: { uuid: string; provs: string[]; owns: boolean }[];
  /** big: the reseller takes most installers of his provinces (thousands). */
  rivenditori: { uuid: string; provs: string[]; big: boolean }[];
  /** uuid and reseller of every installer, in insertion order. */
  posatori: { uuid: string; rivenditore: string | null }[];
  couponTypes: { uuid: string; valore: number; mesi: number; active: boolean }[];
};

export const accountStato = (g: Gen): UserStato =>
  g.chance(0.8) ? 'active' : g.chance(0.5) ? 'disabled' : 'requested';
