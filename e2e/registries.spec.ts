import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, loginAs, resetLinkOf, shot } from './support.ts';

/**
 * A small valid PDF made at test time: header, one page, a cross-reference table with the right offsets, trailer,
 * startxref and %%EOF (the server checks the header, the end and that startxref points at the xref).
 */
function pdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 56 780 Td (${text.replace(/[\\()]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A full-page screenshot from the top: a page scrolled down would be captured with the fixed toolbar and the
 * sticky side panel in the middle of it.
 */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/** Logs in and waits for the landing page, so a following goto does not race the login. */
async function login(page: Page, user: string, landing: string, pwd?: string): Promise<void> {
  await loginAs(page, user, pwd);
  await expect(page).toHaveURL(landing);
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'LOGOUT' }).click();
  // The login page's own entry loads in place of the area.
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(page).toHaveURL('/');
}

/** A text field by its label; required ones show 'Label *', their accessible name stays 'Label'. */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const toast = (page: Page) => page.getByRole('alert').last();
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principale' });
const confirmYes = async (page: Page, question: string) => {
  await expect(page.getByRole('dialog')).toContainText(question);
  await page.getByRole('button', { name: 'Sì' }).click();
};

async function chooseProvince(page: Page, label: string, typed: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Today in the browser's time zone (Europe/Rome), as the screens show dates. */
function todayShown(): string {
  // en-GB writes dd/mm/yyyy, as the screens do.
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome' }).format(new Date());
}

test('admin creates an area manager with two provinces and the activation link opens their account', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = `e2e.capoarea.${Date.now()}@esempio.it`;
  await login(page, 'admin', '/admin');
  await menu(page).getByRole('link', { name: 'Capo Area' }).click();
  await expect(page).toHaveURL('/admin/capoarea');
  const table = page.getByRole('table', { name: 'Elenco capo area' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('img', { name: 'Attivo' }).first()).toBeVisible();
  await expect(table.getByRole('img', { name: 'Richiesta Inviata' }).first()).toBeVisible();
  await snap(page, 'admin-capoarea');

  // Filters in the URL: fstate from /api/liststates.
  await page.getByRole('combobox', { name: 'Provincia', exact: true }).click();
  await page.getByRole('option', { name: 'MI - Milano' }).click();
  await expect(page).toHaveURL(/fstate=MI/);
  await expect(table.getByRole('link', { name: 'Giorgio Valli' })).toBeVisible();
  await page.getByRole('button', { name: 'Azzera filtri' }).click();

  await page.getByRole('button', { name: 'AGGIUNGI CAPOAREA' }).click();
  await expect(page).toHaveURL('/admin/newcapoarea');
  await expect(page.getByRole('heading', { name: 'Nuovo capo area' })).toBeVisible();
  // The form check runs in the browser: nothing is sent, the first problem is named.
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Errore: Campo obbligatorio');

  await field(page, 'Nome').fill('Elena');
  await field(page, 'Cognome').fill('Marchetti');
  await field(page, 'Indirizzo e numero civico').fill('Corso Porta Nuova 12');
  await field(page, 'Città').fill('Verona');
  await field(page, 'CAP').pressSequentially('3712a2');
  await expect(field(page, 'CAP')).toHaveValue('37122');
  await chooseProvince(page, 'Provincia', 'Verona', 'VR - Verona');
  await field(page, 'Email').fill('non-una-email');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Errore: Indirizzo e-mail non valido');
  await field(page, 'Email').fill(email);
  await chooseProvince(page, 'Province di competenza', 'Verona', 'VR - Verona');
  await chooseProvince(page, 'Province di competenza', 'Vicenza', 'VI - Vicenza');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'VR - Verona' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'VI - Vicenza' })).toBeVisible();
  await snap(page, 'admin-newcapoarea');
  await page.getByRole('button', { name: 'SALVA' }).click();

  // Created: their own edit screen, where the activation goes.
  await expect(page).toHaveURL(/\/admin\/capoarea\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  await expect(page.getByText(email.toLowerCase(), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'VR - Verona' })).toBeVisible();
  await page.getByRole('button', { name: 'Manda attivazione' }).click();
  await confirmYes(page, 'Confermi Reimpostazione password?');
  await expect(toast(page)).toContainText('Email di attivazione inviata');
  await snap(page, 'admin-capoarea-edit');

  // The list shows the new area manager with the provinces of competence.
  await page.getByRole('link', { name: "Torna all'elenco" }).click();
  await page.getByLabel('Nome', { exact: true }).fill('Marchetti');
  await expect(table.getByRole('link', { name: 'Elena Marchetti' })).toBeVisible();
  await expect(table.getByText('Competenza: VI, VR')).toBeVisible();

  // The e-mail is in the outbox; its link sets the password and opens the account.
  const link = new URL(resetLinkOf(await latestMailTo(email.toLowerCase())));
  await logout(page);
  await page.goto(link.pathname);
  await page.getByLabel('Nuova password').fill('verona-vicenza-2026');
  await page.getByLabel('Conferma password').fill('verona-vicenza-2026');
  await page.getByRole('button', { name: /conferma|imposta/i }).click();
  await expect(page.getByText('Password impostata')).toBeVisible();
  await expect(page).toHaveURL('/', { timeout: 8_000 });
  await login(page, email, '/capoarea', 'verona-vicenza-2026');
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await expect(page.getByRole('menu')).toContainText('Elena Marchetti');
});

test('admin disables and re-enables an area manager', async ({ page }) => {
  await login(page, 'admin', '/admin');
  await page.goto('/admin/capoarea?fname=Valli');
  await page.getByRole('button', { name: 'Azioni per Giorgio Valli' }).click();
  await expect(page.getByRole('menuitem', { name: 'Reimposta password' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Elimina' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  await expect(page).toHaveURL(/\/admin\/capoarea\/[0-9a-f-]{36}$/);
  const panel = page.getByRole('complementary', { name: 'Immagine del profilo' });
  await expect(panel).toContainText('Attivo');
  await panel.getByRole('button', { name: 'Disattiva accesso' }).click();
  await confirmYes(page, 'Confermi la disattivazione dell’accesso?');
  await expect(panel).toContainText('Disattivato');
  await panel.getByRole('button', { name: 'Riattiva accesso' }).click();
  await confirmYes(page, 'Confermi la riattivazione dell’accesso?');
  await expect(panel).toContainText('Attivo');
});

test('admin lists, creates and deletes resellers, with the form rules', async ({ page }) => {
  await login(page, 'admin', '/admin');
  await menu(page).getByRole('link', { name: 'Rivenditori' }).click();
  await expect(page).toHaveURL('/admin/rivenditori');
  const table = page.getByRole('table', { name: 'Elenco rivenditori' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await snap(page, 'admin-rivenditori');
  await page.getByLabel('Codice', { exact: true }).fill('RIV001');
  await expect(page.getByText('1 rivenditore', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Azioni per Ceramiche Lombarde S.r.l.' }).click();
  await expect(page.getByRole('menuitem', { name: 'Reimposta password' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  await expect(page).toHaveURL(/\/admin\/rivenditore\/[0-9a-f-]{36}$/);
  await expect(field(page, 'Nome')).toHaveValue('Franco');
  await snap(page, 'admin-rivenditore-edit');

  await page.goto('/admin/newrivenditori');
  await expect(page.getByRole('heading', { name: 'Nuovo rivenditore' })).toBeVisible();
  await field(page, 'Nome').fill('Paolo');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Errore: Campo obbligatorio');
  await field(page, 'Cognome').fill('Rinaldi');
  await field(page, 'Ragione sociale').fill('Rinaldi Pavimenti S.r.l.');
  const email = `e2e.rinaldi.${Date.now()}@esempio.it`;
  await field(page, 'Email').fill(email);
  await snap(page, 'admin-newrivenditori');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(page).toHaveURL(/\/admin\/rivenditore\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Manda attivazione' })).toBeVisible();

  // The same e-mail again: it is already a user name, and the server's reason says so.
  await page.goto('/admin/newrivenditori');
  await field(page, 'Nome').fill('Paola');
  await field(page, 'Cognome').fill('Rinaldi');
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Errore: Esiste già un utente con questa email');
  await expect(page.getByText('Esiste già un utente con questa email', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/admin/newrivenditori');

  // And deleted again from the list, after the question.
  await page.goto('/admin/rivenditori?name=Rinaldi');
  await page.getByRole('button', { name: 'Azioni per Rinaldi Pavimenti S.r.l.' }).click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await confirmYes(page, 'Confermi Cancellazione?');
  await expect(page.getByText('0 rivenditori', { exact: true })).toBeVisible();
});

test('admin creates and edits a partner, and adds, edits and deletes a payment PDF', async ({ page }) => {
  test.setTimeout(60_000);
  const ragsoc = `Ceramiche Collaudo ${Date.now()} S.r.l.`;
  await login(page, 'admin', '/admin');
  await menu(page).getByRole('link', { name: 'Aziende partner' }).click();
  await expect(page).toHaveURL('/admin/partner');
  const table = page.getByRole('table', { name: 'Elenco partner' });
  await expect(table.getByRole('row')).toHaveCount(21);
  for (const header of ['Ragione sociale', 'Codice', 'Provincia', 'Partner dal', 'Valido fino a']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  for (const name of ['Esporta anagrafica', 'Importa anagrafica', 'Invia comunicazione', 'AGGIUNGI PARTNER']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await snap(page, 'admin-partner');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Esporta anagrafica' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^partner-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.getByRole('button', { name: 'AGGIUNGI PARTNER' }).click();
  await expect(page).toHaveURL('/admin/newpartner');
  await expect(page.getByRole('heading', { name: 'Nuovo partner' })).toBeVisible();
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Attenzione, correggere i campi segnalati');
  await field(page, 'Ragione sociale').fill(ragsoc);
  await field(page, 'Codice').fill('PAR-E2E');
  await field(page, 'Città').fill('Sassuolo');
  await chooseProvince(page, 'Provincia', 'Modena', 'MO - Modena');
  const since = page.getByRole('group', { name: 'Partner dal' });
  await since.getByRole('spinbutton', { name: 'Mese' }).click();
  await page.keyboard.type('032024');
  await snap(page, 'admin-newpartner');
  await page.getByRole('button', { name: 'SALVA' }).click();

  // Created: the edit screen, where the logo and the payments go.
  await expect(page).toHaveURL(/\/admin\/partner\/[0-9a-f-]{36}$/);
  const partnerPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambia immagine' })).toBeVisible();
  const payments = page.getByRole('region', { name: 'Pagamenti' });
  await expect(payments.getByText('Nessun pagamento')).toBeVisible();

  // Edit: saved, back to the list.
  await field(page, 'Telefono').fill('0536 123456');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(page).toHaveURL('/admin/partner');
  await expect(page.getByText('Dati Salvati')).toHaveCount(0);
  await page.getByLabel('Ragione sociale', { exact: true }).fill(ragsoc);
  await expect(page.getByText('1 partner', { exact: true })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('03/2024');
  await page.getByRole('button', { name: `Azioni per ${ragsoc}` }).click();
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  await expect(page).toHaveURL(partnerPath);
  await expect(field(page, 'Telefono')).toHaveValue('0536 123456');

  // A payment: the PDF, the date (today by default) and the amount typed with a comma.
  const chooser = page.waitForEvent('filechooser');
  await payments.getByRole('button', { name: 'PDF del pagamento' }).click();
  await (await chooser).setFiles({ name: 'fattura.pdf', mimeType: 'application/pdf', buffer: pdf('Fattura 2026') });
  await expect(payments.getByText('Documento selezionato')).toBeVisible();
  await payments.getByRole('textbox', { name: 'Importo' }).fill('1234,56');
  await payments.getByRole('button', { name: 'CARICA' }).click();
  const rows = payments.getByRole('table', { name: 'Elenco pagamenti' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('1.234,56 €');
  await expect(rows.nth(1)).toContainText(todayShown());
  // The partner's renewal follows at once.
  const aside = page.getByRole('complementary', { name: 'Immagine del profilo' });
  await expect(aside).toContainText(`Ultimo rinnovo${todayShown()}`);
  const pdfLink = rows.nth(1).getByRole('link', { name: /PDF del pagamento/ });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const served = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(served.headers()['content-type']).toBe('application/pdf');
  await snap(page, 'admin-partner-payments');

  // A file that is not a PDF is refused by the server with its reason.
  const wrong = page.waitForEvent('filechooser');
  await payments.getByRole('button', { name: 'PDF del pagamento' }).click();
  await (await wrong).setFiles({ name: 'finto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('non un pdf') });
  await payments.getByRole('textbox', { name: 'Importo' }).fill('10');
  await payments.getByRole('button', { name: 'CARICA' }).click();
  await expect(toast(page)).toHaveText('Il file non è un PDF valido');
  await payments.getByRole('button', { name: 'Rimuovi documento' }).click();

  // Edit date and amount.
  await rows
    .nth(1)
    .getByRole('button', { name: /Azioni per il pagamento/ })
    .click();
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifica pagamento' });
  await expect(dialog.getByRole('textbox', { name: 'Importo' })).toHaveValue('1.234,56');
  await dialog.getByRole('textbox', { name: 'Importo' }).fill('2.500,5');
  await snap(page, 'admin-partner-payment-edit');
  await dialog.getByRole('button', { name: 'SALVA' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.nth(1)).toContainText('2.500,50 €');

  // Delete after the question.
  await rows
    .nth(1)
    .getByRole('button', { name: /Azioni per il pagamento/ })
    .click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await confirmYes(page, 'Confermi cancellazione pagamento?');
  await expect(payments.getByText('Nessun pagamento')).toBeVisible();
  await expect(aside).toContainText('Nessun pagamento');

  // The partner goes too, after 'Confermi Cancellazione?'.
  await page.goto(`/admin/partner?ragsoc=${encodeURIComponent(ragsoc)}`);
  await page.getByRole('button', { name: `Azioni per ${ragsoc}` }).click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await confirmYes(page, 'Confermi Cancellazione?');
  await expect(page.getByText('0 partner', { exact: true })).toBeVisible();
});

test('capoarea adds a partner and sees the renewals', async ({ page }) => {
  const ragsoc = `Posa Bergamasca ${Date.now()} S.n.c.`;
  await login(page, 'capoarea', '/capoarea');
  await menu(page).getByRole('link', { name: 'partner' }).click();
  await expect(page).toHaveURL('/capoarea/partner');
  const table = page.getByRole('table', { name: 'Elenco partner' });
  await expect(table.getByRole('columnheader', { name: 'Rinnovato il' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Scadenza' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await snap(page, 'capoarea-partner');

  await page.getByRole('button', { name: 'AGGIUNGI PARTNER' }).click();
  await expect(page).toHaveURL('/capoarea/newpartner');
  await field(page, 'Ragione sociale').fill(ragsoc);
  await field(page, 'Email').fill('info@posabergamasca.it');
  await chooseProvince(page, 'Provincia', 'Bergamo', 'BG - Bergamo');
  await expect(page.getByRole('combobox', { name: 'Capo area' })).toHaveText('Giorgio Valli');
  await snap(page, 'capoarea-newpartner');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(page).toHaveURL(/\/capoarea\/partner\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Pagamenti' })).toBeVisible();
  await snap(page, 'capoarea-partner-edit');
  await field(page, 'Città').fill('Bergamo');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Dati Salvati');
  await expect(page).toHaveURL('/capoarea/partner');
  await page.getByLabel('Ragione sociale', { exact: true }).fill(ragsoc);
  await expect(page.getByText('1 partner', { exact: true })).toBeVisible();
});

test('capoarea reads a reseller and their own profile', async ({ page }) => {
  await login(page, 'capoarea', '/capoarea');
  // Resellers in reach: read-only, with the export of each one's installers.
  await menu(page).getByRole('link', { name: 'rivenditori' }).click();
  await expect(page).toHaveURL('/capoarea/rivenditori');
  await expect(page.getByLabel('Codice', { exact: true })).toHaveCount(0);
  await snap(page, 'capoarea-rivenditori');
  await page.getByRole('button', { name: 'Azioni per Ceramiche Lombarde S.r.l.' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Esporta posatori' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^coupon-rivenditore-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await page.getByRole('button', { name: 'Azioni per Ceramiche Lombarde S.r.l.' }).click();
  await page.getByRole('menuitem', { name: 'Visualizza' }).click();
  await expect(page).toHaveURL(/\/capoarea\/rivenditore\/[0-9a-f-]{36}$/);
  await expect(field(page, 'Nome')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'SALVA' })).toHaveCount(0);
  await snap(page, 'capoarea-rivenditore-view');

  // Their own profile: the provinces are the admin's.
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'PROFILO' }).click();
  await expect(page).toHaveURL('/capoarea/profilo');
  await expect(field(page, 'Nome')).toHaveValue('Giorgio');
  await expect(page.getByText('Le assegna l’amministrazione')).toBeVisible();
  await snap(page, 'capoarea-profilo');
});

test('the reseller edits their own profile and sees the new name in the avatar menu', async ({ page }) => {
  await login(page, 'rivenditore', '/rivenditori');
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await expect(page.getByRole('menu')).toContainText('Franco Bellini');
  await page.getByRole('menuitem', { name: 'PROFILO' }).click();
  await expect(page).toHaveURL('/rivenditori/profilo');
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  await expect(field(page, 'Codice')).toHaveAttribute('readonly', '');
  await field(page, 'Nome').fill('');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Errore: Campo obbligatorio');
  await field(page, 'Nome').fill('Francesco');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Dati Salvati');
  await snap(page, 'rivenditori-profilo');
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await expect(page.getByRole('menu')).toContainText('Francesco Bellini');
  await page.keyboard.press('Escape');

  // The partners of their area: the ones assigned to them can be saved, never deleted.
  await page.goto('/rivenditori/partner');
  const table = page.getByRole('table', { name: 'Elenco partner' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await snap(page, 'rivenditori-partner');
  await page.getByRole('button', { name: 'Azioni per Arredobagno Costa S.p.A.' }).click();
  await expect(page.getByRole('menuitem', { name: 'Elimina' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  await expect(page).toHaveURL(/\/rivenditori\/partner\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'SALVA' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pagamenti' })).toHaveCount(0);
  await snap(page, 'rivenditori-partner-edit');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Dati Salvati');
  await expect(page).toHaveURL('/rivenditori/partner');
});

test('admin edits their own profile', async ({ page }) => {
  await login(page, 'admin', '/admin');
  await page.goto('/admin/profilo');
  await expect(field(page, 'Nome')).toHaveValue('Laura');
  await field(page, 'Telefono').fill('02 5550199');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(page.getByText('Salvato', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('Dati Salvati')).toHaveCount(0);
  await snap(page, 'admin-profilo');
});

test('the partner and area-manager screens fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'admin', '/admin');
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/admin/partner');
  await expect(page.getByRole('table', { name: 'Elenco partner' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'AGGIUNGI PARTNER' })).toBeVisible();
  await fits();
  await snap(page, 'phone-admin-partner');
  await page.getByRole('table', { name: 'Elenco partner' }).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Pagamenti' })).toBeVisible();
  await fits();
  await snap(page, 'phone-admin-partner-edit');

  await page.goto('/admin/capoarea');
  await expect(page.getByRole('table', { name: 'Elenco capo area' }).getByRole('row').nth(1)).toBeVisible();
  await fits();
  await snap(page, 'phone-admin-capoarea');
  await page.goto('/admin/newcapoarea');
  await expect(page.getByRole('heading', { name: 'Nuovo capo area' })).toBeVisible();
  await fits();
  await snap(page, 'phone-admin-newcapoarea');

  await page.goto('/admin/rivenditori');
  await expect(page.getByRole('table', { name: 'Elenco rivenditori' }).getByRole('row').nth(1)).toBeVisible();
  await fits();
  await snap(page, 'phone-admin-rivenditori');

  await logout(page);
  await login(page, 'capoarea', '/capoarea');
  await page.goto('/capoarea/partner');
  await expect(page.getByRole('table', { name: 'Elenco partner' }).getByRole('row').nth(1)).toBeVisible();
  await fits();
  await snap(page, 'phone-capoarea-partner');
});

test('a pasted CAP, codice fiscale or partita IVA is cleaned before its length is limited, on every form', async ({
  page,
}) => {
  await login(page, 'admin', '/admin');
  const list = (await (await page.request.get('/api/posatori?code=POS0001')).json()) as { data: { uuid: string }[] };
  const installer = `/admin/posatori/${list.data[0]?.uuid ?? ''}`;
  for (const path of ['/admin/newcapoarea', '/admin/newrivenditori', '/admin/newpartner', installer]) {
    await page.goto(path);
    // Pasted as a whole, as from a document: the spaces and the case are the filter's to fix, not a reason to cut.
    for (const [label, pasted, kept] of [
      ['CAP', '20 121', '20121'],
      ['Codice fiscale', ' rssmra80a01f205x', 'RSSMRA80A01F205X'],
      ['Partita IVA', '012 345 678 90', '01234567890'],
    ] as const) {
      const input = field(page, label);
      await input.fill('');
      await input.focus();
      await page.keyboard.insertText(pasted);
      await expect(input, `${label} in ${path}`).toHaveValue(kept);
    }
  }
});
