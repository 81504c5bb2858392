import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';

test('on a phone the login fits and the side menu collapses into a drawer', async ({ page }) => {
  await page.goto('/');
  await shot(page, 'phone-login');
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await expect(nav).toBeHidden();
  await shot(page, 'phone-posatore-home');
  await page.getByRole('button', { name: 'Apri menu' }).click();
  await expect(nav).toBeVisible();
  await shot(page, 'phone-posatore-drawer');
  await nav.getByRole('link', { name: 'Il mio profilo' }).click();
  await expect(page).toHaveURL('/posatore/profilo');
  await expect(nav).toBeHidden();
});

test('the admin shell works on a phone', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.getByRole('button', { name: 'Apri menu' }).click();
  await shot(page, 'phone-admin-drawer');
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Capo Area' }).click();
  await expect(page).toHaveURL('/admin/capoarea');
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await shot(page, 'phone-admin-avatar-menu');
});
