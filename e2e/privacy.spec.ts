import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/** Downloads 'Scarica i miei dati' from the profile page and answers the zip's files. */
async function downloadMyData(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Scarica i miei dati' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^dati-personali-\d{4}-\d{2}-\d{2}\.zip$/);
  return unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
}

test('an installer downloads their own data from their profile', async ({ page }) => {
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await page.goto('/posatore/profilo');
  // The profile screen loads its chunk and three requests first: on a busy machine that takes a while.
  await expect(page.getByRole('button', { name: 'Scarica i miei dati' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'posatore-profilo-scarica-dati');
  const zip = await downloadMyData(page);
  expect(JSON.parse(strFromU8(zip['account.json'] ?? new Uint8Array()))).toMatchObject({ username: 'posatore' });
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['profilo.json', 'coupon.json', 'riepilogo.pdf']));
  await expect(page.getByText(/dati-personali-.*\.zip scaricato/)).toBeVisible();
});

test('an area manager downloads their own data from their profile', async ({ page }) => {
  await loginAs(page, 'capoarea');
  await expect(page).toHaveURL('/capoarea');
  await page.goto('/capoarea/profilo');
  const zip = await downloadMyData(page);
  expect(JSON.parse(strFromU8(zip['account.json'] ?? new Uint8Array()))).toMatchObject({ username: 'capoarea' });
});

test('the admin erases an installer after a confirmation that names them', async ({ page }) => {
  test.slow();
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  // An installer with a login other than the demo one, whom the other journeys use.
  const list = (await (await page.request.get('/api/posatori?order=recenti&size=50')).json()) as {
    data: { uuid: string; descri: string; userstato: string }[];
  };
  const person = list.data.find((p) => p.userstato === 'active' && p.descri !== 'Mario Rossi' && p.descri !== '');
  expect(person).toBeDefined();
  const { uuid, descri } = person ?? { uuid: '', descri: '' };
  await page.goto(`/admin/posatori/${uuid}`);
  await page.getByRole('button', { name: 'Cancella dati personali' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Confermi la cancellazione dei dati personali di ${descri}?`);
  await shot(page, 'admin-posatore-cancella-dati-conferma');
  await dialog.getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByText(`Dati personali di ${descri} cancellati`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Utente rimosso');
  await expect(page.getByRole('button', { name: 'Cancella dati personali' })).toHaveCount(0);
  // Nothing left to send, switch or lift: the side panel says why instead.
  await expect(page.getByText('Dati personali cancellati: restano solo le cifre dei coupon.')).toBeVisible();
  for (const gone of ['Manda attivazione', 'Reintegra posatore', 'Sospendi posatore'])
    await expect(page.getByRole('button', { name: gone })).toHaveCount(0);
  await shot(page, 'admin-posatore-dati-cancellati');
  // Its history says who erased whom, with no erased value.
  await page.getByRole('tab', { name: 'Storico' }).click();
  const history = page.getByRole('table', { name: 'Storico delle modifiche' });
  await expect(history.getByRole('row').filter({ hasText: 'Cancellazione dati personali' })).toContainText('admin');
  await shot(page, 'admin-posatore-storico-cancellazione');
});
