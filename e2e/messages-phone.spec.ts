import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';

test('on a phone the installer reads a message', async ({ page }) => {
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await page.goto('/posatore/comunicazioni');
  const link = page.getByRole('link', { name: 'Visita in cantiere' });
  await expect(link).toBeVisible();
  await shot(page, 'phone-posatore-comunicazioni');
  await link.click();
  await expect(page.getByRole('heading', { name: /^Messaggio da Giorgio Valli del/ })).toBeVisible();
  await expect(page.getByText('Passerò giovedì mattina')).toBeVisible();
  await shot(page, 'phone-posatore-messaggio');
});
