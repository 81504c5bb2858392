import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/** Each role's home shows its own figures, lists and links. */

const tile = (page: Page, label: string) =>
  page
    .getByText(label, { exact: true })
    .locator('xpath=..')
    .getByText(/^\d[\d.]*$/);

test('the admin home shows the coupon and installer figures, the calendars and the big links', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  for (const label of ['Coupon utilizzati', 'Posatori registrati', 'Coupon Scaduti', 'Partecipanti ai convegni']) {
    await expect(tile(page, label)).toBeVisible();
  }
  await expect(tile(page, 'Partecipanti ai convegni')).toHaveText('0');
  await expect(tile(page, 'Posatori registrati')).not.toHaveText('0');
  const strip = page.getByRole('region', { name: 'Calendario dei prossimi giorni' });
  await expect(strip.getByRole('listitem')).toHaveCount(12);
  await expect(strip.locator('[aria-current="date"]')).toHaveCount(1);
  // Both calendars speak as the strip does: Italian two-letter weekdays, the month's name capitalised.
  await expect(strip.getByRole('listitem').first()).toHaveText(/^(Lu|Ma|Me|Gi|Ve|Sa|Do)\d+$/);
  const months = 'Gennaio|Febbraio|Marzo|Aprile|Maggio|Giugno|Luglio|Agosto|Settembre|Ottobre|Novembre|Dicembre';
  const month = page.getByRole('grid', { name: new RegExp(`^(${months}) \\d{4}$`) });
  await expect(month.getByRole('columnheader')).toHaveText(['Lu', 'Ma', 'Me', 'Gi', 'Ve', 'Sa', 'Do']);
  await shot(page, 'admin-home-dashboard');
  await page.getByRole('link', { name: 'Nuova comunicazione' }).click();
  await expect(page).toHaveURL('/admin/newcomm');
});

test('the area manager home shows the area’s companies and the partners about to expire', async ({ page }) => {
  await loginAs(page, 'capoarea');
  await expect(page).toHaveURL('/capoarea');
  for (const label of ['Aziende partner', 'Rivenditori', 'Aziende scadute']) {
    await expect(tile(page, label)).toBeVisible();
  }
  const expiring = page.getByRole('region', { name: 'Partner in scadenza' });
  await expect(expiring.getByRole('link').first()).toBeVisible();
  await shot(page, 'capoarea-home-dashboard');
  await expiring.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/capoarea\/partner\/[0-9a-f-]{36}$/);
});

test('the reseller home shows their installers and the coupons used at their counter', async ({ page }) => {
  await loginAs(page, 'rivenditore');
  await expect(page).toHaveURL('/rivenditori');
  await expect(tile(page, 'Posatori')).toBeVisible();
  await expect(tile(page, 'Coupon utilizzati')).toBeVisible();
  const latest = page.getByRole('region', { name: 'Ultimi posatori' });
  await expect(latest.getByRole('link').first()).toBeVisible();
  await shot(page, 'rivenditore-home-dashboard');
});

test('the installer home shows the latest communications', async ({ page }) => {
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  const latest = page.getByRole('region', { name: 'Ultime comunicazioni' });
  await expect(latest.getByRole('link', { name: /Nuovo catalogo 2027/ })).toBeVisible();
  await shot(page, 'posatore-home-dashboard');
});
