import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/**
 * Live updates (GET /api/events): two browsers, the admin's and the installer's. What the admin does reaches the
 * installer's open tabs without a reload: a message moves the bell and fills the inbox, reading it in one tab moves
 * the bell of the other, a coupon assigned or deleted changes the coupon count. The journeys leave the demo data's
 * counts as they found them.
 */

// Two browsers and three tabs on one shared machine: three times the usual time.
test.slow();

const bell = (page: Page) => page.getByRole('link', { name: /^Messaggi non letti/ });
const unreadOf = async (page: Page) => {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return /nessuno$/.test(label) ? 0 : Number(/(\d+)\+?$/.exec(label)?.[1]);
};
const bellSays = (n: number) => (n === 0 ? 'Messaggi non letti: nessuno' : `Messaggi non letti: ${n}`);

async function installerBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  return page;
}

/** Pages that must never load again: a reload would make the test pass without live updates. */
async function noReloads(...pages: Page[]): Promise<() => void> {
  const loads: string[] = [];
  for (const page of pages) page.on('load', () => loads.push(page.url()));
  return () => expect(loads, 'pagine ricaricate').toEqual([]);
}

test('a message from the admin reaches the installer’s bell and inbox without a reload', async ({ page, browser }) => {
  const subject = `In tempo reale ${Date.now().toString(36)}`;
  const installer = await installerBrowser(browser);
  await bell(installer).click();
  await expect(installer).toHaveURL('/posatore/comunicazioni?folder=recv');
  await expect(installer.getByRole('heading', { name: 'Entrata' })).toBeVisible();
  // A second tab of the installer, on the home page.
  const otherTab = await installer.context().newPage();
  await otherTab.goto('/posatore');
  await expect(bell(otherTab)).toBeVisible();
  const before = await unreadOf(installer);
  await expect(bell(otherTab)).toHaveAttribute('aria-label', bellSays(before));
  await shot(installer, 'live-posatore-entrata-prima');
  const checkNoReloads = await noReloads(installer, otherTab);

  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/comunicazioni/modmsg/nuovo');
  await page.getByLabel('Destinatari').fill('tutti');
  await page.getByRole('option', { name: 'Tutti i posatori', exact: true }).click();
  await page.getByLabel('Oggetto').fill(subject);
  await page.getByLabel('Messaggio').fill('Da domani il magazzino apre alle 7.');
  await shot(page, 'live-admin-nuova-comunicazione');
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page).toHaveURL('/admin/comunicazioni');

  // In both tabs, with no reload (the event arrives at once; the wait allows for a loaded machine's refetch).
  await expect(bell(installer)).toHaveAttribute('aria-label', bellSays(before + 1));
  await expect(installer.getByRole('row').filter({ hasText: subject })).toBeVisible({ timeout: 2_000 });
  await expect(bell(otherTab)).toHaveAttribute('aria-label', bellSays(before + 1));
  await shot(installer, 'live-posatore-entrata-dopo');

  // Read in one tab, the other tab's bell goes back down.
  await installer.getByRole('row').filter({ hasText: subject }).getByRole('link', { name: subject }).click();
  await expect(installer.getByText('Da domani il magazzino apre alle 7.')).toBeVisible();
  await expect(bell(otherTab)).toHaveAttribute('aria-label', bellSays(before));
  await shot(otherTab, 'live-posatore-home-letto');
  checkNoReloads();
  await installer.context().close();
});

test('a coupon assigned by the admin changes the installer’s coupons without a reload', async ({ page, browser }) => {
  const installer = await installerBrowser(browser);
  const me = (await (await installer.request.get('/api/me')).json()) as { uuid: string };
  await installer.goto('/posatore/coupons');
  await expect(installer.getByRole('heading', { name: 'I miei coupon' })).toBeVisible();
  // The 'Totali' figure: the count, then its value in a span of its own.
  const totalCell = installer.locator('dt', { hasText: 'Totali' }).locator('xpath=following-sibling::dd[1]');
  const total = () => totalCell.evaluate((dd) => Number(dd.firstChild?.textContent ?? 'NaN'));
  await expect.poll(total).not.toBeNaN();
  const before = await total();
  await shot(installer, 'live-posatore-coupon-prima');
  const checkNoReloads = await noReloads(installer);

  // A type of its own, so that the journey takes back exactly what it gave.
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  const name = `Tempo reale ${Date.now().toString(36)}`;
  const type = { tipo: name, valore: 15, descri: name, colore: '#1976d2', ncoupon: 1, minima: 0, mesi: 6 };
  const created = await page.request.post('/api/tcoupon/nuovo', { data: type });
  const { uuid: tipo } = (await created.json()) as { uuid: string };
  const assigned = await page.request.post('/api/assegnacoupon', { data: { tipo, posatore: me.uuid } });
  expect(assigned.status()).toBe(200);

  await expect.poll(total).toBe(before + 1);
  await expect(installer.getByText(name)).toBeVisible({ timeout: 2_000 });
  await shot(installer, 'live-posatore-coupon-dopo');

  // The admin takes it back: the count and the list follow again.
  const list = (await (await page.request.get(`/api/coupons/${me.uuid}?size=200`)).json()) as {
    data: { uuid: string; tipo: string }[];
  };
  for (const c of list.data.filter((c) => c.tipo === tipo)) {
    expect((await page.request.delete(`/api/coupon/${c.uuid}`)).status()).toBe(200);
  }
  await expect.poll(total).toBe(before);
  await expect(installer.getByText(name)).toHaveCount(0);
  expect((await page.request.delete(`/api/tcoupon/${tipo}`)).status()).toBe(200);
  checkNoReloads();
  await installer.context().close();
});
