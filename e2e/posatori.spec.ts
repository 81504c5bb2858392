import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { holdBack, layoutShifts, loginAs, recordLayoutShifts, shot } from './support.ts';

/** A small valid PNG (solid colour, RGB): the server decodes and re-encodes every upload, so it must be real. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Logs in and waits for the landing page, so a following goto does not race the login. */
async function login(page: Page, user: string, landing: string): Promise<void> {
  await loginAs(page, user);
  await expect(page).toHaveURL(landing);
}

/** A text field by its label; required ones show 'Label *', their accessible name stays 'Label'. */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const table = (page: Page) => page.getByRole('table', { name: 'Elenco posatori' });
const toast = (page: Page) => page.getByRole('alert').last();

test('admin filters and pages the installer list', async ({ page }) => {
  await login(page, 'admin', '/admin');
  await page
    .getByRole('navigation', { name: 'Menu principale' })
    .getByRole('link', { name: 'Anagrafica posatori' })
    .click();
  await expect(page).toHaveURL('/admin/posatori');
  await expect(page.getByRole('heading', { name: 'Anagrafica posatori' })).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(21);
  for (const name of ['Importa', 'Esporta', 'Invia comunicazione', 'Invio massivo attivazioni']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await shot(page, 'admin-posatori');
  // The registry export downloads a spreadsheet named after the report.
  await page.getByRole('button', { name: 'Esporta', exact: true }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Anagrafica' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^posatori-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // Pages: the pager shows the first and last page, 3 neighbours each side, and lives in the URL.
  const pager = page.getByRole('navigation', { name: 'Pagine dei posatori' });
  await pager.getByRole('button', { name: 'Vai alla pagina 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pager.getByRole('button', { name: 'pagina 2', exact: true })).toHaveAttribute('aria-current', 'page');
  const total = Number((await page.getByText(/^\d+ posatori$/).textContent())?.split(' ')[0]);
  const last = Math.ceil(total / 20);
  await page.goto('/admin/posatori?page=9999');
  await expect(page).toHaveURL(new RegExp(`[?&]page=${last}$`));
  await expect(pager.getByRole('button', { name: `pagina ${last}`, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The first and last page, 3 neighbours each side of the current one, an ellipsis for the pages between.
  expect(last).toBeGreaterThanOrEqual(12);
  const pageButtons = pager.getByRole('button', { name: /pagina \d+$/ });
  await expect(pageButtons).toHaveText(['1', ...[3, 2, 1, 0].map((n) => String(last - n))]);
  await expect(pager.getByText('…')).toHaveCount(1);
  await page.goto('/admin/posatori?page=8');
  await expect(pageButtons).toHaveText(['1', '5', '6', '7', '8', '9', '10', '11', String(last)]);
  await expect(pager.getByText('…')).toHaveCount(2);
  await page.goto('/admin/posatori');
  await expect(pageButtons).toHaveText(['1', '2', '3', '4', String(last)]);
  await shot(page, 'admin-posatori-pager');

  // Filters: province typeahead, qualification, name; each one goes to the URL and back to page 1.
  await page.getByLabel('Provincie').fill('Milano');
  await page.getByRole('option', { name: 'MI - Milano' }).click();
  await expect(page).toHaveURL(/state=MI/);
  await expect(page).not.toHaveURL(/page=/);
  const provinces = table(page).getByRole('row').locator('td:nth-child(6)');
  await expect.poll(async () => [...new Set(await provinces.allTextContents())]).toEqual(['MI']);
  await choose(page, 'Qualifica', 'Master');
  await expect(page).toHaveURL(/tipo=MASTER/);
  await expect(table(page).getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText('Master');
  await choose(page, 'Ordina per', 'Codice');
  await expect(page).toHaveURL(/order=codice/);
  await expect(page.getByRole('combobox', { name: 'Ordina per' })).toHaveText('Codice');
  const codes = table(page).getByRole('row').locator('td:nth-child(5)');
  await expect
    .poll(async () => {
      const shown = await codes.allTextContents();
      return shown.length > 1 && shown.join() === [...shown].sort().join();
    })
    .toBe(true);
  // The course month: typed as mm/yyyy, kept in the URL as YYYY-MM.
  const course = page.getByRole('group', { name: 'Data corso' });
  await course.getByRole('spinbutton', { name: 'Mese' }).click();
  await page.keyboard.type('022025');
  await expect(page).toHaveURL(/dtcorso=2025-02/);
  await expect(table(page).getByRole('row').nth(1).getByRole('cell').nth(7)).toHaveText('02/2025');
  await shot(page, 'admin-posatori-filtered');
  await page.getByRole('button', { name: 'Azzera filtri' }).click();
  await expect(page).toHaveURL('/admin/posatori');
});

test('admin uses the row menu of an installer and edits them', async ({ page }) => {
  await login(page, 'admin', '/admin');
  await page.goto('/admin/posatori');
  await page.getByLabel('Nome', { exact: true }).fill('Giulia Barbieri');
  await expect(page).toHaveURL(/name=Giulia\+Barbieri/);
  await expect(page.getByText('1 posatore', { exact: true })).toBeVisible();

  // The row menu: the coupon dialog opens on the installer's coupons; the reset asks first.
  await page.getByRole('button', { name: 'Azioni per Giulia Barbieri' }).click();
  await page.getByRole('menuitem', { name: 'Gestisci coupons' }).click();
  const coupons = page.getByRole('dialog', { name: 'Gestisci coupons · Giulia Barbieri' });
  await expect(coupons.getByRole('button', { name: 'Assegna coupon' })).toBeVisible();
  await coupons.getByRole('button', { name: 'Chiudi' }).click();
  await page.getByRole('button', { name: 'Azioni per Giulia Barbieri' }).click();
  await page.getByRole('menuitem', { name: /Reimposta password|Manda attivazione/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Confermi Reimpostazione password?');
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(toast(page)).toContainText(/Email di (attivazione|reimpostazione password) inviata/);

  // Edit: the admin form has the rules off and no 'Dati Salvati'; it stays on the page.
  await page.getByRole('button', { name: 'Azioni per Giulia Barbieri' }).click();
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  await expect(page).toHaveURL(/\/admin\/posatori\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  for (const section of ['Dati personali', 'Dati aziendali', 'Riferimenti', 'Realizzazioni']) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  await expect(page.getByLabel('Formazione diisocianati')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambia immagine' })).toBeVisible();
  await shot(page, 'admin-posatore-edit');
  await field(page, 'Città').fill('Rho');
  await field(page, 'Sito Web').fill('www.barbieri-posa.it');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(page.getByText('Salvato', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('Dati Salvati')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/posatori\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(field(page, 'Città')).toHaveValue('Rho');

  // Back to the list it came from, with its filter.
  await page.getByRole('link', { name: "Torna all'elenco" }).click();
  await expect(page).toHaveURL(/\/admin\/posatori/);
});

test('admin switches to thumbnails and deletes two installers together', async ({ page }) => {
  await login(page, 'admin', '/admin');
  await page.goto('/admin/posatori?state=RM');
  const count = page.getByText(/^\d+ posatori$/);
  await expect(count).toBeVisible();
  const before = Number((await count.textContent())?.split(' ')[0]);

  await page.getByRole('button', { name: 'Miniature' }).click();
  await expect(page).toHaveURL(/view=thumbs/);
  const cards = page.getByRole('list', { name: 'Miniature posatori' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const first = (await cards.nth(0).getAttribute('aria-label'))!;
  const second = (await cards.nth(1).getAttribute('aria-label'))!;
  await page.getByRole('checkbox', { name: `Seleziona ${first}` }).check();
  await page.getByRole('checkbox', { name: `Seleziona ${second}` }).check();
  await shot(page, 'admin-posatori-thumbnails');

  await page.getByRole('button', { name: 'Elimina selezionati (2)' }).click();
  await expect(page.getByRole('dialog')).toContainText('Confermi Cancellazione di 2 posatori?');
  await shot(page, 'admin-posatori-elimina-conferma');
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByText(`${before - 2} posatori`, { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: first, exact: true })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: second, exact: true })).toHaveCount(0);
});

test('capoarea edits one of their installers and goes back to the list', async ({ page }) => {
  await login(page, 'capoarea', '/capoarea');
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'posatori' }).click();
  await expect(page).toHaveURL('/capoarea/posatori');
  await expect(page.getByLabel('Stato', { exact: true })).toHaveCount(0);
  await expect(table(page).getByRole('link').first()).toBeVisible();
  await shot(page, 'capoarea-posatori');

  await page.getByLabel('Nome', { exact: true }).fill('Giulia Barbieri');
  await expect(page.getByText('1 posatore', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Azioni per Giulia Barbieri' }).click();
  await expect(page.getByRole('menuitem', { name: 'Vedi Coupon' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Elimina' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Reimposta password|Manda attivazione/ })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Modifica' }).click();
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  await shot(page, 'capoarea-posatore-edit');

  // The live input filters: CAP keeps digits only, phone keeps digits, spaces, slash, dash and plus.
  await field(page, 'CAP').fill('');
  await field(page, 'CAP').pressSequentially('20a1b21');
  await expect(field(page, 'CAP')).toHaveValue('20121');
  await field(page, 'Telefono').fill('');
  await field(page, 'Telefono').pressSequentially('02 / 1234-56 int.7');
  await expect(field(page, 'Telefono')).toHaveValue('02 / 1234-56 7');

  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Dati Salvati');
  await expect(page).toHaveURL(/\/capoarea\/posatori\?name=Giulia/);
});

test('reseller opens one of their installers read-only', async ({ page }) => {
  await login(page, 'rivenditore', '/rivenditori');
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'posatori' }).click();
  await expect(page).toHaveURL('/rivenditori/posatori');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Azioni per/ })).toHaveCount(0);
  await shot(page, 'rivenditori-posatori');

  await table(page).getByRole('row').nth(1).getByRole('link').last().click();
  await expect(page).toHaveURL(/\/rivenditori\/posatori\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SALVA' })).toHaveCount(0);
  await expect(field(page, 'Città')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Cambia immagine' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Aggiungi immagine' })).toHaveCount(0);
  await expect(page.getByLabel('Formazione diisocianati')).toHaveCount(0);
  await page.getByRole('button', { name: 'USA COUPON' }).click();
  await expect(page.getByRole('dialog', { name: 'Copoun' }).getByLabel('Codice coupon')).toBeFocused();
  await page.getByRole('button', { name: 'Chiudi' }).click();
  await shot(page, 'rivenditori-posatore-view');
});

test('the installer fixes an invalid codice fiscale, saves, and manages image and gallery', async ({ page }) => {
  await login(page, 'posatore', '/posatore');
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Il mio profilo' }).click();
  await expect(page).toHaveURL('/posatore/profilo');
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  // The qualification-read-only variant: the registry's fields cannot be changed here.
  await expect(field(page, 'Azienda')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Formazione diisocianati')).toHaveCount(0);

  const codfis = field(page, 'Codice fiscale');
  await codfis.fill('rssmra85t10a562x');
  await expect(codfis).toHaveValue('RSSMRA85T10A562X');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Attenzione, correggere i campi segnalati');
  await expect(page.getByText('Codice fiscale non valido')).toBeVisible();
  await shot(page, 'posatore-profilo-invalid');

  await codfis.fill('rssmra85t10a562s');
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(page)).toHaveText('Dati Salvati');
  await expect(page.getByText('Codice fiscale non valido')).toHaveCount(0);

  // The profile image: the pencil uploads at once.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Cambia immagine' }).click();
  await (await chooser).setFiles({ name: 'profilo.png', mimeType: 'image/png', buffer: png(96, 96, [198, 40, 40]) });
  const panel = page.getByRole('complementary', { name: 'Immagine del profilo' });
  await expect(panel.locator('img')).toHaveAttribute('src', /^\/api\/files\/.+\/profile\//);

  // The gallery (the demo's three images first): add, open in the carousel, delete after the confirmation.
  const gallery = page.getByRole('region', { name: 'Realizzazioni' });
  await expect(gallery.getByRole('button', { name: /^Apri immagine/ })).toHaveCount(3);
  const galleryChooser = page.waitForEvent('filechooser');
  await gallery.getByRole('button', { name: 'Aggiungi immagine' }).click();
  await (
    await galleryChooser
  ).setFiles({ name: 'bagno.png', mimeType: 'image/png', buffer: png(800, 500, [30, 58, 95]) });
  await expect(gallery.getByRole('button', { name: 'Apri immagine 4' })).toBeVisible();
  await shot(page, 'posatore-profilo');

  await gallery.getByRole('button', { name: 'Apri immagine 4' }).click();
  const carousel = page.getByRole('dialog', { name: 'Galleria' });
  await expect(carousel.getByText('4 / 4')).toBeVisible();
  await expect(carousel.getByRole('img', { name: 'Immagine 4 di 4' })).toBeVisible();
  await expect(carousel).toHaveCSS('opacity', '1');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'posatore-gallery-carousel');
  await carousel.getByRole('button', { name: 'Chiudi' }).click();
  await expect(carousel).toBeHidden();

  await gallery.getByRole('button', { name: 'Elimina immagine 4' }).click();
  await expect(page.getByRole('dialog')).toContainText("Confermi l'eliminazione di questa immagine?");
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(gallery.getByRole('button', { name: /^Apri immagine/ })).toHaveCount(3);
});

test('the registry and the profile work on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'admin', '/admin');
  await page.goto('/admin/posatori');
  await expect(table(page).getByRole('row')).toHaveCount(21);
  await expect(page.getByRole('button', { name: 'Azioni', exact: true })).toBeVisible();
  // The table fits the phone: no sideways scrolling of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'phone-admin-posatori');
  await page.getByRole('button', { name: /Filtra posatori/ }).click();
  await expect(page.getByLabel('Ordina per')).toBeInViewport({ ratio: 1 });
  await page.waitForTimeout(400); // the fold-out animation
  await shot(page, 'phone-admin-posatori-filters');

  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'LOGOUT' }).click();
  // The login page's own entry loads in place of the area.
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await login(page, 'posatore', '/posatore');
  await page.goto('/posatore/profilo');
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'phone-posatore-profilo');
});

test('on a phone the list does not move when the profile states’ names arrive', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'admin', '/admin');
  await recordLayoutShifts(page);
  // The states' names come last, as they can on a slow phone: the legend and the chips show before them.
  const release = await holdBack(page, '**/api/cbostato');
  await page.goto('/admin/posatori');
  await expect(table(page).getByRole('row')).toHaveCount(21);
  const legend = page.getByRole('region', { name: 'Legenda degli stati' });
  await expect(legend).toContainText('Incompleto', { ignoreCase: true });
  await page.waitForTimeout(300);
  const before = (await layoutShifts(page)).length;
  const names = page.waitForResponse('**/api/cbostato');
  release();
  await names;
  await expect(legend).toContainText('senza etichetta: in regola');
  await page.waitForTimeout(300);
  expect(await layoutShifts(page, { from: before })).toEqual([]);
});

test('on a phone the pager does not move when the first rows arrive', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'admin', '/admin');
  await recordLayoutShifts(page);
  // A slow phone's CPU, where the first rows take long enough to build for a frame to show without them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/admin/posatori');
  await expect(table(page).getByRole('row')).toHaveCount(21);
  await expect(page.getByRole('navigation', { name: 'Pagine dei posatori' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await layoutShifts(page, { within: 'nav[aria-label="Pagine dei posatori"]' })).toEqual([]);
});

test('a dropdown tapped before its code has arrived opens when it arrives, and one left behind does not', async ({
  page,
}) => {
  await login(page, 'admin', '/admin');
  // The dropdowns' code comes last, as it can on a slow phone: the filters show their placeholders meanwhile.
  const release = await holdBack(page, '**/assets/combo-select-field-*.js');
  await page.goto('/admin/posatori');
  const qualifica = page.getByRole('textbox', { name: 'Qualifica' });
  await expect(qualifica).toHaveAttribute('readonly');
  // Tapped, then another placeholder focused and left: only the last one tapped opens.
  await page.getByRole('textbox', { name: 'Profilo' }).click();
  await page.getByRole('searchbox', { name: 'Codice' }).focus();
  await qualifica.click();
  const code = page.waitForResponse('**/assets/combo-select-field-*.js');
  release();
  await code;
  const listbox = page.getByRole('listbox', { name: 'Qualifica' });
  await expect(listbox).toBeVisible();
  await expect(page.getByRole('listbox')).toHaveCount(1);
  await listbox.getByRole('option', { name: 'Master' }).click();
  await expect(page).toHaveURL(/tipo=/);
  // The focus is on the dropdown that was tapped, as after any choice.
  await expect(page.getByRole('combobox', { name: 'Qualifica' })).toBeFocused();
});

test('a date field focused before its picker has arrived has the focus when it arrives', async ({ page }) => {
  await login(page, 'admin', '/admin');
  const release = await holdBack(page, '**/assets/date-pickers-*.js');
  await page.goto('/admin/posatori');
  const placeholder = page.getByRole('textbox', { name: 'Data corso' });
  await expect(placeholder).toHaveAttribute('readonly');
  await placeholder.click();
  release();
  await expect(placeholder).toHaveCount(0);
  const focusedField = () =>
    page.evaluate(() => document.activeElement?.closest('.MuiFormControl-root')?.querySelector('label')?.textContent);
  await expect.poll(focusedField).toBe('Data corso');
  await page.keyboard.type('032024');
  await expect(page).toHaveURL(/dtcorso=2024-03/);
});
