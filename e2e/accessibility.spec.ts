import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './support.ts';

/** Every axe rule (WCAG 2.2 A and AA, best practices) on the page as it stands; the violations are the message. */
async function expectNoViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found).toEqual([]);
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 860 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`accessibility on ${device}`, () => {
    test.use({ viewport });

    test('the login page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('the installer list of the admin', async ({ page }) => {
      await loginAs(page, 'admin');
      await expect(page).toHaveURL('/admin');
      await page.goto('/admin/posatori');
      await expect(page.getByRole('table', { name: 'Elenco posatori' }).getByRole('row')).toHaveCount(21);
      await expectNoViolations(page);
    });
  });
}
