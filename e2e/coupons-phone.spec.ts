import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';

test('on a phone the installer opens the Coupons window with a QR code per valid coupon', async ({ page, context }) => {
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await page.getByRole('button', { name: 'Apri menu' }).click();
  const [coupons] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Coupons', exact: true })
      .click(),
  ]);
  await expect(coupons).toHaveURL('/posatore/coupons');
  await expect(coupons.getByRole('heading', { name: 'I miei coupon' })).toBeVisible();
  const cards = coupons.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // A valid coupon of a switched-off type gets no QR: the counter could not redeem it.
  const validCards = cards.filter({ hasText: 'Valido fino al' }).filter({ hasNotText: 'Tipo sospeso' });
  await expect(cards.filter({ hasText: 'Tipo sospeso' }).first()).toBeVisible();
  const qrCodes = coupons.getByRole('img', { name: /^Codice QR del coupon/ });
  await expect(qrCodes).toHaveCount(await validCards.count());
  await expect(coupons.getByText('Utilizzato il', { exact: false }).first()).toBeVisible();
  await expect(coupons.getByText('Scaduto il', { exact: false }).first()).toBeVisible();
  await shot(coupons, 'phone-posatore-coupons');
});
