import type { UserStato } from '../../modules/auth/auth.table.ts';
import { capoareaKeys } from '../../modules/capoarea/capoarea.repository.ts';
import { rivenditoreKeys } from '../../modules/rivenditori/rivenditori.repository.ts';
import { newId } from '../../lib/tokens.ts';
import type { DemoContext } from './demo-context.ts';
import { must, slug } from './random.ts';

/** An area manager or reseller of the demo and the provinces it covers. */
export type Covering = { uuid: string; provs: string[] };

/** The demo network's offices: the admin, the area managers and the resellers, each with a login. */
export type DemoRegistry = {
  adminUser: string;
  capoarea: Covering[];
  rivenditori: Covering[];
  demoCapoarea: string;
  demoRivenditore: string;
  /** The area manager covering a province, if any. */
  capoareaFor: (state: string) => string | null;
};

export async function seedAdmin(ctx: DemoContext): Promise<string> {
  const adminUser = await ctx.account('admin', 'admin@portale-posatori.it', ['admin'], 'active', true);
  await ctx.tx
    .insertInto('admins')
    .values({
      uuid: newId(),
      user_uuid: adminUser,
      name: 'Laura',
      lastname: 'Amministratrice',
      email: 'admin@portale-posatori.it',
      phone: '02 5550100',
      img: '',
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .execute();
  return adminUser;
}

/** Area managers: the demo one covers Lombardy's main provinces; some provinces stay uncovered on purpose. */
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

export async function seedCapoarea(ctx: DemoContext): Promise<Covering[]> {
  const ids: Covering[] = [];
  for (const def of capoareaDefs) {
    const p = ctx.person(def.name, def.lastname, ctx.placeOf(must(def.provs[0], 'provincia')));
    const userUuid = await ctx.account(def.username, p.email, ['capoarea'], def.stato, def.stato !== 'requested');
    const uuid = newId();
    const ragsoc = `${def.name} ${def.lastname}`;
    await ctx.tx
      .insertInto('capoarea')
      .values({
        ...{ uuid, user_uuid: userUuid, ...p, ragsoc },
        ...capoareaKeys({ name: def.name, lastname: def.lastname, ragsoc }),
        ...{ piva: '', codfis: '', website: '', img: '', created_at: ctx.now, updated_at: ctx.now },
      })
      .execute();
    await ctx.tx
      .insertInto('capoarea_provs')
      .values(def.provs.map((prov) => ({ capoarea_uuid: uuid, prov })))
      .execute();
    ids.push({ uuid, provs: def.provs });
  }
  return ids;
}

/** Resellers: the demo one is in Milan under the demo area manager. */
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

export async function seedRivenditori(
  ctx: DemoContext,
  capoareaFor: (state: string) => string | null,
): Promise<Covering[]> {
  const ids: Covering[] = [];
  for (const [i, def] of rivDefs.entries()) {
    const state = must(def.provs[0], 'provincia');
    const p = ctx.person(def.name, def.lastname, ctx.placeOf(state));
    const userUuid = await ctx.account(def.username, p.email, ['rivenditori'], 'active', true);
    const uuid = newId();
    const code = `RIV${String(i + 1).padStart(3, '0')}`;
    await ctx.tx
      .insertInto('rivenditori')
      .values({
        ...{ uuid, user_uuid: userUuid, ...p, ragsoc: def.ragsoc, code, ...rivenditoreKeys({ ...def, code }) },
        piva: ctx.piva(),
        codfis: '',
        website: `www.${slug(def.ragsoc.split(' ')[0] ?? 'rivenditore')}.it`,
        capoarea: capoareaFor(state),
        ...{ img: '', created_at: ctx.now, updated_at: ctx.now },
      })
      .execute();
    await ctx.tx
      .insertInto('rivenditori_provs')
      .values(def.provs.map((prov) => ({ rivenditore_uuid: uuid, prov })))
      .execute();
    ids.push({ uuid, provs: def.provs });
  }
  return ids;
}

/** The offices in the order their random draws were always made: area managers, then resellers. */
export async function seedRegistry(ctx: DemoContext): Promise<DemoRegistry> {
  const adminUser = await seedAdmin(ctx);
  const capoarea = await seedCapoarea(ctx);
  const capoareaFor = (state: string) => capoarea.find((c) => c.provs.includes(state))?.uuid ?? null;
  const rivenditori = await seedRivenditori(ctx, capoareaFor);
  return {
    adminUser,
    capoarea,
    rivenditori,
    demoCapoarea: must(capoarea[0], 'capoarea demo').uuid,
    demoRivenditore: must(rivenditori[0], 'rivenditore demo').uuid,
    capoareaFor,
  };
}
