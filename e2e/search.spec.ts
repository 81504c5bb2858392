import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/** The toolbar's Cerca, as the person types, within what they may see. */

test('a reseller finds one of their installers by name and opens them', async ({ page }) => {
  await loginAs(page, 'rivenditore');
  await expect(page).toHaveURL('/rivenditori');
  const box = page.getByRole('combobox', { name: 'Cerca' });
  await box.fill('ro');
  await expect(page.getByText('Scrivi almeno 3 caratteri')).toBeVisible();
  await box.fill('rossi');
  const mario = page.getByRole('option', { name: /^Mario Rossi/ });
  await expect(mario).toBeVisible();
  await expect(page.getByRole('listbox')).toContainText('Persone');
  await shot(page, 'rivenditore-ricerca');
  await mario.click();
  await expect(page).toHaveURL(/\/rivenditori\/posatori\/[0-9a-f-]{36}$/);
  await expect(box).toHaveValue('');
});

test('the admin searches with the keyboard and opens a message', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  const box = page.getByRole('combobox', { name: 'Cerca' });
  await box.fill('catalogo 2027');
  await expect(page.getByRole('option', { name: 'Nuovo catalogo 2027' })).toBeVisible();
  await expect(page.getByRole('listbox')).toContainText('Comunicazioni');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/admin\/comunicazioni\/msg\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /^Messaggio da Laura Amministratrice/ })).toBeVisible();
  await box.fill('nessuna corrispondenza xyz');
  await expect(page.getByText('Nessun risultato')).toBeVisible();
  await box.press('Escape');
});
