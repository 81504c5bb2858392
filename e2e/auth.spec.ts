import { expect, test } from '@playwright/test';
import { latestMailTo, loginAs, resetLinkOf, shot } from './support.ts';

test('the login page looks finished and refuses a wrong password with Login errata', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await shot(page, 'public-login');
  await loginAs(page, 'admin', 'sbagliata');
  await expect(page.getByText('Login errata')).toBeVisible();
  await expect(page).toHaveURL('/');
  await shot(page, 'public-login-errata');
});

test('the Enter key submits the login', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Utente').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('portale-demo');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL('/admin');
});

test('a deep link while logged out goes back to the login page', async ({ page }) => {
  await page.goto('/admin/posatori');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
});

test('logout ends the session and a logged-in visitor is sent to their area', async ({ page }) => {
  await loginAs(page, 'capoarea');
  await expect(page).toHaveURL('/capoarea');
  await page.goto('/');
  await expect(page).toHaveURL('/capoarea');
  await page.goto('/recover');
  await expect(page).toHaveURL('/capoarea');
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'LOGOUT' }).click();
  // The login page's own entry loads in place of the area.
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(page).toHaveURL('/');
  await page.goto('/capoarea');
  await expect(page).toHaveURL('/');
});

test('recover, the e-mail link, a new password and a login with it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /password/i }).click();
  await expect(page).toHaveURL('/recover');
  await expect(page.getByRole('heading', { name: 'Reimposta Password' })).toBeVisible();
  await shot(page, 'public-recover');
  await page.getByLabel('Utente').fill('rivenditore.bergamo');
  await page.getByRole('button', { name: /invia|reimposta/i }).click();
  await expect(page).toHaveURL('/resetted');
  await expect(page.getByText('Password reimpostata, controlla la tua email')).toBeVisible();
  await shot(page, 'public-resetted');

  // The Bergamo reseller of the demo data is Alberto Pesenti.
  const eml = await latestMailTo('alberto.pesenti');
  const link = new URL(resetLinkOf(eml));
  await page.goto(link.pathname);
  await page.getByLabel('Nuova password').fill('bergamo-ceramiche-1');
  await page.getByLabel('Conferma password').fill('bergamo-ceramiche-2');
  await expect(page.getByText('Le password non coincidono')).toBeVisible();
  await shot(page, 'public-resetpwd-mismatch');
  await page.getByLabel('Conferma password').fill('bergamo-ceramiche-1');
  await page.getByRole('button', { name: /conferma|imposta/i }).click();
  await expect(page.getByText('Password impostata')).toBeVisible();
  await shot(page, 'public-resetpwd-done');
  // Back to the login page after 4 seconds.
  await expect(page).toHaveURL('/', { timeout: 8_000 });
  await loginAs(page, 'rivenditore.bergamo', 'bergamo-ceramiche-1');
  await expect(page).toHaveURL('/rivenditori');

  // The same link works only once.
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'LOGOUT' }).click();
  // The login page's own entry loads in place of the area.
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await page.goto(link.pathname);
  await page.getByLabel('Nuova password').fill('bergamo-ceramiche-3');
  await page.getByLabel('Conferma password').fill('bergamo-ceramiche-3');
  await page.getByRole('button', { name: /conferma|imposta/i }).click();
  await expect(page.getByText('Errore sessione')).toBeVisible();
});
