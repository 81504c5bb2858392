import { afterAll, beforeAll, expect } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

/**
 * What the installer profile's test files share: one database per file (each file calls useProfileDatabase),
 * the demo clients, Mario Rossi's uuid, and installers in and out of the demo area manager's reach.
 */
export let ctx: TestContext;
export let as: RoleClients;
export let mario: string;

export function useProfileDatabase(): void {
  beforeAll(async () => {
    ctx = await createTestContext();
    as = await loginAs(ctx);
    mario = (await ctx.db.selectFrom('posatori').select('uuid').where('code', '=', 'POS0001').executeTakeFirstOrThrow())
      .uuid;
  });
  afterAll(() => ctx.close());
}

export const CORREGGERE = 'Attenzione, correggere i campi segnalati';

export type Profile = Record<string, unknown> & { uuid: string; codfis: string; stato: string };
export const profile = async (id: string, client: ApiClient = as.admin): Promise<Profile> => {
  const res = await client.get(`/api/posatori/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
export const stored = (id: string) =>
  ctx.db.selectFrom('posatori').selectAll().where('uuid', '=', id).executeTakeFirstOrThrow();

/** An installer outside the demo area manager's reach and not the demo reseller's. */
export async function outsider(extra: { stato?: 'OK' | 'SOSPESO' | 'INCOMPLETO' } = {}) {
  const demoCa = await ctx.db
    .selectFrom('capoarea')
    .innerJoin('users', 'users.uuid', 'capoarea.user_uuid')
    .select('capoarea.uuid')
    .where('users.username', '=', 'capoarea')
    .executeTakeFirstOrThrow();
  let q = ctx.db
    .selectFrom('posatori')
    .select('uuid')
    .where('state', 'not in', ['MI', 'BG', 'BS'])
    .where((eb) => eb.or([eb('capoarea', 'is', null), eb('capoarea', '<>', demoCa.uuid)]))
    .where('code', '<>', 'POS0001');
  if (extra.stato) q = q.where('stato', '=', extra.stato);
  return (await q.orderBy('code').executeTakeFirstOrThrow()).uuid;
}

/** An installer in the demo area manager's provinces that the demo reseller does not hold. */
export async function insider() {
  const reseller = await ctx.db
    .selectFrom('rivenditori')
    .select('uuid')
    .where('ragsoc', '=', 'Ceramiche Lombarde S.r.l.')
    .executeTakeFirstOrThrow();
  return (
    await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('state', '=', 'BG')
      .where((eb) => eb.or([eb('rivenditore', 'is', null), eb('rivenditore', '<>', reseller.uuid)]))
      .orderBy('code')
      .executeTakeFirstOrThrow()
  ).uuid;
}

/** The profile as a form would send it back, with changes. */
export async function edited(id: string, changes: Record<string, unknown>, client: ApiClient = as.admin) {
  return { ...(await profile(id, client)), ...changes };
}
