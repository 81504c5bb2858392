import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, personOfUser, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

type TypeRow = { uuid: string; tipo: string; valore: number; ccoupon: number; disattiva: boolean; minima: number };
/** A type's history in the audit trail, oldest first: action and changes. */
const historyOf = async (uuid: string) =>
  (
    await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'changes'])
      .where('entity', '=', 'tipo-coupon')
      .where('entity_id', '=', uuid)
      .orderBy('at')
      .orderBy('uuid')
      .execute()
  ).map((r) => ({ action: r.action, by: r.actor_name, changes: JSON.parse(r.changes) as unknown[] }));
const types = async () => (await as.admin.get('/api/tcoupons')).json() as TypeRow[];
const body = {
  tipo: 'Corso posa grandi lastre',
  valore: 75.5,
  descri: 'Partecipazione al corso',
  colore: '#6A1B9A',
  ncoupon: 2,
  minima: 300,
  mesi: 6,
};

describe('coupon types', () => {
  it('lists the types with their coupon counts and the disabled flag', async () => {
    const list = await types();
    const base = list.find((t) => t.tipo === 'Corso base');
    const promo = list.find((t) => t.tipo === 'Promo estate 2025');
    expect(base?.ccoupon).toBeGreaterThan(0);
    expect(base?.disattiva).toBe(false);
    expect(promo?.disattiva).toBe(true);
    const counted = await ctx.db
      .selectFrom('coupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tipo', '=', base?.uuid ?? '')
      .executeTakeFirstOrThrow();
    expect(base?.ccoupon).toBe(Number(counted.n));
  });

  it('starts a new type from sensible defaults', async () => {
    expect((await as.admin.get('/api/ntcoupon')).json()).toMatchObject({ tipo: '', ncoupon: 1, mesi: 12, valore: 0 });
  });

  it('creates, reads and updates a type, money in euros', async () => {
    const created = await as.admin.post('/api/tcoupon/nuovo', body);
    expect(created.statusCode).toBe(200);
    const { uuid } = created.json() as { uuid: string };
    const read = (await as.admin.get(`/api/tcoupon/${uuid}`)).json() as TypeRow & { colore: string };
    expect(read).toMatchObject({ tipo: body.tipo, valore: 75.5, minima: 300, colore: '#6a1b9a', ccoupon: 0 });
    expect((await as.admin.post(`/api/tcoupon/${uuid}`, { ...body, valore: 80 })).statusCode).toBe(200);
    expect(((await as.admin.get(`/api/tcoupon/${uuid}`)).json() as TypeRow).valore).toBe(80);
    const history = await historyOf(uuid);
    expect(history.map((h) => [h.action, h.by])).toEqual([
      ['creazione', 'admin'],
      ['modifica', 'admin'],
    ]);
    expect(history[0]?.changes).toContainEqual({ field: 'valore', before: null, after: '75.5' });
    expect(history[1]?.changes).toEqual([{ field: 'valore', before: '75.5', after: '80' }]);
  });

  it('refuses a bad form with Italian reasons per field', async () => {
    const res = await as.admin.post('/api/tcoupon/nuovo', { ...body, tipo: ' ', colore: 'rosso', mesi: 0, valore: -1 });
    expect(res.statusCode).toBe(400);
    const { reason, fields } = res.json() as { reason: string; fields: Record<string, string> };
    expect(reason).toBe('Attenzione, correggere i campi segnalati');
    expect(fields).toMatchObject({
      tipo: 'Tipo obbligatorio',
      colore: 'Colore non valido (#RRGGBB)',
      mesi: 'Almeno 1 mese',
    });
    expect(fields.valore).toBeDefined();
    expect((await as.admin.post('/api/tcoupon/nuovo', { ...body, ncoupon: 1.5 })).statusCode).toBe(400);
  });

  it('answers 404 for a type that does not exist', async () => {
    const ghost = crypto.randomUUID();
    expect((await as.admin.get(`/api/tcoupon/${ghost}`)).statusCode).toBe(404);
    expect((await as.admin.post(`/api/tcoupon/${ghost}`, body)).statusCode).toBe(404);
    expect((await as.admin.post(`/api/disabletcoupon/${ghost}`, {})).statusCode).toBe(404);
    expect((await as.admin.delete(`/api/tcoupon/${ghost}`)).statusCode).toBe(404);
    expect((await as.admin.get('/api/tcoupon/non-un-id')).statusCode).toBe(400);
  });

  it('switches a type off and on; the combos follow', async () => {
    const { uuid } = (await as.admin.post('/api/tcoupon/nuovo', { ...body, tipo: 'Da spegnere' })).json() as {
      uuid: string;
    };
    const inCombo = async (path: string) =>
      ((await as.capoarea.get(path)).json() as { value: string }[]).some((o) => o.value === uuid);
    expect(await inCombo('/api/cbotcoupons')).toBe(true);
    expect((await as.admin.post(`/api/disabletcoupon/${uuid}`, {})).statusCode).toBe(200);
    expect((await types()).find((t) => t.uuid === uuid)?.disattiva).toBe(true);
    expect(await inCombo('/api/cbotcoupons')).toBe(false);
    expect(await inCombo('/api/cbotcoupons2')).toBe(true);
    expect((await as.admin.post(`/api/enabletcoupon/${uuid}`, {})).statusCode).toBe(200);
    expect(await inCombo('/api/cbotcoupons')).toBe(true);
    expect((await historyOf(uuid)).slice(1).map((h) => h.changes)).toEqual([
      [{ field: 'disattiva', before: '0', after: '1' }],
      [{ field: 'disattiva', before: '1', after: '0' }],
    ]);
  });

  it('deletes a type without coupons, and refuses one with coupons', async () => {
    const { uuid } = (await as.admin.post('/api/tcoupon/nuovo', { ...body, tipo: 'Da eliminare' })).json() as {
      uuid: string;
    };
    expect((await as.admin.delete(`/api/tcoupon/${uuid}`)).statusCode).toBe(200);
    expect((await as.admin.get(`/api/tcoupon/${uuid}`)).statusCode).toBe(404);
    expect((await historyOf(uuid)).at(-1)).toMatchObject({
      action: 'eliminazione',
      changes: [{ field: 'tipo', before: 'Da eliminare', after: null }, expect.objectContaining({ field: 'valore' })],
    });

    const base = (await types()).find((t) => t.tipo === 'Corso base');
    const refused = await as.admin.delete(`/api/tcoupon/${base?.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ res: 'KO', reason: 'Il tipo ha dei coupon: si può solo disattivare' });
    // A refused deletion leaves no entry.
    expect((await historyOf(base?.uuid ?? '')).map((h) => h.action)).not.toContain('eliminazione');

    // A type that gets its first coupon can no longer be deleted.
    const other = (await as.admin.post('/api/tcoupon/nuovo', { ...body, tipo: 'Assegnato' })).json() as {
      uuid: string;
    };
    const mario = await personOfUser(ctx.db, 'posatori', 'posatore');
    expect((await as.admin.post('/api/assegnacoupon', { tipo: other.uuid, posatore: mario })).statusCode).toBe(200);
    expect((await types()).find((t) => t.uuid === other.uuid)?.ccoupon).toBe(2);
    expect((await as.admin.delete(`/api/tcoupon/${other.uuid}`)).statusCode).toBe(409);
  });

  it('is the admin’s registry only', async () => {
    expect((await as.capoarea.get('/api/tcoupons')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tcoupons' })).statusCode).toBe(401);
  });
});
