import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posaOrders } from '@portal/shared/schemas/posatori';
import { DEMO_POSATORI } from '../../../src/db/seed/demo-posatori.ts';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

type Row = {
  uuid: string;
  img: string;
  descri: string;
  tipo: string;
  destipo: string;
  code: string;
  prov: string;
  certificato: boolean;
  dtcorso: string;
  stato: string;
  coupon: number;
  userstato: string;
};
type Page = { data: Row[]; page: number; pages: number; reccount: number };

const page = async (url: string, client: ApiClient = as.admin): Promise<Page> => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Every row of a filtered list, walking the pages. */
const all = async (url: string, client: ApiClient = as.admin): Promise<Row[]> => {
  const sep = url.includes('?') ? '&' : '?';
  const first = await page(`${url}${sep}size=200`, client);
  const rows = [...first.data];
  for (let p = 2; p <= first.pages; p++) rows.push(...(await page(`${url}${sep}size=200&page=${p}`, client)).data);
  expect(rows).toHaveLength(first.reccount);
  return rows;
};
const dbCount = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => {
  const row = await where(base())
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
const base = () => ctx.db.selectFrom('posatori');

describe('who may call the lists', () => {
  it.each(['/api/posatori', '/api/posatori4ca', '/api/posatori4ri', '/api/posatori4ri_home'])(
    '%s answers 401 without a session',
    async (url) => {
      expect((await as.anonymous.get(url)).statusCode).toBe(401);
    },
  );

  it('an installer may not list installers', async () => {
    for (const url of ['/api/posatori', '/api/posatori4ca', '/api/posatori4ri', '/api/posatori4ri_home']) {
      expect((await as.posatore.get(url)).statusCode).toBe(403);
    }
  });

  it('the area-manager and reseller lists belong to those roles', async () => {
    expect((await as.admin.get('/api/posatori4ca')).statusCode).toBe(403);
    expect((await as.rivenditore.get('/api/posatori4ca')).statusCode).toBe(403);
    expect((await as.capoarea.get('/api/posatori4ri')).statusCode).toBe(403);
    expect((await as.admin.get('/api/posatori4ri_home')).statusCode).toBe(403);
  });
});

describe('GET /api/posatori as admin', () => {
  it('pages every installer, 20 at a time by default, ordered by surname', async () => {
    const p = await page('/api/posatori');
    expect(p.reccount).toBe(DEMO_POSATORI);
    expect(p.page).toBe(1);
    expect(p.pages).toBe(Math.ceil(DEMO_POSATORI / 20));
    expect(p.data).toHaveLength(20);
    expect(Object.keys(p.data[0]!).sort()).toEqual(
      [
        'certificato',
        'code',
        'coupon',
        'descri',
        'destipo',
        'dtcorso',
        'img',
        'prov',
        'stato',
        'tipo',
        'userstato',
        'uuid',
      ].sort(),
    );
    const names = await ctx.db
      .selectFrom('posatori')
      .select(['uuid', 'lastname'])
      .where(
        'uuid',
        'in',
        p.data.map((r) => r.uuid),
      )
      .execute();
    const surnames = p.data.map((r) => names.find((n) => n.uuid === r.uuid)!.lastname.toLowerCase());
    expect(surnames).toEqual([...surnames].sort());
  });

  it('shows the demo installer as the admin row needs it', async () => {
    const [mario] = (await page('/api/posatori?code=POS0001')).data;
    expect(mario).toMatchObject({
      descri: 'Mario Rossi',
      code: 'POS0001',
      prov: 'MI',
      stato: 'OK',
      coupon: 6,
      userstato: 'active',
      img: '',
    });
    expect(mario!.destipo).not.toBe('');
    expect(mario!.dtcorso).toMatch(/^(\d{4}-\d{2}-01)?$/);
  });

  it('gives the account stato for the reset / activation menu entry', async () => {
    const rows = await all('/api/posatori');
    const stati = new Set(rows.map((r) => r.userstato));
    expect([...stati].sort()).toEqual(['active', 'disabled', 'none', 'requested']);
    const withoutAccount = await dbCount((q) => q.where('user_uuid', 'is', null));
    expect(rows.filter((r) => r.userstato === 'none')).toHaveLength(withoutAccount);
  });

  it('filters by qualification', async () => {
    const rows = await all('/api/posatori?tipo=MASTER');
    expect(rows.length).toBe(await dbCount((q) => q.where('tipo', '=', 'MASTER')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.tipo === 'MASTER' && r.destipo === 'Master')).toBe(true);
  });

  it('filters by certificate', async () => {
    const yes = await page('/api/posatori?certificato=1');
    const no = await page('/api/posatori?certificato=0');
    expect(yes.reccount).toBe(await dbCount((q) => q.where('certificato', '=', 1)));
    expect(yes.reccount + no.reccount).toBe(DEMO_POSATORI);
    expect(yes.data.every((r) => r.certificato)).toBe(true);
    expect(no.data.every((r) => !r.certificato)).toBe(true);
    expect((await page('/api/posatori?certificato=')).reccount).toBe(DEMO_POSATORI);
  });

  it('filters by province', async () => {
    const rows = await all('/api/posatori?state=BG');
    expect(rows.length).toBe(await dbCount((q) => q.where('state', '=', 'BG')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.prov === 'BG')).toBe(true);
  });

  it('filters by status', async () => {
    for (const stato of ['OK', 'INCOMPLETO', 'SOSPESO']) {
      const rows = await all(`/api/posatori?stato=${stato}`);
      expect(rows.length).toBe(await dbCount((q) => q.where('stato', '=', stato as 'OK')));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.stato === stato)).toBe(true);
    }
  });

  it('filters by part of the code, case-insensitively', async () => {
    expect((await page('/api/posatori?code=POS000')).data.map((r) => r.code).sort()).toEqual([
      'POS0001',
      'POS0002',
      'POS0003',
      'POS0004',
      'POS0005',
      'POS0006',
      'POS0007',
      'POS0008',
      'POS0009',
    ]);
    expect((await page('/api/posatori?code=pos0001')).data.map((r) => r.code)).toEqual(['POS0001']);
  });

  it('filters by name in either order, case-insensitively, taking wildcards literally', async () => {
    for (const q of ['mario%20rossi', 'Rossi%20Mario', 'MARIO%20%20ROSSI']) {
      expect((await page(`/api/posatori?name=${q}`)).data.map((r) => r.descri)).toContain('Mario Rossi');
    }
    const rossi = await all('/api/posatori?name=rossi');
    expect(rossi.length).toBe(await dbCount((q) => q.where('lastname', '=', 'Rossi')));
    expect(rossi.every((r) => r.descri.endsWith('Rossi'))).toBe(true);
    expect(await page('/api/posatori?name=%25')).toEqual({ data: [], page: 1, pages: 0, reccount: 0 });
    expect((await page('/api/posatori?name=_')).reccount).toBe(0);
  });

  it('filters by course month (YYYY-MM)', async () => {
    const sample = await ctx.db
      .selectFrom('posatori')
      .select('dtstart')
      .where('dtstart', '<>', '')
      .executeTakeFirstOrThrow();
    const month = sample.dtstart.slice(0, 7);
    const rows = await all(`/api/posatori?dtcorso=${month}`);
    expect(rows.length).toBe(await dbCount((q) => q.where('dtstart', '=', `${month}-01`)));
    expect(rows.every((r) => r.dtcorso === `${month}-01`)).toBe(true);
  });

  it('combines filters', async () => {
    const rows = await all('/api/posatori?state=MI&certificato=1&stato=OK');
    expect(rows.length).toBe(
      await dbCount((q) => q.where('state', '=', 'MI').where('certificato', '=', 1).where('stato', '=', 'OK')),
    );
    expect(rows.every((r) => r.prov === 'MI' && r.certificato && r.stato === 'OK')).toBe(true);
  });

  it.each([
    'dtcorso=2024-13',
    'dtcorso=2024-01-01',
    'state=milano',
    'stato=ATTIVO',
    'certificato=2',
    'order=random',
    `name=${'x'.repeat(101)}`,
    'page=0',
    'page=abc',
    'size=0',
    'size=201',
  ])('refuses %s with a 400 in Italian', async (query) => {
    const res = await as.admin.get(`/api/posatori?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ res: 'KO', reason: expect.any(String) });
  });

  it.each(posaOrders)('orders by %s', async (order) => {
    const p = await page(`/api/posatori?order=${order}&size=200`);
    expect(p.data).toHaveLength(200);
  });

  it('orders by code, course date and coupons as they say', async () => {
    expect((await page('/api/posatori?order=codice')).data[0]!.code).toBe('POS0001');
    const byCourse = (await page('/api/posatori?order=corso&size=200')).data.map((r) => r.dtcorso);
    expect(byCourse).toEqual([...byCourse].sort().reverse());
    const byCoupon = (await page('/api/posatori?order=coupon&size=200')).data.map((r) => r.coupon);
    expect(byCoupon).toEqual([...byCoupon].sort((a, b) => b - a));
  });
});

describe('paging', () => {
  it('honours size and page', async () => {
    const p = await page('/api/posatori?size=50&page=3');
    expect(p).toMatchObject({ page: 3, pages: Math.ceil(DEMO_POSATORI / 50), reccount: DEMO_POSATORI });
    expect(p.data).toHaveLength(50);
    expect((await page('/api/posatori?size=200')).data).toHaveLength(200);
    expect((await page('/api/posatori?size=1')).pages).toBe(DEMO_POSATORI);
  });

  it('never repeats or skips a row across pages', async () => {
    const seen = new Set<string>();
    for (let p = 1; p <= Math.ceil(DEMO_POSATORI / 70); p++) {
      for (const r of (await page(`/api/posatori?size=70&page=${p}&order=provincia`)).data) seen.add(r.uuid);
    }
    expect(seen.size).toBe(DEMO_POSATORI);
  });

  it('corrects a page beyond the count to the last page', async () => {
    const p = await page('/api/posatori?size=7&page=999');
    const pages = Math.ceil(DEMO_POSATORI / 7);
    expect(p.page).toBe(pages);
    expect(p.pages).toBe(pages);
    expect(p.data).toHaveLength(DEMO_POSATORI - (pages - 1) * 7);
    expect((await page('/api/posatori?state=BG&page=50')).page).toBe(1);
  });

  it('answers no rows as page 1 of 0', async () => {
    expect(await page('/api/posatori?code=NESSUNO&page=4')).toEqual({ data: [], page: 1, pages: 0, reccount: 0 });
  });
});

describe('area manager', () => {
  const inScope = async () => {
    const demo = await ctx.db
      .selectFrom('capoarea')
      .innerJoin('users', 'users.uuid', 'capoarea.user_uuid')
      .select('capoarea.uuid')
      .where('users.username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    return {
      demo: demo.uuid,
      count: await dbCount((q) =>
        q.where((eb) => eb.or([eb('capoarea', '=', demo.uuid), eb('state', 'in', ['MI', 'BG', 'BS'])])),
      ),
    };
  };

  it('sees the installers assigned to them or in their provinces, in both lists', async () => {
    const { demo, count } = await inScope();
    const rows = await all('/api/posatori4ca', as.capoarea);
    expect(rows.length).toBe(count);
    expect(count).toBeLessThan(DEMO_POSATORI);
    const outside = rows.filter((r) => !['MI', 'BG', 'BS'].includes(r.prov));
    expect(outside.length).toBeGreaterThan(0);
    const assigned = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('capoarea', '=', demo)
      .where('state', 'not in', ['MI', 'BG', 'BS'])
      .execute();
    expect(outside.map((r) => r.uuid).sort()).toEqual(assigned.map((r) => r.uuid).sort());
    expect((await page('/api/posatori', as.capoarea)).reccount).toBe(count);
  });

  it('filters within their scope', async () => {
    const { demo } = await inScope();
    expect((await page('/api/posatori4ca?state=RM', as.capoarea)).reccount).toBe(
      await dbCount((q) => q.where('state', '=', 'RM').where('capoarea', '=', demo)),
    );
    const bg = await all('/api/posatori4ca?state=BG', as.capoarea);
    expect(bg.length).toBe(await dbCount((q) => q.where('state', '=', 'BG')));
  });
});

describe('reseller', () => {
  const demoRiv = () =>
    ctx.db
      .selectFrom('rivenditori')
      .select('uuid')
      .where('ragsoc', '=', 'Ceramiche Lombarde S.r.l.')
      .executeTakeFirstOrThrow();

  it('sees only the installers assigned to them', async () => {
    const reseller = await demoRiv();
    const rows = await all('/api/posatori4ri', as.rivenditore);
    expect(rows.length).toBe(await dbCount((q) => q.where('rivenditore', '=', reseller.uuid)));
    expect(rows.map((r) => r.descri)).toContain('Mario Rossi');
    expect((await page('/api/posatori', as.rivenditore)).reccount).toBe(rows.length);
    expect((await page('/api/posatori4ri?state=RM', as.rivenditore)).reccount).toBe(0);
  });

  it('home: their installer count, the coupons redeemed with them, the latest installers', async () => {
    const reseller = await demoRiv();
    const res = await as.rivenditore.get('/api/posatori4ri_home');
    expect(res.statusCode).toBe(200);
    const home = res.json();
    expect(home.cposatori).toBe(await dbCount((q) => q.where('rivenditore', '=', reseller.uuid)));
    const redeemed = await ctx.db
      .selectFrom('coupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('rivenditore', '=', reseller.uuid)
      .where('dtesecuzione', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(home.ccopoun).toBe(Number(redeemed.n));
    expect(home.ccopoun).toBeGreaterThan(0);
    expect(home.data).toHaveLength(5);
  });
});
