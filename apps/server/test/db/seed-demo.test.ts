import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCodiceFiscale } from '@portal/shared/validation/codice-fiscale';
import { isValidPartitaIva } from '@portal/shared/validation/partita-iva';
import { installerProfileRules } from '@portal/shared/validation/profile-rules';
import { validateRecord } from '@portal/shared/validation/rules';
import { DEMO_PARTNERS } from '../../src/db/seed/demo-partners.ts';
import { DEMO_POSATORI } from '../../src/db/seed/demo-posatori.ts';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { addDays, addMonths, todayInRome } from '../../src/lib/clock.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

let ctx: TestContext;
let seedMs = 0;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  const start = performance.now();
  await seedDemo(ctx.db);
  seedMs = performance.now() - start;
});
afterAll(() => ctx.close());

describe('demo network', () => {
  it('seeds quickly, in one go', () => {
    expect(seedMs).toBeLessThan(process.env.TEST_DATABASE_URL ? 5000 : 2000);
  });

  it('holds an import already done, whose installers /admin/impposatori/{id} lists', async () => {
    const record = await ctx.db.selectFrom('imports').selectAll().executeTakeFirstOrThrow();
    expect(record).toMatchObject({ tipo: 'posatori', nuovi: 12, aggiornati: 3, errori: 2 });
    const linked = await ctx.db
      .selectFrom('import_posatori')
      .innerJoin('posatori', 'posatori.uuid', 'import_posatori.posatore_uuid')
      .select('posatori.uuid')
      .where('import_posatori.import_uuid', '=', record.uuid)
      .execute();
    expect(linked).toHaveLength(15);
  });

  it('keeps the four demo users as the README describes them', async () => {
    const users = await ctx.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_uuid', 'users.uuid')
      .select(['users.username', 'users.stato', 'user_roles.role'])
      .where('users.username', 'in', ['admin', 'capoarea', 'rivenditore', 'posatore'])
      .orderBy('users.username')
      .execute();
    expect(users).toEqual([
      { username: 'admin', stato: 'active', role: 'admin' },
      { username: 'capoarea', stato: 'active', role: 'capoarea' },
      { username: 'posatore', stato: 'active', role: 'posatore' },
      { username: 'rivenditore', stato: 'active', role: 'rivenditori' },
    ]);
    const mario = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .innerJoin('capoarea', 'capoarea.uuid', 'posatori.capoarea')
      .innerJoin('rivenditori', 'rivenditori.uuid', 'posatori.rivenditore')
      .select(['posatori.uuid', 'posatori.stato', 'capoarea.name as ca', 'rivenditori.ragsoc as riv'])
      .where('users.username', '=', 'posatore')
      .executeTakeFirstOrThrow();
    expect(mario).toMatchObject({ stato: 'OK', ca: 'Giorgio', riv: 'Ceramiche Lombarde S.r.l.' });
    // Coupons in every state: valid, used, expired, and one of a type switched off.
    const coupons = await ctx.db
      .selectFrom('coupons')
      .innerJoin('coupon_types', 'coupon_types.uuid', 'coupons.tipo')
      .select(['coupons.dtesecuzione', 'coupons.scadenza', 'coupon_types.disattiva'])
      .where('posatore', '=', mario.uuid)
      .execute();
    expect(coupons).toHaveLength(6);
    const today = new Date().toISOString().slice(0, 10);
    expect(coupons.some((c) => c.dtesecuzione !== null)).toBe(true);
    expect(coupons.some((c) => c.dtesecuzione === null && c.scadenza < today)).toBe(true);
    expect(coupons.filter((c) => c.dtesecuzione === null && c.scadenza > today).length).toBeGreaterThanOrEqual(3);
    expect(coupons.some((c) => c.disattiva === 1)).toBe(true);
  });

  it('has a few hundred installers across many provinces, with varied registry data', async () => {
    const rows = await ctx.db.selectFrom('posatori').selectAll().execute();
    expect(rows).toHaveLength(DEMO_POSATORI);
    expect(new Set(rows.map((r) => r.state)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.tipo))).toEqual(new Set(['BASE', 'QUALIFICATO', 'ESPERTO', 'MASTER']));
    expect(new Set(rows.map((r) => r.stato))).toEqual(new Set(['OK', 'INCOMPLETO', 'SOSPESO']));
    expect(new Set(rows.map((r) => r.certificato))).toEqual(new Set([0, 1]));
    expect(new Set(rows.map((r) => r.dtstart)).size).toBeGreaterThan(40);
    expect(new Set(rows.map((r) => r.code)).size).toBe(DEMO_POSATORI);
  });

  it('uses valid tax and VAT codes, and OK profiles pass the installer rules', async () => {
    const rows = await ctx.db.selectFrom('posatori').selectAll().execute();
    const withCodfis = rows.filter((r) => r.codfis !== '');
    expect(withCodfis.length).toBeGreaterThan(DEMO_POSATORI * 0.7);
    for (const r of withCodfis) expect(isValidCodiceFiscale(r.codfis), r.codfis).toBe(true);
    for (const r of rows.filter((x) => x.piva !== '')) expect(isValidPartitaIva(r.piva), r.piva).toBe(true);
    for (const r of rows.filter((x) => x.stato === 'OK')) {
      expect(validateRecord(installerProfileRules, r), r.code).toEqual({});
    }
    for (const r of rows.filter((x) => x.stato === 'INCOMPLETO')) {
      expect(validateRecord(installerProfileRules, r), r.code).not.toEqual({});
    }
  });

  it('assigns area managers and resellers consistently with their provinces', async () => {
    const rows = await ctx.db.selectFrom('posatori').select(['state', 'capoarea', 'rivenditore', 'code']).execute();
    const caProvs = await ctx.db.selectFrom('capoarea_provs').selectAll().execute();
    const rivProvs = await ctx.db.selectFrom('rivenditori_provs').selectAll().execute();
    const demoCa = await ctx.db
      .selectFrom('capoarea')
      .innerJoin('users', 'users.uuid', 'capoarea.user_uuid')
      .select('capoarea.uuid')
      .where('users.username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    for (const r of rows) {
      if (r.capoarea && r.capoarea !== demoCa.uuid) {
        expect(
          caProvs.some((p) => p.capoarea_uuid === r.capoarea && p.prov === r.state),
          r.code,
        ).toBe(true);
      }
      if (r.rivenditore) {
        expect(
          rivProvs.some((p) => p.rivenditore_uuid === r.rivenditore && p.prov === r.state),
          r.code,
        ).toBe(true);
      }
    }
    expect(rows.filter((r) => r.capoarea === null).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.rivenditore === null).length).toBeGreaterThan(0);
  });

  it('has partners with payments: expired, expiring within 30 days, valid and new ones', async () => {
    const partners = await ctx.db.selectFrom('partners').selectAll().execute();
    expect(partners).toHaveLength(DEMO_PARTNERS);
    const payments = await ctx.db.selectFrom('partner_payments').selectAll().execute();
    const today = todayInRome();
    const soon = addDays(today, 30);
    const expired = partners.filter((p) => p.dtscad !== '' && p.dtscad < today);
    const expiring = partners.filter((p) => p.dtscad >= today && p.dtscad <= soon);
    const valid = partners.filter((p) => p.dtscad > soon);
    const fresh = partners.filter((p) => p.dtscad === '');
    for (const group of [expired, expiring, valid, fresh]) expect(group.length).toBeGreaterThan(0);
    for (const p of partners) {
      expect(isValidPartitaIva(p.piva), p.code).toBe(true);
      const own = payments.filter((x) => x.partner_uuid === p.uuid).map((x) => x.dtrinnovo);
      const latest = own.sort().at(-1) ?? '';
      expect(p.dtrinnovo, p.code).toBe(latest);
      expect(p.dtscad, p.code).toBe(latest ? addMonths(latest, 12) : '');
    }
    for (const x of payments) {
      expect(Number.isInteger(x.fatturato) && x.fatturato > 0).toBe(true);
      // Seeded without a file store: no file, so no link that could break.
      expect(x.file).toBe('');
    }
    // The demo area manager's reach shows every case on their home.
    const demoCa = await ctx.db
      .selectFrom('capoarea')
      .innerJoin('users', 'users.uuid', 'capoarea.user_uuid')
      .select('capoarea.uuid')
      .where('users.username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    const reach = partners.filter((p) => p.capoarea === demoCa.uuid || ['MI', 'BG', 'BS'].includes(p.state));
    expect(reach.some((p) => p.dtscad !== '' && p.dtscad < today)).toBe(true);
    expect(reach.some((p) => p.dtscad >= today && p.dtscad <= soon)).toBe(true);
  });
});
