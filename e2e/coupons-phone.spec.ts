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

test('on a phone the reseller finds USA COUPON on the first screen of an installer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'rivenditore');
  await expect(page).toHaveURL('/rivenditori');
  const list = (await (await page.request.get('/api/posatori4ri?code=POS0001')).json()) as {
    data: { uuid: string }[];
  };
  await page.goto(`/rivenditori/posatori/${list.data[0]?.uuid ?? ''}`);
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  // At the counter the code is what matters: the button is in view without scrolling past the read-only form.
  await expect(page.getByRole('button', { name: 'USA COUPON' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'phone-rivenditori-posatore');
});
