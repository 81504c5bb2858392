import * as XLSX from '@e965/xlsx';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/** The import wizard with files written by LibreOffice (e2e/fixtures/imports). */

const fixture = (name: string) => path.resolve('e2e/fixtures/imports', name);

/** The wizard's first step with a file chosen (the drop zone's hidden file input). */
async function chooseFile(page: Page, name: string) {
  await page.locator('input[type="file"]').setInputFiles(fixture(name));
  await expect(page.getByText('Documento selezionato')).toBeVisible();
  await expect(page.getByRole('button', { name: 'File da importare' })).toContainText(name);
}

/**
 * Picks an option of a select with the keyboard (arrows to open, Enter on the option). A click on an option less
 * than a tenth of a second after the menu opened was once lost on a full CI run, which left the menu open over
 * the form; a person's click never comes that fast, and the keyboard path has no such window.
 */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  await select.focus();
  await page.keyboard.press('ArrowDown');
  const item = page.getByRole('listbox').getByRole('option', { name: option, exact: true });
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(select).toHaveText(option);
}

const countOf = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('+ dd');

test.describe.configure({ mode: 'serial' });

test('the admin imports a course list with good and bad rows, downloads errors.xlsx and views the installers', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/posatori');
  await page.getByRole('button', { name: 'Importa' }).click();
  await expect(page).toHaveURL('/admin/importazione');
  await expect(page.getByRole('heading', { name: 'Importazione', exact: true })).toBeVisible();
  await expect(page.getByText('Carica il file')).toBeVisible();
  await expect(page.getByText('Trascina qui il tuo file oppure seleziona il documento')).toBeVisible();

  await page.getByRole('button', { name: 'AVANTI' }).click();
  await expect(page.getByRole('alert')).toHaveText('ERRORE: Selezionare un file');

  await choose(page, 'Tipo corso', 'Qualificato');
  await choose(page, 'Tipo coupon', 'Corso base');
  await page.getByRole('group', { name: 'Data corso' }).getByRole('spinbutton', { name: 'Mese' }).click();
  await page.keyboard.type('102026');
  await chooseFile(page, 'posatori.xlsx');
  await shot(page, 'admin-importazione');
  await page.getByRole('button', { name: 'AVANTI' }).click();

  await expect(page.getByText('Importazione avvenuta con errori!')).toBeVisible({ timeout: 30_000 });
  await expect(countOf(page, 'Nuovi')).toHaveText('5');
  await expect(countOf(page, 'Righe scartate')).toHaveText('4');
  await expect(countOf(page, 'Coupon assegnati')).toHaveText('5');
  await shot(page, 'admin-importazione-fatto');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Scarica errors.xlsx' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('errors.xlsx');
  const book = XLSX.read(fs.readFileSync(await download.path()), { type: 'buffer' });
  expect(book.SheetNames.every((name) => /^Errori \d+$/.test(name))).toBe(true);
  const rows = book.SheetNames.flatMap((name) =>
    XLSX.utils.sheet_to_json<string[]>(book.Sheets[name]!, { header: 1, raw: false }).slice(1),
  );
  expect(rows).toHaveLength(4);
  const first = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
  expect(first[0]?.slice(0, 3)).toEqual(['CODICE FISCALE', 'COGNOME', 'NOME']);
  expect(rows.map((r) => r.at(-1))).toEqual(
    expect.arrayContaining([
      'CODICE FISCALE: Codice fiscale non valido',
      'COGNOME: Campo obbligatorio',
      expect.stringContaining('PROVINCIA: La provincia deve essere di 2 caratteri'),
      expect.stringContaining('RIVENDITORE ASSOCIATO: Rivenditore non trovato: Rivenditore Inesistente'),
    ]),
  );

  await page.getByRole('link', { name: 'Posatori di questa importazione' }).click();
  await expect(page).toHaveURL(/\/admin\/impposatori\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Posatori importati' })).toBeVisible();
  await expect(page.getByText('5 posatori')).toBeVisible();
  const table = page.getByRole('table', { name: 'Elenco posatori' });
  for (const name of ['Luca Bianchi', 'Giovanni Verdi', 'Paola Neri', 'Marc Dubois', 'Marco Ferri']) {
    await expect(table.getByRole('link', { name })).toBeVisible();
  }
  await page.getByLabel('Nome').fill('ferri');
  await expect(page.getByText('1 posatore')).toBeVisible();
  await shot(page, 'admin-impposatori');
  await table.getByRole('link', { name: 'Marco Ferri' }).click();
  await expect(page.getByRole('textbox', { name: 'CAP', exact: true })).toHaveValue('00157');
  await expect(page.getByRole('textbox', { name: 'Partita IVA' })).toHaveValue('01234567897');
});

test('the same people in the legacy .xls change nothing; the company file fills the partners', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/importazione');
  await choose(page, 'Tipo coupon', 'Corso base');
  await chooseFile(page, 'posatori.xls');
  await page.getByRole('button', { name: 'AVANTI' }).click();
  await expect(page.getByText('Importazione avvenuta con errori!')).toBeVisible({ timeout: 30_000 });
  await expect(countOf(page, 'Nuovi')).toHaveText('0');
  await expect(countOf(page, 'Già presenti senza modifiche')).toHaveText('5');
  await expect(countOf(page, 'Coupon assegnati')).toHaveText('0');

  await page.getByRole('button', { name: 'Nuova importazione' }).click();
  await chooseFile(page, 'aziende.xlsx');
  await page.getByRole('button', { name: 'AVANTI' }).click();
  await expect(page.getByText('Importazione avvenuta con errori!')).toBeVisible({ timeout: 30_000 });
  await expect(countOf(page, 'Nuovi')).toHaveText('2');
  await expect(countOf(page, 'Righe scartate')).toHaveText('2');
  const history = page.getByRole('table', { name: 'Importazioni precedenti' });
  await expect(history.getByRole('row', { name: /aziende\.xlsx/ })).toBeVisible();
  await page.getByRole('link', { name: 'VISUALIZZA' }).click();
  await expect(page).toHaveURL('/admin/partner');
  await page.getByLabel('Ragione sociale').fill('Edilpiastrelle');
  await expect(page.getByRole('link', { name: 'Edilpiastrelle Adriatica S.r.l.' })).toBeVisible();
});
