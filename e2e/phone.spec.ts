import { expect, test } from '@playwright/test';
import { holdBack, loginAs, shot } from './support.ts';

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

test('while its scripts arrive a phone shows that the portal is loading, then the login', async ({ page }) => {
  const release = await holdBack(page, '**/assets/*.js');
  await page.goto('/', { waitUntil: 'commit' });
  const loading = page.getByRole('status').filter({ hasText: 'Caricamento del Portale Posatori…' });
  await expect(loading).toBeVisible();
  await shot(page, 'phone-loading');
  release();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a phone shows how to use the portal, not that it is loading', async ({ page }) => {
    await page.goto('/');
    // Playwright's text locators skip <noscript>, even when the browser shows it: the page's own text is read.
    expect(await page.locator('body').innerText()).toContain(
      'Per usare il Portale Posatori abilita JavaScript nel browser.',
    );
    await expect(page.getByText('Caricamento del Portale Posatori…')).toBeHidden();
  });
});
