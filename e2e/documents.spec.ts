import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/** The admin uploads, edits and deletes a document; an installer finds and downloads it. */

const toast = (page: Page) => page.getByRole('alert').last();
const card = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Elenco documenti' }).getByRole('listitem').filter({ hasText: title });

/** A small real PDF, written the way a person would pick it from disk. */
function pdfFile(name: string): string {
  const body = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n';
  const xref = body.length;
  const text = `${body}xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \ntrailer<</Size 3/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'doc-')), name);
  fs.writeFileSync(file, text);
  return file;
}

test('the admin uploads a document for the installers, who download it; then the admin deletes it', async ({
  page,
  browser,
}) => {
  const title = `Manuale di posa ${Date.now().toString(36)}`;
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/documenti');
  await expect(card(page, 'Catalogo prodotti 2027')).toBeVisible();
  await shot(page, 'admin-documenti');
  await page.getByLabel('File del documento').setInputFiles(pdfFile('manuale-posa.pdf'));
  await expect(page).toHaveURL(/\/admin\/moddoc\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Titolo')).toHaveValue('manuale-posa');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Indicare almeno un gruppo di destinatari').first()).toBeVisible();
  await page.getByLabel('Titolo').fill(title);
  await page.getByRole('checkbox', { name: 'Posatori' }).check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(toast(page)).toContainText('Dati Salvati');
  await expect(page.getByTitle(`Anteprima di ${title}`)).toBeVisible();
  await shot(page, 'admin-moddoc');

  const own = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await loginAs(own, 'posatore');
  await expect(own).toHaveURL('/posatore');
  await own.goto('/posatore/documenti');
  await expect(card(own, title)).toBeVisible();
  // Only what the installers' group may see: the resellers' conditions are not here.
  await expect(card(own, 'Condizioni commerciali rivenditori')).toHaveCount(0);
  const popup = own.waitForEvent('popup');
  await card(own, title)
    .getByRole('button', { name: `Scarica ${title}` })
    .click();
  const opened = await popup;
  await expect.poll(() => opened.url()).toMatch(/\/api\/docs\/file\/[0-9a-f-]{36}$/);
  await opened.close();
  await shot(own, 'posatore-documenti');
  await own.context().close();

  await page.goto('/admin/documenti');
  await card(page, title)
    .getByRole('button', { name: `Azioni per ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Confermi di eliminare il documento:${title}?`);
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(toast(page)).toContainText('Documento eliminato');
  await expect(card(page, title)).toHaveCount(0);
});

test('the type filter shows only that kind of file', async ({ page }) => {
  await loginAs(page, 'capoarea');
  await expect(page).toHaveURL('/capoarea');
  await page.goto('/capoarea/documenti');
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Archivio ZIP' }).click();
  await expect(page).toHaveURL(/ftipo=zip/);
  await expect(page.getByText('1 documento', { exact: true })).toBeVisible();
  await expect(card(page, 'Fotografie di posa a regola d’arte')).toBeVisible();
});
