import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { fold } from '../../src/lib/text-search.ts';
import { createTestContext, login, cookieOf, readOutbox, resetIdOf, type TestContext } from '../helpers.ts';

/**
 * What the list pattern (docs/decisions/0007-list-pattern.md) promises the API's users: text filters that find what
 * was typed, pages that never overlap whichever end they are read from, counts that follow every write at once,
 * from any instance, and list columns (account stato) and sessions (roles) that follow the accounts.
 */

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await cookieOf(ctx.app, 'admin');
});
afterAll(() => ctx.close());

type Row = { uuid: string; descri: string; code: string; userstato: string; coupon: number };
type Page = { data: Row[]; page: number; pages: number; reccount: number };

const page = async (url: string, cookie = admin, app = ctx.app): Promise<Page> => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Every row of a list, page after page at the given size. */
const walk = async (url: string, size: number, cookie = admin) => {
  const first = await page(`${url}&size=${size}`, cookie);
  const rows = [...first.data];
  for (let p = 2; p <= first.pages; p++) rows.push(...(await page(`${url}&size=${size}&page=${p}`, cookie)).data);
  return { rows, reccount: first.reccount };
};

const people = () => ctx.db.selectFrom('posatori').select(['uuid', 'name', 'lastname', 'code']).execute();

describe('text filters', () => {
  it('from 3 characters find any part of the name, in either order, ignoring case and accents', async () => {
    const all = await people();
    const target = all[7]!;
    await ctx.db
      .updateTable('posatori')
      .set({ name: 'Nicolò', lastname: "D'Àngelo", lastname_key: "d'angelo", name_key: 'nicolo' })
      .set({ name_search: "nicolo d'angelo\nd'angelo nicolo" })
      .where('uuid', '=', target.uuid)
      .execute();
    for (const typed of ['NICOLÒ', 'colo d', "d'ang", 'angelo nic']) {
      const uuids = (await page(`/api/posatori?name=${encodeURIComponent(typed)}&size=200`)).data.map((r) => r.uuid);
      expect(uuids, typed).toContain(target.uuid);
    }
    const typed = 'oss';
    const expected = all
      .filter((p) => p.uuid !== target.uuid)
      .filter(
        (p) => fold(`${p.name} ${p.lastname}`).includes(typed) || fold(`${p.lastname} ${p.name}`).includes(typed),
      );
    const { rows } = await walk(`/api/posatori?name=${typed}`, 200);
    expect(rows.map((r) => r.uuid).sort()).toEqual(expected.map((p) => p.uuid).sort());
  });

  it('with 1 or 2 characters find the names and codes that start with them', async () => {
    const all = await people();
    const { rows } = await walk('/api/posatori?name=ro', 200);
    const expected = all.filter((p) => fold(p.lastname).startsWith('ro') || fold(p.name).startsWith('ro'));
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.uuid).sort()).toEqual(expected.map((p) => p.uuid).sort());
    // Every installer's code starts with POS: "po" finds them all, "os" (inside the code) none.
    expect((await page('/api/posatori?code=po')).reccount).toBe(all.length);
    expect((await page('/api/posatori?code=os')).reccount).toBe(0);
  });

  it('take the user’s quotes, percent and underscore literally', async () => {
    for (const typed of ['"', '%', '_o', 'r%s', '"ro"', "'"]) {
      expect((await page(`/api/posatori?name=${encodeURIComponent(typed)}`)).reccount, typed).toBe(0);
    }
  });
});

describe('pages', () => {
  it.each(['cognome', 'nome', 'codice', 'provincia', 'corso', 'coupon', 'recenti'])(
    'order %s: the same rows whichever end a page is read from, none twice, none skipped',
    async (order) => {
      // Size 200: at most 2 pages, read from the start. Size 13: later pages are read from the end.
      const long = await walk(`/api/posatori?order=${order}`, 200);
      const short = await walk(`/api/posatori?order=${order}`, 13);
      expect(short.rows.map((r) => r.uuid)).toEqual(long.rows.map((r) => r.uuid));
      expect(new Set(short.rows.map((r) => r.uuid)).size).toBe(long.reccount);
    },
  );

  it('the area manager’s list, merged from their parts, pages the same way', async () => {
    const capoarea = await cookieOf(ctx.app, 'capoarea');
    const long = await walk('/api/posatori4ca?order=cognome', 200, capoarea);
    const short = await walk('/api/posatori4ca?order=cognome', 9, capoarea);
    expect(short.rows.map((r) => r.uuid)).toEqual(long.rows.map((r) => r.uuid));
    expect(new Set(short.rows.map((r) => r.uuid)).size).toBe(long.reccount);
  });
});

describe('counts', () => {
  it('follow every write at once, whichever instance made it', async () => {
    // A second instance of the portal: its own connections, its own count cache, the same database.
    const otherDb = ctx.connectAgain();
    const other = await buildApp({ config: ctx.config, db: otherDb });
    await other.ready();
    try {
      const otherAdmin = await login(other, 'admin');
      const before = (await page('/api/posatori?state=MI', admin)).reccount;
      expect((await page('/api/posatori?state=MI', otherAdmin, other)).reccount).toBe(before);
      const [victim] = (await page('/api/posatori?state=MI&order=recenti', admin)).data;
      const del = await other.inject({
        method: 'DELETE',
        url: `/api/posatore/${victim!.uuid}`,
        headers: { cookie: otherAdmin },
      });
      expect(del.statusCode, del.body).toBe(200);
      expect((await page('/api/posatori?state=MI', admin)).reccount).toBe(before - 1);
      // A write that bypasses the portal's code (an SQL fix, a future import) counts too: the triggers see it.
      await ctx.db.updateTable('posatori').set({ state: 'MI' }).where('state', '=', 'BG').execute();
      const moved = await otherDb.selectFrom('posatori').select('uuid').where('state', '=', 'MI').execute();
      expect((await page('/api/posatori?state=MI', otherAdmin, other)).reccount).toBe(moved.length);
    } finally {
      await other.close();
    }
  });
});

describe('what the lists and sessions copy from accounts', () => {
  it('the installer list shows the account stato as the account changes', async () => {
    const [noAccount] = await ctx.db
      .selectFrom('posatori')
      .select(['uuid', 'code'])
      .where('user_uuid', 'is', null)
      .where('email', '<>', '')
      .limit(1)
      .execute();
    const rowOf = async () => (await page(`/api/posatori?code=${noAccount!.code}`)).data[0]!;
    expect((await rowOf()).userstato).toBe('none');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/auth/admin/resetpassword',
      headers: { cookie: admin },
      payload: { user: noAccount!.uuid },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await rowOf()).userstato).toBe('requested');
    const link = readOutbox(ctx.outbox).at(-1)?.link;
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/auth/resetpwd',
      payload: { pid: resetIdOf(link), ppwd: 'fughe-chiare-2027' },
    });
    expect(set.json()).toEqual({ res: 'OK' });
    expect((await rowOf()).userstato).toBe('active');
  });

  it('a session loses a role the moment its account does', async () => {
    // The demo area manager's account also becomes an installer's, then that installer is deleted.
    const account = await ctx.db
      .selectFrom('users')
      .select('uuid')
      .where('username', '=', 'capoarea')
      .executeTakeFirstOrThrow();
    const [installer] = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('user_uuid', 'is', null)
      .limit(1)
      .execute();
    await ctx.db.insertInto('user_roles').values({ user_uuid: account.uuid, role: 'posatore' }).execute();
    await ctx.db.updateTable('posatori').set({ user_uuid: account.uuid }).where('uuid', '=', installer!.uuid).execute();
    const cookie = await login(ctx.app, 'capoarea');
    const roles = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/auth/check', headers: { cookie } })).json().role as string[];
    expect((await roles()).sort()).toEqual(['capoarea', 'posatore']);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/posatore/${installer!.uuid}`,
      headers: { cookie: admin },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await roles()).toEqual(['capoarea']);
  });
});
