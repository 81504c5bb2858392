import type { Db } from '../database.ts';
import type { CapoareaTable } from '../../modules/capoarea/capoarea.table.ts';
import { capoareaKeys } from '../../modules/capoarea/capoarea.repository.ts';
import { posatoreKeys } from '../../modules/posatori/posatori.repository.ts';
import { noCouponTotals, type PosatoreStato, type PosatoriTable } from '../../modules/posatori/posatori.table.ts';
import { rivenditoreKeys } from '../../modules/rivenditori/rivenditori.repository.ts';
import type { RivenditoriTable } from '../../modules/rivenditori/rivenditori.table.ts';
import {
  codiceFiscaleOf,
  companies,
  companyForms,
  femaleNames,
  legalForms,
  maleNames,
  qualifiche,
} from './italian-data.ts';
import { insertAll, slug } from './random.ts';
import {
  accountsOf,
  accountStato,
  birthPlaces,
  generator,
  NOW,
  person,
  pickPlace,
  pickSurname,
  piva,
  placeOf,
  THIS_YEAR,
  type StressNetwork,
} from './stress-generator.ts';

/** The stress network's people: the admin, area managers, resellers and installers, with their logins. */

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
 * Area managers: the first is the bench's `capoarea` (Milano, Bergamo, Brescia), his installers assigned among the
 * province's managers; the second, `capoarea.001`, owns every installer of his five provinces (Roma, Napoli, Torino,
 * Latina, Frosinone), as real area managers do, and so does about one in four of the others. The others cover one or
 * two provinces each, weighted like the installers, so every province has a few.
 */
export async function seedStressCapoarea(db: Db, net: StressNetwork, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const accounts = accountsOf(g, net.passwordHash);
  const rows: CapoareaTable[] = [];
  const provRows: { capoarea_uuid: string; prov: string }[] = [];
  for (let i = 0; i < count; i++) {
    const first = i === 0;
    const owner = i === 1;
    const provs = first
      ? ['MI', 'BG', 'BS']
      : owner
        ? [...OWNER_PROVS]
        : [...new Set([pickPlace(g.random).state, pickPlace(g.random).state])];
    const owns = owner || (!first && g.chance(0.25));
    const female = g.chance(0.3);
    const name = g.pick(female ? femaleNames : maleNames);
    const lastname = pickSurname(g.random);
    const p = person(g, name, lastname, placeOf(provs[0] ?? 'MI'), i);
    const stato = first || owner ? 'active' : accountStato(g);
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
    net.capoarea.push({ uuid, provs, owns });
  }
  await db.transaction().execute(async (tx) => {
    await accounts.insert(tx);
    await insertAll(rows, (chunk) => tx.insertInto('capoarea').values(chunk).execute());
    await insertAll(provRows, (chunk) => tx.insertInto('capoarea_provs').values(chunk).execute());
  });
}

/** The provinces of the bench's owning area manager (capoarea.001). */
const OWNER_PROVS = ['RM', 'NA', 'TO', 'LT', 'FR'] as const;
/** The provinces of the bench's big reseller (rivenditore.0001), who holds most of their installers. */
const BIG_RESELLER_PROVS = ['RM', 'NA', 'LT', 'FR', 'CE'] as const;

/**
 * Resellers: the first is the bench's `rivenditore` (Milano, with Monza); the second, `rivenditore.0001`, is a big
 * one (Roma, Napoli, Latina, Frosinone, Caserta) holding most installers there, thousands; the others one or two
 * provinces each.
 */
export async function seedStressRivenditori(db: Db, net: StressNetwork, count: number, seed: number): Promise<void> {
  const g = generator(seed);
  const accounts = accountsOf(g, net.passwordHash);
  const rows: RivenditoriTable[] = [];
  const provRows: { rivenditore_uuid: string; prov: string }[] = [];
  const kinds = ['Ceramiche', 'Edilceramica', 'Pavimenti', 'Superfici', 'Piastrelle', 'Arredobagno', 'Materiali'];
  for (let i = 0; i < count; i++) {
    const first = i === 0;
    const big = i === 1;
    const home = first ? placeOf('MI') : big ? placeOf('RM') : pickPlace(g.random);
    const provs = first
      ? ['MI', 'MB']
      : big
        ? [...BIG_RESELLER_PROVS]
        : [...new Set([home.state, ...(g.chance(0.4) ? [pickPlace(g.random).state] : [])])];
    const name = g.pick(maleNames);
    const lastname = pickSurname(g.random);
    const ragsoc = `${g.pick(kinds)} ${lastname}${g.pick(legalForms)}`;
    const p = person(g, name, lastname, home, i);
    const stato = first || big ? 'active' : accountStato(g);
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
      capoarea: covering.find((c) => c.owns)?.uuid ?? (covering.length > 0 ? g.pick(covering).uuid : null),
      created_at: NOW,
      updated_at: NOW,
    });
    for (const prov of provs) provRows.push({ rivenditore_uuid: uuid, prov });
    net.rivenditori.push({ uuid, provs, big });
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
  const capoareaByProv = new Map<string, string[]>();
  for (const c of net.capoarea)
    for (const p of c.provs) capoareaByProv.set(p, [...(capoareaByProv.get(p) ?? []), c.uuid]);
  // A province of an owning manager is his alone (the first owner listed, when two cover it).
  const ownerByProv = new Map<string, string>();
  for (const c of net.capoarea)
    if (c.owns) for (const p of c.provs) if (!ownerByProv.has(p)) ownerByProv.set(p, c.uuid);
  const rivByProv = new Map<string, string[]>();
  for (const r of net.rivenditori) for (const p of r.provs) rivByProv.set(p, [...(rivByProv.get(p) ?? []), r.uuid]);
  const bigByProv = new Map<string, string>();
  for (const r of net.rivenditori) if (r.big) for (const p of r.provs) if (!bigByProv.has(p)) bigByProv.set(p, r.uuid);
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
      missing === 'codfis' ? '' : codiceFiscaleOf({ name, lastname, dtnasc, female, belfiore: g.pick(birthPlaces) });
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
    const big = bigByProv.get(place.state);
    const rivenditore = demo
      ? benchRivenditore
      : big && g.chance(0.85)
        ? big
        : resellers.length > 0 && g.chance(0.75)
          ? g.pick(resellers)
          : null;
    const covering = capoareaByProv.get(place.state) ?? [];
    const capoarea = demo
      ? benchCapoarea
      : (ownerByProv.get(place.state) ?? (covering.length > 0 && g.chance(0.9) ? g.pick(covering) : null));
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
