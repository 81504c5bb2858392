import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';

test('on a phone the homes stack their widgets', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await expect(page.getByText('Coupon utilizzati', { exact: true })).toBeVisible();
  await shot(page, 'phone-admin-home');
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'LOGOUT' }).click();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await expect(page.getByRole('region', { name: 'Ultime comunicazioni' })).toBeVisible();
  await shot(page, 'phone-posatore-home');
});
