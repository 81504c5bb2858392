import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('the admin saves an installer, reads the change on its Storico tab and finds it under Attività', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/posatori');
  await page
    .getByRole('button', { name: /^Azioni per / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  await expect(page).toHaveURL(/\/admin\/posatori\/[0-9a-f-]{36}$/);
  await field(page, 'Città').fill('Abbiategrasso');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(page.getByText('Salvato', { exact: true }).filter({ visible: true })).toBeVisible();

  // The history: who changed the city, from what to what; the tab is in the URL.
  await page.getByRole('tab', { name: 'Storico' }).click();
  await expect(page).toHaveURL(/vista=storico/);
  const history = page.getByRole('table', { name: 'Storico delle modifiche' });
  const change = history.getByRole('row').filter({ hasText: 'Abbiategrasso' });
  await expect(change).toContainText('Modifica');
  await expect(change).toContainText('admin');
  await expect(change).toContainText('Città');
  await shot(page, 'admin-posatore-storico');
  await page.reload();
  await expect(page.getByRole('table', { name: 'Storico delle modifiche' })).toBeVisible();
  await page.getByRole('tab', { name: 'Scheda' }).click();
  await expect(field(page, 'Città')).toHaveValue('Abbiategrasso');

  // The whole trail, filtered by action.
  await page.getByRole('link', { name: 'Attività' }).first().click();
  await expect(page).toHaveURL('/admin/attivita');
  await expect(page.getByRole('heading', { name: 'Attività', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Azione' }).click();
  await page.getByRole('option', { name: 'Modifica', exact: true }).click();
  await expect(page).toHaveURL(/action=modifica/);
  const list = page.getByRole('table', { name: 'Elenco attività' });
  await expect(list.getByRole('row').filter({ hasText: 'Abbiategrasso' })).toContainText('Posatore');
  await shot(page, 'admin-attivita');
});
