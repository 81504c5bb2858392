import type { Role } from '@portal/shared/roles';
import { COUPON_BODY_LENGTH, couponCodeFrom } from '@portal/shared/validation/coupon-code';
import type { DbOrTx } from '../database.ts';
import type { UserStato } from '../../modules/auth/auth.table.ts';
import { insertUser } from '../../modules/auth/users.repository.ts';
import type { PosatoriTable } from '../../modules/posatori/posatori.table.ts';
import { italianPlaces, partitaIvaOf, streets, type Place } from './italian-data.ts';
import { draws, must, rng, slug, type Draws } from './random.ts';

/** A person's contact fields as the registries store them. */
export type Person = Pick<
  PosatoriTable,
  'name' | 'lastname' | 'email' | 'address' | 'city' | 'cap' | 'state' | 'phone' | 'cell'
>;

/** What every demo step shares: the transaction, the clock, the password and one random sequence in step order. */
export type DemoContext = Draws & {
  tx: DbOrTx;
  now: string;
  today: Date;
  passwordHash: string;
  /** The date offsetDays from today (YYYY-MM-DD). */
  isoDay: (offsetDays: number) => string;
  placeOf: (state: string) => Place;
  person: (name: string, lastname: string, place?: Place) => Person;
  piva: () => string;
  /** A login account with its roles; with the demo password unless withPassword is false. */
  account: (username: string, email: string, roles: Role[], stato: UserStato, withPassword: boolean) => Promise<string>;
  /** Coupon codes from their own sequence, so the rest of the data does not move when coupons are added. */
  couponCode: () => string;
};

/**
 * The demo's shared state. The steps draw from one sequence in a fixed order (area managers, resellers, installers),
 * so each person gets the same address and numbers on every machine. Coupon codes have their own sequence: the
 * application draws its codes from crypto (coupon-codes.ts); 45 bits each, a few hundred never collide.
 */
export function demoContext(tx: DbOrTx, passwordHash: string): DemoContext {
  const d = draws(rng(20261121));
  const codeRandom = rng(20261125);
  const now = new Date().toISOString();
  const today = new Date();
  const person = (name: string, lastname: string, place: Place = d.pick(italianPlaces)): Person => ({
    name,
    lastname,
    email: `${slug(name)}.${slug(lastname)}${d.digits(2)}@esempio.it`,
    address: `${d.pick(streets)} ${1 + Math.floor(d.random() * 120)}`,
    city: place.city,
    cap: place.cap,
    state: place.state,
    phone: `0${d.digits(2)} ${d.digits(6)}`,
    cell: `3${d.digits(2)} ${d.digits(7)}`,
  });
  return {
    ...d,
    tx,
    now,
    today,
    passwordHash,
    isoDay: (offsetDays) => new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10),
    placeOf: (state) =>
      must(
        italianPlaces.find((p) => p.state === state),
        `luogo ${state}`,
      ),
    person,
    piva: () => partitaIvaOf(d.digits),
    account: (username, email, roles, stato, withPassword) =>
      insertUser(tx, { username, email, passwordHash: withPassword ? passwordHash : null, stato, roles }, now),
    couponCode: () => couponCodeFrom(Array.from({ length: COUPON_BODY_LENGTH }, () => Math.floor(codeRandom() * 32))),
  };
}
