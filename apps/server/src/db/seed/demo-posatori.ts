import type { UserRolesTable, UserStato, UsersTable } from '../../modules/auth/auth.table.ts';
import { insertLogins } from '../../modules/auth/users.repository.ts';
import { refreshCouponCounts } from '../../modules/coupons/coupon-totals.repository.ts';
import type { CouponsTable } from '../../modules/coupons/coupons.table.ts';
import { refreshTypeCounts } from '../../modules/coupon-types/coupon-types.repository.ts';
import { posatoreKeys } from '../../modules/posatori/posatori.repository.ts';
import { noCouponTotals, type PosatoreStato, type PosatoriTable } from '../../modules/posatori/posatori.table.ts';
import { newId } from '../../lib/tokens.ts';
import { demoPosatoreCoupons, randomCoupons, seedCouponTypes } from './demo-coupons.ts';
import type { DemoContext, Person } from './demo-context.ts';
import type { DemoRegistry } from './demo-registry.ts';
import {
  codiceFiscaleOf,
  companies,
  companyForms,
  femaleNames,
  italianPlaces,
  lastNames,
  maleNames,
  qualifiche,
} from './italian-data.ts';
import { insertChunks, slug } from './random.ts';

/** How many installers the demo network has, the demo installer included. */
export const DEMO_POSATORI = 300;

type PosatoreFields = Person & { ragsoc: string; dtnasc: string; codfis: string; piva: string };
type PosatoreOptions = {
  username?: string | undefined;
  userStato: UserStato;
  stato: PosatoreStato;
  code: string;
  capoarea: string | null;
  rivenditore: string | null;
  createdAt: string;
};

/** The installers, their accounts and coupons, built in memory and inserted in batches at the end. */
class Network {
  readonly users: UsersTable[] = [];
  readonly roles: UserRolesTable[] = [];
  readonly posatori: PosatoriTable[] = [];
  readonly coupons: CouponsTable[] = [];

  private readonly ctx: DemoContext;

  constructor(ctx: DemoContext) {
    this.ctx = ctx;
  }

  /** An installer with their profile's random details (qualification, certificates, last course month). */
  add(p: PosatoreFields, opts: PosatoreOptions): string {
    const { ctx } = this;
    let userUuid: string | null = null;
    if (opts.username) {
      userUuid = newId();
      this.users.push({
        uuid: userUuid,
        username: opts.username.toLowerCase(),
        email: p.email.toLowerCase(),
        password_hash: opts.userStato === 'requested' ? null : ctx.passwordHash,
        stato: opts.userStato,
        created_at: opts.createdAt,
        updated_at: opts.createdAt,
      });
      this.roles.push({ user_uuid: userUuid, role: 'posatore' });
    }
    const tipo = ctx.pick(qualifiche);
    const expert = tipo === 'ESPERTO' || tipo === 'MASTER';
    const uuid = newId();
    this.posatori.push({
      uuid,
      user_uuid: userUuid,
      ...p,
      code: opts.code,
      ...posatoreKeys({ ...p, code: opts.code }),
      userstato: opts.username ? opts.userStato : 'none',
      // Counted from the coupons once they are in (refreshCouponCounts).
      ...noCouponTotals,
      // Last course month: most installers attended one since 2019, a few never did.
      dtstart: ctx.chance(0.88) ? `${ctx.int(2019, ctx.today.getFullYear())}-${pad2(ctx.int(1, 12))}-01` : '',
      azienda: p.ragsoc,
      tipo,
      certificato: ctx.chance(expert ? 0.75 : 0.25) ? 1 : 0,
      diisocianati: ctx.chance(0.3) ? 1 : 0,
      web: ctx.chance(0.7) ? 1 : 0,
      contoterzi: ctx.chance(0.5) ? 1 : 0,
      website: ctx.chance(0.2) ? `www.${slug(p.ragsoc)}.it` : '',
      ...{ capoarea: opts.capoarea, rivenditore: opts.rivenditore, img: '', stato: opts.stato, err1: '' },
      created_at: opts.createdAt,
      updated_at: opts.createdAt,
    });
    return uuid;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The demo installer: stato OK, with coupons, assigned to the demo area manager and the demo reseller. */
function addMario(ctx: DemoContext, net: Network, reg: DemoRegistry): string {
  const mario = ctx.person('Mario', 'Rossi', italianPlaces[0]);
  return net.add(
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
      capoarea: reg.demoCapoarea,
      rivenditore: reg.demoRivenditore,
      createdAt: new Date(ctx.today.getTime() - 700 * 86_400_000).toISOString(),
    },
  );
}

/** The n-th installer of the rest of the network: Lombardy weighs more, so the demo area manager's lists span pages. */
function addRandomPosatore(ctx: DemoContext, net: Network, reg: DemoRegistry, i: number) {
  const lombardy = italianPlaces.filter((p) => ['MI', 'BG', 'BS'].includes(p.state));
  const place = ctx.chance(0.2) ? ctx.pick(lombardy) : ctx.pick(italianPlaces);
  const female = ctx.chance(0.12);
  const name = ctx.pick(female ? femaleNames : maleNames);
  const lastname = ctx.pick(lastNames);
  const p = ctx.person(name, lastname, place);
  const dtnasc = `${ctx.int(1958, 2002)}-${pad2(ctx.int(1, 12))}-${pad2(ctx.int(1, 28))}`;
  // Incomplete profiles miss what the installer rules require: the tax code, or every phone number.
  const missing = ctx.chance(0.18) ? ctx.pick(['codfis', 'phones'] as const) : undefined;
  const belfiore = () => (ctx.chance(0.8) ? place.belfiore : ctx.pick(italianPlaces).belfiore);
  const codfis = missing === 'codfis' ? '' : codiceFiscaleOf({ name, lastname, dtnasc, female, belfiore: belfiore() });
  if (missing === 'phones') {
    p.phone = '';
    p.cell = '';
  } else if (ctx.chance(0.3)) {
    p.phone = '';
  }
  const stato: PosatoreStato = missing ? 'INCOMPLETO' : ctx.chance(0.06) ? 'SOSPESO' : 'OK';
  const withAccount = ctx.chance(0.65);
  const userStato: UserStato = ctx.chance(0.8) ? 'active' : ctx.chance(0.5) ? 'disabled' : 'requested';
  const rivenditori = reg.rivenditori.filter((r) => r.provs.includes(place.state));
  const rivenditore = rivenditori.length > 0 && ctx.chance(0.75) ? ctx.pick(rivenditori).uuid : null;
  // A few installers outside the demo area manager's provinces are assigned to them by name.
  const capoarea = ctx.chance(0.03) ? reg.demoCapoarea : reg.capoareaFor(place.state);
  const form = ctx.pick(companyForms);
  const ragsoc = `${ctx.pick(companies)} ${lastname}${form}`;
  const piva = form !== '' || ctx.chance(0.3) ? ctx.piva() : '';
  const uuid = net.add(
    { ...p, ragsoc, dtnasc, codfis, piva },
    {
      username: withAccount ? `posatore${String(i).padStart(3, '0')}` : undefined,
      ...{ userStato, stato, code: `POS${String(i).padStart(4, '0')}`, capoarea, rivenditore },
      createdAt: new Date(
        ctx.today.getTime() - ctx.int(1, 1100) * 86_400_000 - ctx.int(0, 86_399) * 1000,
      ).toISOString(),
    },
  );
  return { uuid, rivenditore };
}

/**
 * The installers (the demo one first), their accounts and coupons, and the counts kept beside them. Returns the
 * installers as stored.
 */
export async function seedPosatori(ctx: DemoContext, reg: DemoRegistry): Promise<PosatoriTable[]> {
  const types = await seedCouponTypes(ctx);
  const net = new Network(ctx);
  const mario = addMario(ctx, net, reg);
  // The demo installer is on the public locator (/trova-posatore), so its pages show someone from the start.
  for (const p of net.posatori) if (p.uuid === mario) p.web = 1;
  net.coupons.push(...demoPosatoreCoupons(ctx, types, mario, reg.demoRivenditore));
  for (let i = 2; i <= DEMO_POSATORI; i++) {
    const posatore = addRandomPosatore(ctx, net, reg, i);
    if (ctx.chance(0.45)) net.coupons.push(...randomCoupons(ctx, types, reg.rivenditori, posatore));
  }
  const { tx } = ctx;
  await insertChunks(net.users, 200, (chunk) => tx.insertInto('users').values(chunk).execute());
  await insertLogins(tx, net.users);
  await insertChunks(net.roles, 400, (chunk) => tx.insertInto('user_roles').values(chunk).execute());
  await insertChunks(net.posatori, 100, (chunk) => tx.insertInto('posatori').values(chunk).execute());
  await insertChunks(net.coupons, 200, (chunk) => tx.insertInto('coupons').values(chunk).execute());
  await refreshCouponCounts(tx);
  await refreshTypeCounts(tx);
  return net.posatori;
}
