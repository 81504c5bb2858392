import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/** PDF reports made on the server, shown in the page's viewer and downloadable. */

const viewer = (page: Page) => page.getByRole('dialog');

/** The viewer has drawn the PDF's first page and offers the download. */
async function expectPdfShown(page: Page, title: string | RegExp) {
  await expect(viewer(page).getByRole('heading', { name: title })).toBeVisible();
  await expect(viewer(page).getByRole('img', { name: /^Pagina 1 di \d+$/ })).toBeVisible({ timeout: 20_000 });
  await expect(viewer(page).getByRole('button', { name: 'Scarica PDF' })).toBeEnabled();
}

test('the admin produces an installer’s profile sheet and a partner’s payment summary from /admin/report', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  // The spec's menu has no entry for it: the avatar menu has.
  await page.getByRole('button', { name: /^Menu utente/ }).click();
  await page.getByRole('menuitem', { name: 'REPORT PDF' }).click();
  await expect(page).toHaveURL('/admin/report');
  await expect(page.getByRole('heading', { name: 'Report', exact: true })).toBeVisible();
  for (const name of ['Scheda posatore', 'Buono coupon', 'Riepilogo pagamenti partner']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  const sheet = page.getByRole('region', { name: 'Scheda posatore' });
  await expect(sheet.getByRole('button', { name: 'Genera PDF' })).toBeDisabled();
  await sheet.getByRole('combobox', { name: 'Posatore' }).fill('Ro');
  await expect(page.getByText('Scrivi almeno 3 caratteri')).toBeVisible();
  await sheet.getByRole('combobox', { name: 'Posatore' }).fill('Mario Rossi');
  await page.getByRole('option', { name: /^Mario Rossi · POS0001/ }).click();
  await shot(page, 'admin-report');
  await sheet.getByRole('button', { name: 'Genera PDF' }).click();
  await expectPdfShown(page, /^Scheda posatore · Mario Rossi/);
  await shot(page, 'admin-report-scheda-pdf');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    viewer(page).getByRole('button', { name: 'Scarica PDF' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('scheda-mario-rossi.pdf');
  await viewer(page).getByRole('button', { name: 'Chiudi' }).click();
  await expect(viewer(page)).toHaveCount(0);

  const payments = page.getByRole('region', { name: 'Riepilogo pagamenti partner' });
  await payments.getByRole('combobox', { name: 'Partner' }).fill('Ceramiche');
  await page.getByRole('option').first().click();
  await payments.getByRole('button', { name: 'Genera PDF' }).click();
  await expectPdfShown(page, /^Riepilogo pagamenti partner · Ceramiche/);
});

test('the admin opens a coupon’s voucher from the installer’s coupons, and the installer their own sheet', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  const posatore = (
    (await (await page.request.get('/api/posatori?code=POS0001')).json()) as { data: { uuid: string }[] }
  ).data[0]?.uuid;
  await page.goto(`/admin/posatori/${posatore}/coupon`);
  await page
    .getByRole('button', { name: /^Buono PDF del coupon / })
    .first()
    .click();
  await expectPdfShown(page, /^Buono coupon /);
  await shot(page, 'admin-buono-coupon-pdf');
});

test('on a phone the installer opens the PDF voucher of a valid coupon and their profile sheet', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await page.goto('/posatore/profilo');
  await page.getByRole('button', { name: 'Scheda PDF' }).click();
  await expectPdfShown(page, /^Scheda posatore · Mario Rossi/);
  await viewer(page).getByRole('button', { name: 'Chiudi' }).click();

  const coupons = await context.newPage();
  await coupons.setViewportSize({ width: 390, height: 844 });
  await coupons.goto('/posatore/coupons');
  await coupons
    .getByRole('button', { name: /^Buono PDF del coupon / })
    .first()
    .click();
  await expectPdfShown(coupons, /^Buono coupon /);
  await shot(coupons, 'phone-posatore-buono-coupon-pdf');
});
