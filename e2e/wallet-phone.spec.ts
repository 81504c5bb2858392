import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';
import { offlineWalletFiles } from '../scripts/offline-precache.ts';
import { adminListRouteFiles, webDist } from '../scripts/initial-assets.ts';

/*
 * The installable app's offline coupon wallet (docs/decisions/0030-installable-app-and-offline-wallet.md): the
 * service worker keeps the page and the wallet's code, the 'Coupons' window keeps the installer's own list, and a
 * logout (or somebody else's login) takes the list away.
 */

// Two windows, two logins and three offline reloads each: more than one journey's usual budget on a shared machine.
test.describe.configure({ timeout: 180_000 });

/** The areas register the worker when the browser is idle: wait until it controls this page. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The installer's 'Coupons' entry, which opens the wallet in a window of its own. */
async function openWallet(page: Page, context: BrowserContext): Promise<Page> {
  await page.getByRole('button', { name: 'Apri menu' }).click();
  const [wallet] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Coupons', exact: true })
      .click(),
  ]);
  await expect(wallet).toHaveURL('/posatore/coupons');
  // A whole first load of a new window (entry, areas, page, data) on a shared machine: more than a step's wait.
  await expect(wallet.getByRole('heading', { name: 'I miei coupon' })).toBeVisible({ timeout: 30_000 });
  await expect(wallet.getByRole('article').first()).toBeVisible();
  return wallet;
}

/** What the wallet shows of each coupon: its code and whether it carries a QR code. */
async function couponsShown(wallet: Page): Promise<string[]> {
  const cards = wallet.getByRole('article');
  const shown: string[] = [];
  for (const card of await cards.all()) {
    const name = (await card.getAttribute('aria-label')) ?? '';
    const qr = await card.getByRole('img', { name: /^Codice QR del coupon/ }).count();
    shown.push(`${name}${qr ? ' + QR' : ''}`);
  }
  return shown;
}

test('the installer’s wallet opens offline with its codes and QR codes, and is gone after the logout', async ({
  page,
  context,
}) => {
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await workerInControl(page);

  const wallet = await openWallet(page, context);
  await expect(wallet.getByText(/^Aggiornato il \d\d\/\d\d\/\d{4} alle \d\d:\d\d$/)).toBeVisible();
  const online = await couponsShown(wallet);
  // Mario Rossi holds valid coupons (with QR), used and expired ones (without).
  expect(online.filter((c) => c.endsWith('+ QR')).length).toBeGreaterThan(0);
  expect(online.filter((c) => !c.endsWith('+ QR')).length).toBeGreaterThan(0);

  await context.setOffline(true);
  await wallet.reload();
  await expect(wallet.getByRole('heading', { name: 'I miei coupon' })).toBeVisible();
  await expect(wallet.getByText('Sei offline o il portale non risponde', { exact: false })).toBeVisible();
  await expect(wallet.getByText(/^Aggiornato il \d\d\/\d\d\/\d{4} alle \d\d:\d\d$/)).toBeVisible();
  // Every coupon as online, each valid one with its code and its QR code.
  expect(await couponsShown(wallet)).toEqual(online);
  for (const coupon of online.filter((c) => c.endsWith('+ QR'))) {
    const code = coupon.replace(/^Coupon /, '').replace(/ \+ QR$/, '');
    await expect(wallet.getByText(code, { exact: true })).toBeVisible();
    await expect(wallet.getByRole('img', { name: `Codice QR del coupon ${code}` })).toBeVisible();
  }
  await shot(wallet, 'phone-posatore-coupons-offline');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'LOGOUT' }).click();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();

  await context.setOffline(true);
  await wallet.reload();
  await expect(
    wallet.getByText('Sei offline e su questo telefono non ci sono coupon salvati', { exact: false }),
  ).toBeVisible();
  await expect(wallet.getByRole('article')).toHaveCount(0);
  await expect(wallet.getByRole('img', { name: /^Codice QR del coupon/ })).toHaveCount(0);
  await shot(wallet, 'phone-coupons-offline-after-logout');
  await context.setOffline(false);
});

test('somebody else’s login on the same phone removes the installer’s saved wallet', async ({ page, context }) => {
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  const wallet = await openWallet(page, context);
  await wallet.close();
  // The installer walks away without logging out; the session ends; the reseller signs in on the same phone.
  await context.clearCookies();
  await loginAs(page, 'rivenditore');
  await expect(page).toHaveURL('/rivenditori');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('portale.wallet'))).toBeNull();
  await workerInControl(page);

  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/posatore/coupons');
  await expect(
    offline.getByText('Sei offline e su questo telefono non ci sono coupon salvati', { exact: false }),
  ).toBeVisible();
  await expect(offline.getByRole('article')).toHaveCount(0);
  await context.setOffline(false);
});

test('the worker precaches the wallet’s code and none of the screens the wallet does not need', () => {
  const precached = offlineWalletFiles(webDist);
  expect(precached.has('index.html')).toBe(true);
  expect([...precached].some((file) => /^assets\/offline-wallet-app-[\w-]+\.js$/.test(file))).toBe(true);
  // The admin's installer list is not part of it: an admin's phone downloads no screen it never opens.
  const adminPage = adminListRouteFiles(webDist).js.filter((file) => /admin-posatori-page/.test(file));
  expect(adminPage.length).toBeGreaterThan(0);
  for (const file of adminPage) expect(precached.has(file)).toBe(false);
});
