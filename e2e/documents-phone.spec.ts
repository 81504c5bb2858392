import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';

test('on a phone the installer opens the documents', async ({ page }) => {
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await page.goto('/posatore/documenti');
  await expect(page.getByRole('button', { name: 'Scarica Catalogo prodotti 2027' })).toBeVisible();
  await shot(page, 'phone-posatore-documenti');
});
