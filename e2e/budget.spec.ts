import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  adminListRouteFiles,
  assetSize,
  chunkFiles,
  kB,
  loginRouteFiles,
  readManifest,
  sum,
  webDist,
} from '../scripts/initial-assets.ts';
import { expectAccessible, loginAs } from './support.ts';

/**
 * The login page's JavaScript budget, gzip, on the build npm test has just made (scripts/e2e.ts builds first):
 * at most 150 kB. The public screens are an entry of their own, without the role areas' router, query cache and
 * form library (docs/decisions/0008-front-end-weight.md), so whatever the areas add does not count here.
 */
const LOGIN_JS_BUDGET_GZIP = 150_000;

test('the login route’s initial JavaScript stays within its gzip budget', () => {
  const sizes = loginRouteFiles().js.map((file) => assetSize(webDist, file));
  const gzip = sum(sizes, 'gzip');
  const detail = sizes.map((s) => `${s.file} ${kB(s.gzip)}`).join(', ');
  expect(gzip, `${kB(gzip)} gzip (${detail})`).toBeLessThanOrEqual(LOGIN_JS_BUDGET_GZIP);
});

test('the login page downloads only that JavaScript, compressed', async ({ page }) => {
  const initial = new Set(loginRouteFiles().js.map((file) => `/${file.split(path.sep).join('/')}`));
  const scripts: { path: string; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ path: new URL(response.url()).pathname, encoding: response.headers()['content-encoding'] });
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing lazy (a role area, the date pickers) is fetched for the login page, and nothing it needs is missed.
  expect(scripts.map((s) => s.path).sort()).toEqual([...initial].sort());
  for (const script of scripts) expect(script.encoding, script.path).toBe('br');
  // axe last: its script is injected, not downloaded, yet it is no part of what the page itself loads.
  await expectAccessible(page, 'budget-login');
});

/**
 * The admin's installer list, the heaviest first screen: what it needs before its first page shows (the entry, the
 * role areas, the admin's frame, the page), brotli as sent, and in how many files. Left to automatic chunking the
 * screen took 110 files (306 kB brotli); each file is a request with its own headers and, on a slow phone, its
 * own wait (docs/performance/front-end-weight.md).
 */
const ADMIN_LIST_JS_BUDGET_BROTLI = 260_000;
const ADMIN_LIST_JS_FILES = 20;

test('the admin installer list’s JavaScript stays within its budget', () => {
  const sizes = adminListRouteFiles().js.map((file) => assetSize(webDist, file));
  const brotli = sum(sizes, 'brotli');
  expect(brotli, `${kB(brotli)} brotli in ${sizes.length} file`).toBeLessThanOrEqual(ADMIN_LIST_JS_BUDGET_BROTLI);
  expect(sizes.length, sizes.map((s) => s.file).join(', ')).toBeLessThanOrEqual(ADMIN_LIST_JS_FILES);
});

/**
 * The page the server sends for /admin/posatori names, as low-priority module preloads, every script the screen needs
 * beyond the entry's, so that a phone asks for them in one wave with the entry instead of two evaluations later
 * (apps/server/src/plugins/route-preloads.ts). The built app's own manifest: the file names it relies on hold.
 */
test('the admin installer list’s page announces the scripts it needs beyond the entry’s', async ({ request }) => {
  const entry = new Set(loginRouteFiles().js);
  const needed = adminListRouteFiles().js.filter((file) => !entry.has(file));
  const html = await (await request.get('/admin/posatori')).text();
  const announced = [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/([^"]+)">/g)];
  expect(announced.map((m) => m[1]).sort()).toEqual(needed.sort());
  // The login page announces nothing of the areas.
  expect(await (await request.get('/')).text()).not.toContain('fetchpriority="low"');
});

/**
 * With a session, the page also asks for the data the screen needs first (the session check, the frame's avatar, the
 * list's first page and state names) as fetch preloads (route-preloads.ts). Each must be the very request the app
 * then makes, or the browser asks twice: here every one is asked once, and the list shows.
 */
test('the admin installer list’s first requests leave with the page, each asked once', async ({ page, context }) => {
  const asked: string[] = [];
  const { html } = await openAdminList(page, context, (list) =>
    list.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/(api|auth)\//.test(url.pathname)) asked.push(url.pathname + url.search);
    }),
  );
  const announced = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1] ?? '',
  );
  expect(announced).toEqual(['/auth/check', '/api/avatar', '/api/posatori?page=1', '/api/cbostato']);
  // Once each, and the app's own request is that very one (not the same list with another query string).
  const pathOf = (url: string) => url.split('?')[0];
  for (const url of announced)
    expect(
      asked.filter((a) => pathOf(a) === pathOf(url)),
      url,
    ).toEqual([url]);
});

/**
 * Logs the admin in and opens the installer list in a page of its own, so that nothing the home page is still
 * fetching counts, with `watch` listening from before the load; done once the list is at rest. Gives the page and
 * the HTML the server sent.
 */
async function openAdminList(
  page: Page,
  context: BrowserContext,
  watch: (list: Page) => void,
): Promise<{ list: Page; html: string }> {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  const list = await context.newPage();
  watch(list);
  const html = (await (await list.goto('/admin/posatori'))?.text()) ?? '';
  // A whole first load (entry, areas, page, data) on a shared machine: more than a step's usual wait.
  await expect(list.getByRole('table', { name: 'Elenco posatori' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 30_000,
  });
  await list.waitForLoadState('networkidle');
  return { list, html };
}

test('the admin installer list fetches no overlay’s code until one opens', async ({ page, context }) => {
  const scripts: string[] = [];
  const { list } = await openAdminList(page, context, (opened) =>
    opened.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname.slice(1));
    }),
  );
  // A list at rest draws nothing: no hidden progress bar or placeholder animating frame after frame on a phone.
  await expect
    .poll(() =>
      list.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => (a.effect instanceof KeyframeEffect ? String(a.effect.target?.className) : 'animazione')),
      ),
    )
    .toEqual([]);
  // The fields that show come beside the page: the date filters' pickers, the dropdowns and the province typeahead
  // (docs/decisions/0008). No menu, dialog or drawer comes before it opens, and the toolbar's search not before
  // somebody points at it.
  const manifest = readManifest(webDist);
  const onDemand = chunkFiles(manifest, [
    'src/components/month-year-field-picker.tsx',
    'src/components/date-field-picker.tsx',
    'src/components/combo-select-field.tsx',
    'src/components/province-typeahead-field.tsx',
  ]).js;
  const allowed = new Set([...adminListRouteFiles().js, ...onDemand]);
  expect(scripts.filter((file) => !allowed.has(file))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  // A row's menu brings its code with its first opening, and works.
  const menu = chunkFiles(manifest, ['../../node_modules/@mui/material/Menu/index.mjs']).js;
  expect(menu.length).toBeGreaterThan(0);
  await list
    .getByRole('button', { name: /^Azioni per / })
    .first()
    .click();
  await expect(list.getByRole('menu')).toBeVisible();
  expect(scripts).toEqual(expect.arrayContaining(menu.filter((file) => !allowed.has(file))));
  await list.keyboard.press('Escape');
  await expect(list.getByRole('menu')).toBeHidden();
  // The toolbar's search brings its code when somebody points at it.
  const search = chunkFiles(manifest, ['src/features/search/components/global-search.tsx']).js;
  expect(scripts).not.toEqual(expect.arrayContaining(search));
  await list.getByRole('combobox', { name: 'Cerca' }).hover();
  await expect.poll(() => scripts).toEqual(expect.arrayContaining(search));
  await expectAccessible(list, 'budget-admin-posatori');
});

/**
 * A page's first Intl object loads ICU's data: 160-300 ms of a phone's main thread at 4x, inside the first long
 * task when a module made it at its load (lib/first-use.ts). Neither the login nor the installer list formats a
 * number or a time before it shows, so neither makes one while it loads.
 */
test('the login page and the admin installer list make no Intl formatter while they load', async ({ page }) => {
  await page.addInitScript(() => {
    const made: string[] = [];
    Object.assign(window, { intlMade: made });
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const original = Intl[name];
      Object.defineProperty(Intl, name, {
        configurable: true,
        writable: true,
        value: new Proxy(original, {
          construct(target, args: unknown[]) {
            made.push(`${name} ${JSON.stringify(args)}`);
            return Reflect.construct(target, args) as object;
          },
        }),
      });
    }
  });
  const made = () => page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await made()).toEqual([]);
  await loginAs(page, 'admin');
  // The session first: going on while the login is in flight leaves the list to a visitor, back on the login page.
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/posatori');
  await expect(page.getByRole('table', { name: 'Elenco posatori' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  expect(await made()).toEqual([]);
});
