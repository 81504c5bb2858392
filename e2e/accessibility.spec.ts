import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, dataDir, loginAs } from './support.ts';

/**
 * Every screen of every role and the public ones checked by axe against WCAG 2.1 A and AA: the public ones on a
 * desktop and on a phone, the roles' ones on a desktop. On a phone the roles' screens are checked by
 * e2e/fit-phone.spec.ts, which runs axe on each as it measures its fit, so they are not loaded twice.
 */

type Viewport = {
  name: string;
  use: { viewport: { width: number; height: number }; isMobile?: boolean };
  roles: boolean;
};
const viewports: Viewport[] = [
  { name: 'desktop', use: { viewport: { width: 1366, height: 900 } }, roles: true },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true }, roles: false },
];

type User = 'admin' | 'capoarea' | 'rivenditore' | 'posatore';

/** The first row's uuid of a paged list (or of a plain array), read through the API with the role's session. */
async function firstUuid(api: APIRequestContext, url: string): Promise<string> {
  const res = await api.get(url);
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  const body = (await res.json()) as { data?: { uuid: string }[] } | { uuid: string }[];
  const rows = Array.isArray(body) ? body : (body.data ?? []);
  const uuid = rows[0]?.uuid;
  if (!uuid) throw new Error(`${url}: nessuna riga`);
  return uuid;
}

/**
 * Each area's routes; ids come from the role's own lists. Opening a received message marks it read, so only one
 * already read (or sent by the role) is opened: the demo data stay as the other journeys expect them.
 */
const routes: Record<User, (api: APIRequestContext) => Promise<string[]>> = {
  admin: async (api) => {
    const posatore = await firstUuid(api, '/api/posatori?size=1');
    const sent = await firstUuid(api, '/api/messages/sent?size=1');
    return [
      '/admin',
      '/admin/posatori',
      `/admin/posatori/${posatore}`,
      `/admin/posatori/${posatore}/coupon`,
      '/admin/partner',
      `/admin/partner/${await firstUuid(api, '/api/partner?size=1')}`,
      '/admin/newpartner',
      '/admin/capoarea',
      `/admin/capoarea/${await firstUuid(api, '/api/capoarea?size=1')}`,
      '/admin/newcapoarea',
      '/admin/rivenditori',
      `/admin/rivenditore/${await firstUuid(api, '/api/rivenditori?size=1')}`,
      '/admin/newrivenditori',
      '/admin/profilo',
      '/admin/comunicazioni',
      '/admin/comunicazioni?folder=recv',
      `/admin/comunicazioni/msg/${sent}`,
      '/admin/comunicazioni/modmsg/nuovo',
      `/admin/comunicazioni/modmsg/${sent}`,
      '/admin/newcomm',
      '/admin/documenti',
      `/admin/moddoc/${await firstUuid(api, '/api/docs/admdocs?size=1')}`,
      '/admin/tcoupons',
      '/admin/newtcoupon',
      `/admin/edittcoupon/${await firstUuid(api, '/api/tcoupons')}`,
      '/admin/sessions',
      '/admin/report',
      '/admin/importazione',
      `/admin/impposatori/${await firstUuid(api, '/api/imports?size=1')}`,
      '/admin/pagina-inesistente',
    ];
  },
  capoarea: async (api) => {
    const posatore = await firstUuid(api, '/api/posatori4ca?size=1');
    const sent = await firstUuid(api, '/api/messages/sent?size=1');
    return [
      '/capoarea',
      '/capoarea/posatori',
      `/capoarea/posatori/${posatore}`,
      `/capoarea/posatori/${posatore}/coupon`,
      '/capoarea/partner',
      `/capoarea/partner/${await firstUuid(api, '/api/partner_ca?size=1')}`,
      '/capoarea/newpartner',
      '/capoarea/rivenditori',
      `/capoarea/rivenditore/${await firstUuid(api, '/api/rivenditori_ca?size=1')}`,
      '/capoarea/profilo',
      '/capoarea/comunicazioni',
      '/capoarea/comunicazioni?folder=recv',
      `/capoarea/comunicazioni/msg/${sent}`,
      '/capoarea/comunicazioni/modmsg/nuovo',
      `/capoarea/comunicazioni/modmsg/${sent}`,
      '/capoarea/documenti',
      '/capoarea/pagina-inesistente',
    ];
  },
  rivenditore: async (api) => {
    const sent = await firstUuid(api, '/api/messages/sent?size=1');
    return [
      '/rivenditori',
      '/rivenditori/posatori',
      `/rivenditori/posatori/${await firstUuid(api, '/api/posatori4ri?size=1')}`,
      '/rivenditori/partner',
      `/rivenditori/partner/${await firstUuid(api, '/api/partner_ri?size=1')}`,
      '/rivenditori/profilo',
      '/rivenditori/comunicazioni',
      '/rivenditori/comunicazioni?folder=recv',
      `/rivenditori/comunicazioni/msg/${sent}`,
      '/rivenditori/comunicazioni/modmsg/nuovo',
      `/rivenditori/comunicazioni/modmsg/${sent}`,
      '/rivenditori/documenti',
      '/rivenditori/pagina-inesistente',
    ];
  },
  posatore: async (api) => [
    '/posatore',
    '/posatore/profilo',
    '/posatore/comunicazioni',
    `/posatore/comunicazioni/msg/${await firstUuid(api, '/api/messages/recv?tiporead=letti&size=1')}`,
    '/posatore/documenti',
    '/posatore/coupons',
    '/posatore/pagina-inesistente',
  ],
};

const publicRoutes = [
  '/',
  '/recover',
  '/resetted',
  '/resetpwd/richiesta-di-prova',
  '/pagina-inesistente',
  // The public installer locator, written by the server (its installer pages: e2e/public-phone.spec.ts).
  '/trova-posatore',
  '/trova-posatore?prov=MI&tipo=ESPERTO',
  '/trova-posatore/00000000-0000-4000-8000-000000000000',
];

/** The screen as a person sees it once loaded: its heading shown, nothing pending, nothing spinning. */
async function settled(page: Page): Promise<void> {
  await expect.soft(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect.soft(page.getByRole('progressbar')).toHaveCount(0);
}

/** Soft, so that one run names every screen that fails, not only the first. */
async function expectNoViolations(page: Page, route: string): Promise<void> {
  expect.soft(await axeViolations(page), route).toEqual([]);
}

const stateFile = (user: User) => path.join(dataDir, `a11y-${user}.json`);
const users = Object.keys(routes) as User[];
// Each role's route list, read once with its session and shared by both screen sizes.
const routesOf = new Map<User, string[]>();

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

test.beforeAll(async ({ browser }) => {
  // Four logins and their lists on a shared machine: more than one step's usual budget.
  test.setTimeout(240_000);
  for (const user of users) {
    const context = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome' });
    const page = await context.newPage();
    await loginAs(page, user);
    await expect(page).not.toHaveURL(/\/$/);
    await context.storageState({ path: stateFile(user) });
    routesOf.set(user, await routes[user](context.request));
    await context.close();
  }
});
test.afterAll(() => {
  for (const user of users) fs.rmSync(stateFile(user), { force: true });
});

for (const viewport of viewports) {
  test.describe(`accessibility on ${viewport.name}`, { tag: '@page-only' }, () => {
    test.use(viewport.use);

    test('the public screens', async ({ page }) => {
      for (const route of publicRoutes) {
        await test.step(route, async () => {
          await page.goto(route);
          await settled(page);
          await expectNoViolations(page, route);
        });
      }
    });

    for (const user of viewport.roles ? users : []) {
      test(`the screens of ${user}`, async ({ browser }) => {
        // About thirty routes, each loaded, settled and checked by axe: minutes on a shared 2-core machine.
        test.setTimeout(480_000);
        const context = await browser.newContext({
          ...viewport.use,
          baseURL,
          locale: 'it-IT',
          timezoneId: 'Europe/Rome',
          storageState: stateFile(user),
        });
        const page = await context.newPage();
        for (const route of routesOf.get(user) ?? []) {
          await test.step(route, async () => {
            await page.goto(route);
            await settled(page);
            await expectNoViolations(page, route);
          });
        }
        await context.close();
      });
    }
  });
}

test(
  'the home’s loading placeholders are named progress bars, which axe accepts',
  { tag: '@page-only' },
  async ({ browser }) => {
    const context = await browser.newContext({
      baseURL,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
      storageState: stateFile('posatore'),
    });
    const page = await context.newPage();
    // The profile is held back: its card is a placeholder until it comes. A span named with aria-label and no role
    // was a serious axe finding whenever a check ran while it showed.
    await page.route('**/api/me', () => undefined);
    await page.goto('/posatore');
    await expect(page.getByRole('progressbar', { name: 'Caricamento del profilo' })).toBeVisible();
    expect(await axeViolations(page), 'profilo in caricamento').toEqual([]);
    // Then the profile comes and the home's lists are held back.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.route('**/api/docs/**', () => undefined);
    await page.reload();
    await expect(page.getByRole('progressbar', { name: 'Caricamento', exact: true }).first()).toBeVisible();
    expect(await axeViolations(page), 'elenchi in caricamento').toEqual([]);
    await context.close();
  },
);
