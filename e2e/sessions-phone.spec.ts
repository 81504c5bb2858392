import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';

test('on a phone the usage statistics stack their charts and tables', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/sessions');
  await expect(page.getByRole('heading', { name: 'Statistiche di utilizzo', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Coupon per mese' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Esporta Excel' })).toBeVisible();
  // Nothing wider than the screen but the tables, which scroll inside their own box.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'phone-admin-sessions');
});
