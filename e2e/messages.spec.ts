import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/**
 * Communications: the admin writes to a group and an installer reads it (the bell follows), an area
 * manager edits and deletes a sent message, a reseller marks read and unread, the composer's checks, and the
 * installer list's 'Invia comunicazione'. Every journey leaves the demo inboxes' unread counts as it found them.
 */

const toast = (page: Page) => page.getByRole('alert').last();
const bell = (page: Page) => page.getByRole('link', { name: /^Messaggi non letti/ });
const rowOf = (page: Page, subject: string) => page.getByRole('row').filter({ hasText: subject });
const unique = (what: string) => `${what} ${Date.now().toString(36)}`;

async function pickRecipient(page: Page, typed: string, option: string): Promise<void> {
  await page.getByLabel('Destinatari').fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Writes to the administrators from an area's composer and lands back on its communications. */
async function sendToAdmins(page: Page, area: string, subject: string): Promise<void> {
  await page.goto(`${area}/comunicazioni/modmsg/nuovo`);
  await pickRecipient(page, 'ammin', 'Amministratori');
  await page.getByLabel('Oggetto').fill(subject);
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page).toHaveURL(`${area}/comunicazioni`);
}

test('the admin writes to every installer, and the installer reads it: the bell goes down', async ({
  page,
  browser,
}) => {
  const subject = unique('Chiusura per inventario');
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/comunicazioni');
  await expect(page.getByRole('tab', { name: 'Uscita', selected: true })).toBeVisible();
  await shot(page, 'admin-comunicazioni-uscita');
  await page.getByRole('button', { name: 'Nuova comunicazione' }).click();
  await expect(page).toHaveURL('/admin/comunicazioni/modmsg/nuovo');
  await pickRecipient(page, 'tutti', 'Tutti i posatori');
  await page.getByLabel('Oggetto').fill(subject);
  await page.getByLabel('Messaggio').fill('Il magazzino resterà chiuso venerdì per l’inventario annuale.');
  await shot(page, 'admin-nuova-comunicazione');
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(toast(page)).toContainText('Comunicazione inviata');
  await expect(page).toHaveURL('/admin/comunicazioni');
  await expect(rowOf(page, subject)).toContainText('Tutti i posatori');

  const own = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await loginAs(own, 'posatore');
  await expect(own).toHaveURL('/posatore');
  await expect(bell(own)).toContainText('4');
  await bell(own).click();
  await expect(own).toHaveURL('/posatore/comunicazioni?folder=recv');
  await expect(own.getByRole('heading', { name: 'Entrata' })).toBeVisible();
  await expect(own.getByRole('tab')).toHaveCount(0);
  await expect(rowOf(own, subject).getByRole('img', { name: 'Da leggere' })).toBeVisible();
  await shot(own, 'posatore-comunicazioni');
  await rowOf(own, subject).getByRole('link', { name: subject }).click();
  await expect(
    own.getByRole('heading', { name: /^Messaggio da Laura Amministratrice del \d\d\/\d\d\/\d{4}$/ }),
  ).toBeVisible();
  await expect(own.getByText('Il magazzino resterà chiuso venerdì')).toBeVisible();
  await expect(bell(own)).toContainText('3');
  await shot(own, 'posatore-messaggio');
  await own.context().close();
});

test('an area manager edits a sent message, then deletes it after saying yes', async ({ page }) => {
  const subject = unique('Riunione di zona');
  await loginAs(page, 'capoarea');
  await expect(page).toHaveURL('/capoarea');
  await sendToAdmins(page, '/capoarea', subject);

  await rowOf(page, subject)
    .getByRole('button', { name: `Azioni per ${subject}` })
    .click();
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  await expect(page.getByRole('heading', { name: 'Modifica comunicazione' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Amministratori' })).toBeVisible();
  await page.getByLabel('Oggetto').fill(`${subject} (spostata)`);
  await shot(page, 'capoarea-modifica-comunicazione');
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(toast(page)).toContainText('Comunicazione modificata');
  await expect(rowOf(page, `${subject} (spostata)`)).toBeVisible();

  await rowOf(page, `${subject} (spostata)`)
    .getByRole('button', { name: /^Azioni per/ })
    .click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Confermi di eliminare il messaggio:${subject} (spostata)?`);
  await shot(page, 'capoarea-elimina-comunicazione');
  await page.getByRole('button', { name: 'No' }).click();
  await expect(rowOf(page, `${subject} (spostata)`)).toBeVisible();
  await rowOf(page, `${subject} (spostata)`)
    .getByRole('button', { name: /^Azioni per/ })
    .click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(toast(page)).toContainText('Comunicazione eliminata');
  await expect(rowOf(page, subject)).toHaveCount(0);
});

test('the composer says what is missing and keeps what was typed', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/newcomm');
  await page.getByLabel('Messaggio').fill('Testo scritto prima di scegliere i destinatari');
  await page.getByRole('button', { name: 'Invia' }).click();
  // Under each field its reason; the first one also in the toast.
  await expect(page.locator('#oggetto-helper-text')).toHaveText('Oggetto obbligatorio');
  await expect(page.locator('#dests-helper-text')).toHaveText('Indicare almeno un destinatario');
  await expect(page.getByLabel('Messaggio')).toHaveValue('Testo scritto prima di scegliere i destinatari');
  await shot(page, 'admin-nuova-comunicazione-errori');
});

test('a reseller reads the inbox and marks a message unread and read again', async ({ page }) => {
  await loginAs(page, 'rivenditore');
  await expect(page).toHaveURL('/rivenditori');
  await page.goto('/rivenditori/comunicazioni');
  await page.getByRole('tab', { name: 'Entrata' }).click();
  await expect(page).toHaveURL(/folder=recv/);
  const row = rowOf(page, 'Aggiornamento condizioni commerciali');
  await expect(row).toBeVisible();
  await expect(row.getByRole('img', { name: 'Da leggere' })).toHaveCount(0);
  await expect(bell(page)).toContainText('2');
  await row.getByRole('button', { name: /^Azioni per/ }).click();
  await page.getByRole('menuitem', { name: 'Segna come non letto' }).click();
  await expect(row.getByRole('img', { name: 'Da leggere' })).toBeVisible();
  await expect(bell(page)).toContainText('3');
  await shot(page, 'rivenditore-comunicazioni-entrata');
  await row.getByRole('button', { name: /^Azioni per/ }).click();
  await page.getByRole('menuitem', { name: 'Segna come letto' }).click();
  await expect(row.getByRole('img', { name: 'Da leggere' })).toHaveCount(0);
  await expect(bell(page)).toContainText('2');
  // The Tipo filter: only what is still to read.
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Da leggere' }).click();
  await expect(page).toHaveURL(/tiporead=nonletti/);
  await expect(page.getByText('2 messaggi')).toBeVisible();
});

test('the installer list’s Invia comunicazione writes to the installers of its filter', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/posatori?state=MI');
  await page.getByRole('button', { name: 'Invia comunicazione' }).click();
  await expect(page).toHaveURL('/admin/newcomm');
  await expect(page.getByRole('button', { name: 'Posatori dell’elenco filtrato' })).toBeVisible();
  await shot(page, 'admin-comunicazione-da-elenco');
});

test('the partner list’s Invia comunicazione writes to the contacts of the filtered partners', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/partner?state=MI');
  await page.getByRole('button', { name: 'Invia comunicazione' }).click();
  await expect(page).toHaveURL('/admin/newcomm');
  await expect(page.getByRole('button', { name: 'Referenti delle aziende partner filtrate' })).toBeVisible();
  await page.goto('/admin/partner');
  await page.getByRole('button', { name: 'Invia comunicazione' }).click();
  await expect(page.getByRole('button', { name: 'Referenti delle aziende partner', exact: true })).toBeVisible();
});

test('picking a recipient who is already a chip keeps them, among the others', async ({ page }) => {
  await loginAs(page, 'capoarea');
  await expect(page).toHaveURL('/capoarea');
  await page.goto('/capoarea/comunicazioni/modmsg/nuovo');
  await pickRecipient(page, 'ammin', 'Amministratori');
  await pickRecipient(page, 'ross', 'Mario Rossi (Posatore, MI)');
  const chips = page
    .getByRole('combobox', { name: 'Destinatari' })
    .locator('xpath=..')
    .getByRole('button')
    .filter({ hasText: /\S/ });
  await expect(chips).toHaveText(['Amministratori', 'Mario Rossi (Posatore, MI)']);
  // The same recipient again, by mouse and by keyboard: still one chip each, nobody dropped.
  await pickRecipient(page, 'ammin', 'Amministratori');
  await expect(chips).toHaveText(['Amministratori', 'Mario Rossi (Posatore, MI)']);
  await expect(toast(page)).toContainText('Amministratori è già tra i destinatari');
  const field = page.getByRole('combobox', { name: 'Destinatari' });
  await field.fill('ross');
  const mario = page.getByRole('option', { name: 'Mario Rossi (Posatore, MI)', exact: true });
  await expect(mario).toBeVisible();
  const marioId = await mario.getAttribute('id');
  for (let i = 0; i < 10 && (await field.getAttribute('aria-activedescendant')) !== marioId; i++) {
    await field.press('ArrowDown');
  }
  await field.press('Enter');
  await expect(chips).toHaveText(['Amministratori', 'Mario Rossi (Posatore, MI)']);
  await shot(page, 'capoarea-destinatario-ripetuto');
  // A chip still goes by its delete icon, and by Backspace in the empty field.
  await field.fill('');
  await field.press('Backspace');
  await expect(chips).toHaveText(['Amministratori']);
  await page.getByRole('button', { name: 'Amministratori' }).locator('svg').click();
  await expect(chips).toHaveCount(0);
});

test('the bell opens Entrata, where the unread messages it counts are', async ({ page }) => {
  for (const [user, area] of [
    ['admin', '/admin'],
    ['capoarea', '/capoarea'],
    ['rivenditore', '/rivenditori'],
  ] as const) {
    await loginAs(page, user);
    await expect(page).toHaveURL(area);
    await bell(page).click();
    await expect(page).toHaveURL(`${area}/comunicazioni?folder=recv`);
    await expect(page.getByRole('tab', { name: 'Entrata', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Entrata' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu utente' }).click();
    await page.getByRole('menuitem', { name: 'LOGOUT' }).click();
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  }
});

test('Uscita filters by Tipo: read by every recipient, or not yet read by someone', async ({ page, browser }) => {
  const subject = unique('Listino aggiornato');
  await loginAs(page, 'rivenditore');
  await expect(page).toHaveURL('/rivenditori');
  await sendToAdmins(page, '/rivenditori', subject);

  const tipo = page.getByRole('combobox', { name: 'Tipo' });
  await tipo.click();
  await expect(page.getByRole('option')).toHaveText(['Tutti', 'Non ancora letti da tutti', 'Letti da tutti']);
  await page.getByRole('option', { name: 'Non ancora letti da tutti' }).click();
  await expect(page).toHaveURL(/tiporead=nonletti/);
  await expect(rowOf(page, subject)).toBeVisible();
  await shot(page, 'rivenditore-uscita-tipo');

  // The administrator reads it: now it is read by every recipient.
  const admin = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await loginAs(admin, 'admin');
  await expect(admin).toHaveURL('/admin');
  await admin.goto('/admin/comunicazioni?folder=recv');
  await rowOf(admin, subject).getByRole('link', { name: subject }).click();
  await expect(admin.getByText(subject)).toBeVisible();
  await admin.context().close();

  await page.reload();
  await expect(page.getByText('Nessuna comunicazione inviata').or(page.getByRole('row').nth(1))).toBeVisible();
  await expect(rowOf(page, subject)).toHaveCount(0);
  await tipo.click();
  await page.getByRole('option', { name: 'Letti da tutti', exact: true }).click();
  await expect(page).toHaveURL(/tiporead=letti/);
  await expect(rowOf(page, subject)).toBeVisible();

  await rowOf(page, subject)
    .getByRole('button', { name: /^Azioni per/ })
    .click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(rowOf(page, subject)).toHaveCount(0);
});
