import type { Role } from '@portal/shared/roles';
import type { Db, DbOrTx } from '../database.ts';
import { insertUser } from '../../modules/auth/auth.repository.ts';
import type { UserStato } from '../../modules/auth/auth.table.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newId } from '../../lib/tokens.ts';

export const DEMO_PASSWORD = 'portale-demo';

/** Deterministic pseudo-random numbers: the same demo dataset on every machine, so screenshots and tests agree. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = [
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
  'Giulia',
  'Sara',
  'Francesca',
  'Chiara',
  'Elena',
];
const lastNames = [
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
];
/** Province, chief town, CAP, street names: a handful of real places so lists and filters look like Italy. */
const places = [
  { state: 'MI', city: 'Milano', cap: '20121' },
  { state: 'MI', city: 'Sesto San Giovanni', cap: '20099' },
  { state: 'BG', city: 'Bergamo', cap: '24121' },
  { state: 'BS', city: 'Brescia', cap: '25121' },
  { state: 'TO', city: 'Torino', cap: '10121' },
  { state: 'VR', city: 'Verona', cap: '37121' },
  { state: 'PD', city: 'Padova', cap: '35121' },
  { state: 'BO', city: 'Bologna', cap: '40121' },
  { state: 'MO', city: 'Modena', cap: '41121' },
  { state: 'RE', city: 'Reggio Emilia', cap: '42121' },
  { state: 'FI', city: 'Firenze', cap: '50122' },
  { state: 'RM', city: 'Roma', cap: '00184' },
  { state: 'NA', city: 'Napoli', cap: '80133' },
  { state: 'BA', city: 'Bari', cap: '70121' },
  { state: 'PA', city: 'Palermo', cap: '90133' },
];
const streets = [
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
];
const companies = [
  'Posa Ceramiche',
  'Pavimenti',
  'Edil Piastrelle',
  'Rivestimenti',
  'Ceramica Design',
  'Superfici',
  'Mosaici',
  'Parquet e Ceramiche',
];

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

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('uuid').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Fills an empty database with a realistic Italian network: demo users, area managers, resellers, installers. */
export async function seedDemo(db: Db): Promise<void> {
  const random = rng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '');

  const person = (name: string, lastname: string, place = pick(places)): Person => ({
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

  const account = (
    tx: DbOrTx,
    username: string,
    email: string,
    roles: Role[],
    stato: UserStato,
    withPassword: boolean,
  ) => insertUser(tx, { username, email, passwordHash: withPassword ? passwordHash : null, stato, roles }, now);

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

    // Area managers: the demo one covers Lombardy's main provinces.
    const capoareaDefs = [
      { username: 'capoarea', name: 'Giorgio', lastname: 'Valli', provs: ['MI', 'BG', 'BS'], stato: 'active' as const },
      {
        username: 'capoarea.nordest',
        name: 'Elisa',
        lastname: 'Martini',
        provs: ['VR', 'PD'],
        stato: 'active' as const,
      },
      {
        username: 'capoarea.centro',
        name: 'Piero',
        lastname: 'Landi',
        provs: ['BO', 'MO', 'RE', 'FI'],
        stato: 'requested' as const,
      },
      {
        username: 'capoarea.sud',
        name: 'Carmela',
        lastname: 'Sorrentino',
        provs: ['RM', 'NA', 'BA', 'PA'],
        stato: 'disabled' as const,
      },
    ];
    const capoareaIds: { uuid: string; provs: string[] }[] = [];
    for (const def of capoareaDefs) {
      const home = places.find((p) => p.state === def.provs[0]);
      const p = person(def.name, def.lastname, home);
      const userUuid = await account(tx, def.username, p.email, ['capoarea'], def.stato, def.stato !== 'requested');
      const uuid = newId();
      await tx
        .insertInto('capoarea')
        .values({
          uuid,
          user_uuid: userUuid,
          ...p,
          ragsoc: `${def.name} ${def.lastname}`,
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

    // Resellers: the demo one is in Milan under the demo area manager.
    const rivDefs = [
      {
        username: 'rivenditore',
        ragsoc: 'Ceramiche Lombarde S.r.l.',
        name: 'Franco',
        lastname: 'Bellini',
        state: 'MI',
      },
      {
        username: 'rivenditore.bergamo',
        ragsoc: 'Orobica Pavimenti S.n.c.',
        name: 'Alberto',
        lastname: 'Pesenti',
        state: 'BG',
      },
      {
        username: 'rivenditore.verona',
        ragsoc: 'Scaligera Rivestimenti S.r.l.',
        name: 'Monica',
        lastname: 'Zanetti',
        state: 'VR',
      },
      {
        username: 'rivenditore.bologna',
        ragsoc: 'Emiliana Ceramiche S.p.A.',
        name: 'Luigi',
        lastname: 'Bertoni',
        state: 'BO',
      },
      {
        username: 'rivenditore.roma',
        ragsoc: 'Capitolina Superfici S.r.l.',
        name: 'Valerio',
        lastname: 'Proietti',
        state: 'RM',
      },
    ];
    const rivIds: { uuid: string; state: string }[] = [];
    for (const [i, def] of rivDefs.entries()) {
      const p = person(
        def.name,
        def.lastname,
        places.find((pl) => pl.state === def.state),
      );
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
          piva: '',
          codfis: '',
          website: '',
          capoarea: capoareaFor(def.state),
          img: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await tx.insertInto('rivenditori_provs').values({ rivenditore_uuid: uuid, prov: def.state }).execute();
      rivIds.push({ uuid, state: def.state });
    }

    const couponTypes = [
      {
        tipo: 'Corso base',
        colore: '#1976d2',
        valore: 5000,
        mesi: 12,
        descri: 'Coupon per la partecipazione al corso base',
      },
      {
        tipo: 'Sconto materiali',
        colore: '#2e7d32',
        valore: 10000,
        mesi: 6,
        descri: 'Sconto sull’acquisto di materiali presso i rivenditori',
      },
      {
        tipo: 'Premio fedeltà',
        colore: '#c62828',
        valore: 2500,
        mesi: 3,
        descri: 'Premio per gli installatori certificati',
      },
    ];
    const couponTypeIds: { uuid: string; valore: number }[] = [];
    for (const ct of couponTypes) {
      const uuid = newId();
      await tx
        .insertInto('coupon_types')
        .values({ uuid, ...ct, ncoupon: 1, minima: 0, disattiva: 0, created_at: now })
        .execute();
      couponTypeIds.push({ uuid, valore: ct.valore });
    }

    const qualifiche = ['BASE', 'QUALIFICATO', 'ESPERTO', 'MASTER'];
    const addPosatore = async (
      p: Person,
      opts: {
        username?: string;
        stato: 'OK' | 'INCOMPLETO' | 'SOSPESO';
        userStato: UserStato;
        codfis: string;
        code: string;
        rivenditore: string | null;
      },
    ) => {
      const userUuid = opts.username
        ? await account(tx, opts.username, p.email, ['posatore'], opts.userStato, opts.userStato !== 'requested')
        : null;
      const uuid = newId();
      const year = 1960 + Math.floor(random() * 40);
      await tx
        .insertInto('posatori')
        .values({
          uuid,
          user_uuid: userUuid,
          ...p,
          ragsoc: `${pick(companies)} ${p.lastname}`,
          dtnasc: `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
          codfis: opts.codfis,
          code: opts.code,
          dtstart: `${2018 + Math.floor(random() * 8)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-01`,
          azienda: `${pick(companies)} ${p.lastname}`,
          tipo: pick(qualifiche),
          certificato: random() < 0.4 ? 1 : 0,
          diisocianati: random() < 0.3 ? 1 : 0,
          web: random() < 0.7 ? 1 : 0,
          contoterzi: random() < 0.5 ? 1 : 0,
          website: '',
          piva: '',
          capoarea: capoareaFor(p.state),
          rivenditore: opts.rivenditore,
          img: '',
          stato: opts.stato,
          err1: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
      return uuid;
    };

    // The demo installer: stato OK, with coupons, assigned to the demo area manager and the demo reseller.
    const demoPosatore = await addPosatore(
      { ...person('Mario', 'Rossi', places[0]), email: 'mario.rossi@esempio.it' },
      {
        username: 'posatore',
        stato: 'OK',
        userStato: 'active',
        codfis: 'RSSMRA85T10A562S',
        code: 'POS0001',
        rivenditore: must(rivIds[0], 'rivenditore').uuid,
      },
    );
    const today = new Date();
    const isoDay = (offsetDays: number) =>
      new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const demoCoupons = [
      { type: 0, scadenza: isoDay(200), dtesecuzione: isoDay(-30) },
      { type: 1, scadenza: isoDay(90), dtesecuzione: null },
      { type: 1, scadenza: isoDay(-10), dtesecuzione: null },
      { type: 2, scadenza: isoDay(45), dtesecuzione: null },
    ];
    for (const [i, c] of demoCoupons.entries()) {
      const t = must(couponTypeIds[c.type], 'tipo coupon');
      await tx
        .insertInto('coupons')
        .values({
          uuid: newId(),
          code: `CP-DEMO-${String(i + 1).padStart(3, '0')}`,
          posatore: demoPosatore,
          tipo: t.uuid,
          valore: t.valore,
          scadenza: c.scadenza,
          dtesecuzione: c.dtesecuzione,
          rivenditore: c.dtesecuzione ? must(rivIds[0], 'rivenditore').uuid : null,
          created_at: now,
        })
        .execute();
    }

    // The rest of the network. Tax codes stay empty here: they are optional in the registry.
    for (let i = 2; i <= 60; i++) {
      const place = pick(places);
      const p = person(pick(firstNames), pick(lastNames), place);
      const riv = rivIds.find((r) => r.state === place.state)?.uuid ?? null;
      const withAccount = random() < 0.6;
      const userStato: UserStato = withAccount ? (random() < 0.8 ? 'active' : 'disabled') : 'requested';
      await addPosatore(p, {
        username: withAccount ? `posatore${String(i).padStart(3, '0')}` : undefined,
        stato: random() < 0.7 ? 'OK' : random() < 0.5 ? 'INCOMPLETO' : 'SOSPESO',
        userStato,
        codfis: '',
        code: `POS${String(i).padStart(4, '0')}`,
        rivenditore: riv,
      });
    }

    // A few messages so the inbox badge and the folders have something true to show.
    const users = await tx
      .selectFrom('users')
      .select(['uuid', 'username'])
      .where('username', 'in', ['admin', 'capoarea', 'rivenditore', 'posatore'])
      .execute();
    const uid = (name: string) =>
      must(
        users.find((u) => u.username === name),
        name,
      ).uuid;
    const messages = [
      {
        from: 'admin',
        to: ['posatore', 'capoarea', 'rivenditore'],
        oggetto: 'Nuovo catalogo 2027',
        content: 'È disponibile il nuovo catalogo prodotti 2027 nella sezione Documenti.',
      },
      {
        from: 'admin',
        to: ['posatore'],
        oggetto: 'Corso di aggiornamento a Milano',
        content: 'Il prossimo corso di aggiornamento si terrà a Milano il mese prossimo. Iscrizioni aperte.',
      },
      {
        from: 'capoarea',
        to: ['admin'],
        oggetto: 'Rinnovi partner Lombardia',
        content: 'In allegato la situazione dei rinnovi delle aziende partner della Lombardia.',
      },
      {
        from: 'rivenditore',
        to: ['capoarea'],
        oggetto: 'Richiesta materiale espositivo',
        content: 'Buongiorno, avremmo bisogno di nuovo materiale espositivo per lo showroom.',
      },
    ];
    for (const [i, m] of messages.entries()) {
      const uuid = newId();
      const at = new Date(today.getTime() - (i + 1) * 86_400_000).toISOString();
      await tx
        .insertInto('messages')
        .values({
          uuid,
          sender_uuid: uid(m.from),
          oggetto: m.oggetto,
          content: m.content,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await tx
        .insertInto('message_recipients')
        .values(m.to.map((to) => ({ message_uuid: uuid, user_uuid: uid(to), read_at: null })))
        .execute();
    }
  });
}
