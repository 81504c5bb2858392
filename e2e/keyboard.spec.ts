import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAs } from './support.ts';

/**
 * The keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.3): a row menu opens from its button, its items are reached with the
 * arrows, Escape closes it and gives the focus back to the button; a dialog takes the focus, keeps it inside while
 * Tab and Shift+Tab go round, and gives it back to what opened it when it closes.
 */

/** What has the keyboard focus: its role and accessible name as a person would hear them. */
function focused(page: Page): Promise<{ role: string; name: string; inMenu: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      inMenu: !!el?.closest('[role="menu"]'),
    };
  });
}

const holdsFocus = (container: Locator) => container.evaluate((c) => c.contains(document.activeElement));

/** Tab and Shift+Tab `times` each way: the focus never leaves the dialog (or the drawer). */
async function expectFocusTrapped(page: Page, container: Locator, times: number): Promise<void> {
  await expect(container).toBeVisible();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      const where = await focused(page);
      expect(await holdsFocus(container), `${key} ×${i + 1}: ${where.role} «${where.name}» fuori`).toBe(true);
    }
  }
}

/** Presses ArrowDown until the menu item named `name` has the focus. */
async function arrowTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const where = await focused(page);
    expect(where.inMenu, `${where.role} «${where.name}» fuori dal menu`).toBe(true);
    if (where.name === name) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`voce di menu «${name}» non raggiunta con le frecce`);
}

test(
  'a row menu and the dialogs it opens work with the keyboard alone, and give the focus back',
  { tag: '@page-only' },
  async ({ page }) => {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL('/admin');
    await page.goto('/admin/posatori?name=Giulia+Barbieri');
    await expect(page.getByText('1 posatore', { exact: true })).toBeVisible();
    const actions = page.getByRole('button', { name: 'Azioni per Giulia Barbieri' });
    await actions.focus();

    // The menu: Enter opens it on its first item, the arrows move, Escape closes it and the button has the focus.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    const first = await focused(page);
    expect(first.role).toBe('menuitem');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).name).not.toBe(first.name);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(actions).toBeFocused();

    // A dialog from the menu: the focus goes in, stays in, and comes back to the row's button on Escape.
    await page.keyboard.press('Enter');
    await arrowTo(page, 'Gestisci coupons');
    await page.keyboard.press('Enter');
    const coupons = page.getByRole('dialog', { name: 'Gestisci coupons · Giulia Barbieri' });
    await expect(coupons.getByRole('button', { name: 'Assegna coupon' })).toBeVisible();
    await expect.poll(() => holdsFocus(coupons)).toBe(true);
    await expectFocusTrapped(page, coupons, 8);
    await page.keyboard.press('Escape');
    await expect(coupons).toHaveCount(0);
    await expect(actions).toBeFocused();

    // A confirmation: the same, and 'No' leaves everything as it was.
    await page.keyboard.press('Enter');
    await arrowTo(page, 'Elimina');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').filter({ hasText: 'Confermi' });
    await expect.poll(() => holdsFocus(confirm)).toBe(true);
    await expectFocusTrapped(page, confirm, 4);
    await confirm.getByRole('button', { name: 'No' }).focus();
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(actions).toBeFocused();
    await expect(page.getByText('1 posatore', { exact: true })).toBeVisible();
  },
);

test(
  'on a phone the navigation drawer opens from the keyboard, keeps the focus, and gives it back',
  { tag: '@page-only' },
  async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'capoarea');
    await expect(page).toHaveURL('/capoarea');
    const opener = page.getByRole('button', { name: 'Apri menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => holdsFocus(drawer)).toBe(true);
    await expectFocusTrapped(page, drawer, 12);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
  },
);
