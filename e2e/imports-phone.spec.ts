import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';

test('on a phone the admin imports the company file and opens the demo import’s installers', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/importazione');
  await expect(page.getByText('Carica il file')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(path.resolve('e2e/fixtures/imports/aziende.xlsx'));
  await expect(page.getByText('Documento selezionato')).toBeVisible();
  await shot(page, 'phone-admin-importazione');
  await page.getByRole('button', { name: 'AVANTI' }).click();
  await expect(page.getByText('Importazione avvenuta con errori!')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'phone-admin-importazione-fatto');

  await page.getByRole('link', { name: 'anagrafica-posatori-crm.xlsx' }).click();
  await expect(page.getByRole('heading', { name: 'Posatori importati' })).toBeVisible();
  await expect(page.getByText('15 posatori')).toBeVisible();
  await shot(page, 'phone-admin-impposatori');
});
