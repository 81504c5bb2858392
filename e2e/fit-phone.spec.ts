import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAs, sidewaysOverflow } from './support.ts';

/**
 * Every screen of every role fits a 390 px phone: nothing scrolls sideways, nothing is cut at the right edge; and
 * axe finds nothing against WCAG 2.1 A and AA on it as it stands on the phone. One load, one measure and one axe run
 * per route (no screenshots: the other phone journeys take those), the record pages on real demo records found
 * through the API as the role itself sees them.
 */

test.use({ viewport: { width: 390, height: 844 } });

type Listed = { data: { uuid: string }[] };

/** The uuid of the first row a list call gives the logged-in role. */
async function firstOf(page: Page, path: string): Promise<string> {
  const reply = await page.request.get(path);
  expect(reply.ok(), path).toBe(true);
  const uuid = ((await reply.json()) as Listed).data[0]?.uuid;
  expect(uuid, `nessuna riga da ${path}`).toBeDefined();
  return uuid ?? '';
}

/** A partner with payments among the first ones the role lists: the payments table is part of its screen. */
async function partnerWithPayments(page: Page, list: string): Promise<string> {
  const partners = ((await (await page.request.get(`${list}?size=50`)).json()) as Listed).data;
  for (const { uuid } of partners) {
    const payments = (await (await page.request.get(`/api/partner/${uuid}/pagamenti`)).json()) as unknown[];
    if (payments.length > 0) return uuid;
  }
  throw new Error(`nessun partner con pagamenti in ${list}`);
}

/**
 * Loads each route once and gathers what sticks out, so one run names every screen that does not fit (axe's
 * findings are soft too).
 */
async function expectEveryRouteFits(page: Page, routes: readonly string[]): Promise<void> {
  const misfits: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route);
    await expect(page).toHaveURL(route);
    await page.waitForLoadState('networkidle');
    const found = await sidewaysOverflow(page);
    if (found.length > 0) misfits[route] = found;
    await expectAccessible(page, `telefono ${route}`);
  }
  expect(misfits).toEqual({});
}

async function login(page: Page, user: string, landing: string): Promise<void> {
  await loginAs(page, user);
  await expect(page).toHaveURL(landing);
}

test('every admin screen fits a phone', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'admin', '/admin');
  const posatore = await firstOf(page, '/api/posatori?code=POS0001');
  const partner = await partnerWithPayments(page, '/api/partner');
  const capoarea = await firstOf(page, '/api/capoarea');
  const rivenditore = await firstOf(page, '/api/rivenditori');
  const received = await firstOf(page, '/api/messages/recv');
  const sent = await firstOf(page, '/api/messages/sent');
  const documento = await firstOf(page, '/api/docs/admdocs');
  const tipi = (await (await page.request.get('/api/tcoupons')).json()) as { uuid: string }[];
  const tipo = tipi[0]?.uuid ?? '';
  const importazione = await firstOf(page, '/api/imports');
  await expectEveryRouteFits(page, [
    '/admin',
    '/admin/posatori',
    `/admin/posatori/${posatore}`,
    `/admin/posatori/${posatore}/coupon`,
    '/admin/partner',
    `/admin/partner/${partner}`,
    '/admin/newpartner',
    '/admin/capoarea',
    `/admin/capoarea/${capoarea}`,
    '/admin/newcapoarea',
    '/admin/rivenditori',
    `/admin/rivenditore/${rivenditore}`,
    '/admin/newrivenditori',
    '/admin/profilo',
    '/admin/comunicazioni',
    '/admin/comunicazioni?folder=recv',
    `/admin/comunicazioni/msg/${received}`,
    '/admin/comunicazioni/modmsg/nuovo',
    `/admin/comunicazioni/modmsg/${sent}`,
    '/admin/newcomm',
    '/admin/documenti',
    `/admin/moddoc/${documento}`,
    '/admin/tcoupons',
    '/admin/newtcoupon',
    `/admin/edittcoupon/${tipo}`,
    '/admin/sessions',
    '/admin/report',
    '/admin/importazione',
    `/admin/impposatori/${importazione}`,
    '/admin/pagina-inesistente',
  ]);
});

test('every area manager screen fits a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'capoarea', '/capoarea');
  const posatore = await firstOf(page, '/api/posatori4ca?code=POS0001');
  const partner = await partnerWithPayments(page, '/api/partner_ca');
  const rivenditore = await firstOf(page, '/api/rivenditori_ca');
  const received = await firstOf(page, '/api/messages/recv');
  const sent = await firstOf(page, '/api/messages/sent');
  await expectEveryRouteFits(page, [
    '/capoarea',
    '/capoarea/posatori',
    `/capoarea/posatori/${posatore}`,
    `/capoarea/posatori/${posatore}/coupon`,
    '/capoarea/partner',
    `/capoarea/partner/${partner}`,
    '/capoarea/newpartner',
    '/capoarea/rivenditori',
    `/capoarea/rivenditore/${rivenditore}`,
    '/capoarea/profilo',
    '/capoarea/comunicazioni',
    '/capoarea/comunicazioni?folder=recv',
    `/capoarea/comunicazioni/msg/${received}`,
    `/capoarea/comunicazioni/modmsg/${sent}`,
    '/capoarea/comunicazioni/modmsg/nuovo',
    '/capoarea/documenti',
    '/capoarea/pagina-inesistente',
  ]);
});

test('every reseller screen fits a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'rivenditore', '/rivenditori');
  const posatore = await firstOf(page, '/api/posatori4ri?code=POS0001');
  const partner = await firstOf(page, '/api/partner_ri');
  const received = await firstOf(page, '/api/messages/recv');
  const sent = await firstOf(page, '/api/messages/sent');
  await expectEveryRouteFits(page, [
    '/rivenditori',
    '/rivenditori/posatori',
    `/rivenditori/posatori/${posatore}`,
    '/rivenditori/partner',
    `/rivenditori/partner/${partner}`,
    '/rivenditori/profilo',
    '/rivenditori/comunicazioni',
    '/rivenditori/comunicazioni?folder=recv',
    `/rivenditori/comunicazioni/msg/${received}`,
    `/rivenditori/comunicazioni/modmsg/${sent}`,
    '/rivenditori/comunicazioni/modmsg/nuovo',
    '/rivenditori/documenti',
    '/rivenditori/pagina-inesistente',
  ]);
});

test('every installer screen fits a phone', async ({ page }) => {
  await login(page, 'posatore', '/posatore');
  const received = await firstOf(page, '/api/messages/recv');
  await expectEveryRouteFits(page, [
    '/posatore',
    '/posatore/profilo',
    '/posatore/comunicazioni',
    `/posatore/comunicazioni/msg/${received}`,
    '/posatore/documenti',
    '/posatore/coupons',
    '/posatore/pagina-inesistente',
  ]);
});
