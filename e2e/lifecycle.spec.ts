import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { latestMailTo, loginAs, resetLinkOf, shot } from './support.ts';

/**
 * The installer's lifecycle as the admin runs it (suspend and reinstate, the login switch) and as the
 * installer lives it, and a refused password on the reset form. The demo installer Mario Rossi is suspended and
 * switched off here; after each journey, pass or fail, the API gives him back as he was (OK and active), so the
 * other journeys find him so. Each journey sets up through the API what it does not itself show.
 */

const PHONE = { width: 390, height: 844 };
const table = (page: Page) => page.getByRole('table', { name: 'Elenco posatori' });
const toast = (page: Page) => page.getByRole('alert').last();
const marioRow = (page: Page) => table(page).getByRole('row').filter({ hasText: 'Mario Rossi' });

async function adminOnMario(page: Page): Promise<void> {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/posatori?name=Mario+Rossi');
  await expect(page.getByText('1 posatore', { exact: true })).toBeVisible();
}

/**
 * The installer's own browser, logged in, on their home. `refused` collects the API calls the pages make that the
 * server refuses, from the login on.
 */
async function installer(browser: Browser, refused?: string[]): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  page.on('response', (r) => {
    if (/\/(api|auth)\//.test(new URL(r.url()).pathname) && r.status() >= 400) {
      refused?.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    }
  });
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  return page;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principale' });

async function answer(page: Page, question: RegExp | string, yes: boolean): Promise<void> {
  await expect(page.getByRole('dialog')).toContainText(question);
  await page.getByRole('button', { name: yes ? 'Sì' : 'No' }).click();
}

/**
 * The admin's decisions on Mario Rossi through the API, for a journey's start and to put him back after it; `cap`
 * saves his profile with that CAP (empty makes it INCOMPLETO, the admin's save skipping the form's rules).
 */
async function marioAs(
  request: APIRequestContext,
  change: { sospeso?: boolean; stato?: 'active' | 'disabled'; cap?: string },
) {
  const login = await request.post('/auth/login', { data: { user: 'admin', pwd: 'portale-demo' } });
  expect((await login.json()).res).toBe('OK');
  const list = await request.get('/api/posatori?name=Mario+Rossi');
  const uuid = ((await list.json()) as { data: { uuid: string }[] }).data[0]?.uuid;
  if (!uuid) throw new Error('Mario Rossi non trovato');
  if (change.sospeso !== undefined) {
    expect((await request.post(`/api/posatori/${uuid}/sospensione`, { data: { sospeso: change.sospeso } })).ok()).toBe(
      true,
    );
  }
  if (change.stato) {
    expect((await request.post(`/api/posatori/${uuid}/accesso`, { data: { stato: change.stato } })).ok()).toBe(true);
  }
  if (change.cap !== undefined) {
    const profile = (await (await request.get(`/api/posatori/${uuid}`)).json()) as Record<string, unknown>;
    expect((await request.post(`/api/posatori/${uuid}`, { data: { ...profile, cap: change.cap } })).ok()).toBe(true);
  }
  await request.post('/auth/logout', { data: {} });
}

/** Journeys that change Mario Rossi put him back afterwards, pass or fail. */
let touchesMario = false;
test.beforeEach(() => {
  touchesMario = false;
});
/** Mario Rossi's CAP in the demo data. */
const MARIO_CAP = '20121';
test.afterEach(async ({ request }) => {
  if (touchesMario) await marioAs(request, { sospeso: false, stato: 'active', cap: MARIO_CAP });
});

test('the admin suspends an installer from the list, after a confirmation', async ({ page }) => {
  touchesMario = true;
  await adminOnMario(page);
  // Both states are in the list, each with its own filter, and the legend says which is which.
  const legend = page.getByRole('region', { name: 'Legenda degli stati' });
  await expect(legend).toContainText('Accesso:');
  await expect(legend).toContainText('Richiesta Inviata');
  await expect(legend).toContainText('Profilo:');
  await expect(page.getByRole('combobox', { name: 'Profilo' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Accesso' })).toBeVisible();
  await expect(marioRow(page).getByRole('img', { name: 'Attivo' })).toBeVisible();

  // Asked first; 'No' changes nothing.
  await marioRow(page).getByRole('button', { name: 'Azioni per Mario Rossi' }).click();
  await page.getByRole('menuitem', { name: 'Sospendi' }).click();
  await answer(page, 'Confermi la sospensione di Mario Rossi?', false);
  await expect(marioRow(page).getByText('Sospeso')).toHaveCount(0);

  await marioRow(page).getByRole('button', { name: 'Azioni per Mario Rossi' }).click();
  await page.getByRole('menuitem', { name: 'Sospendi' }).click();
  await shot(page, 'admin-posatori-sospendi-conferma');
  await answer(page, 'Confermi la sospensione di Mario Rossi?', true);
  await expect(toast(page)).toContainText('Posatore sospeso');
  await expect(marioRow(page).getByText('Sospeso')).toBeVisible();
  // The profile filter selects what the label shows.
  await page.getByRole('combobox', { name: 'Profilo' }).click();
  await page.getByRole('option', { name: 'Sospeso', exact: true }).click();
  await expect(page).toHaveURL(/stato=SOSPESO/);
  await expect(marioRow(page)).toBeVisible();
  await shot(page, 'admin-posatori-sospeso');
});

/** What a not-OK installer's home and profile show: no search, no bell, a gallery to look at, and no refusal. */
async function homeAndProfileOnly(own: Page, refused: string[]): Promise<void> {
  await expect(own.getByRole('combobox', { name: 'Cerca' })).toHaveCount(0);
  await expect(own.getByRole('link', { name: /Messaggi non letti/ })).toHaveCount(0);
  await expect(own.getByRole('region', { name: 'Ultime comunicazioni' })).toHaveCount(0);
  await menu(own).getByRole('link', { name: 'Il mio profilo' }).click();
  await expect(own.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  const gallery = own.getByRole('region', { name: 'Realizzazioni' });
  await expect(
    gallery.getByText('Potrai aggiungere o togliere immagini quando il tuo profilo sarà in regola.'),
  ).toBeVisible();
  await expect(gallery.getByText('Aggiungi immagine')).toHaveCount(0);
  await expect(gallery.getByRole('button', { name: /Elimina immagine/ })).toHaveCount(0);
  // Nothing the pages ask for is refused, so no error toast either.
  expect(refused, 'API calls the server refused').toEqual([]);
}

test('a suspended installer keeps Home and profile only, by menu and by URL', async ({ browser, request }) => {
  touchesMario = true;
  await marioAs(request, { sospeso: true });
  const refused: string[] = [];
  const own = await installer(browser, refused);
  await expect(own.getByText('Il tuo profilo è sospeso')).toBeVisible();
  await homeAndProfileOnly(own, refused);
  await shot(own, 'posatore-sospeso-profilo');
  await own.goto('/posatore');
  await expect(menu(own).getByRole('link', { name: 'Il mio profilo' })).toBeVisible();
  await expect(menu(own).getByRole('link', { name: 'Documenti' })).toHaveCount(0);
  await expect(menu(own).getByRole('link', { name: 'Coupons' })).toHaveCount(0);
  await own.goto('/posatore/documenti');
  await expect(own).toHaveURL('/posatore');
  await own.goto('/posatore/comunicazioni');
  await expect(own).toHaveURL('/posatore');
  await shot(own, 'posatore-sospeso-home');
  // The manufacturer's records are read-only on the own profile.
  await menu(own).getByRole('link', { name: 'Il mio profilo' }).click();
  await expect(own.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  await expect(own.getByRole('checkbox', { name: 'Certificato' })).toBeDisabled();
  await shot(own, 'posatore-profilo-sola-lettura');
  await own.setViewportSize(PHONE);
  await shot(own, 'phone-posatore-profilo-sola-lettura');
  await own.goto('/posatore');
  await expect(own.getByText('Il tuo profilo è sospeso')).toBeVisible();
  await shot(own, 'phone-posatore-sospeso-home');
  expect(refused, 'API calls the server refused').toEqual([]);
  await own.context().close();
});

test('an installer whose profile is incomplete completes it on the profile, and gets the full menu', async ({
  browser,
  request,
}) => {
  touchesMario = true;
  await marioAs(request, { cap: '' });
  const refused: string[] = [];
  const own = await installer(browser, refused);
  await expect(own.getByText('Il tuo profilo è incompleto: completa o correggi CAP')).toBeVisible();
  await expect(menu(own).getByRole('link', { name: 'Documenti' })).toHaveCount(0);
  await shot(own, 'posatore-incompleto-home');
  await own.setViewportSize(PHONE);
  await shot(own, 'phone-posatore-incompleto-home');
  await own.setViewportSize({ width: 1366, height: 900 });
  await homeAndProfileOnly(own, refused);
  await shot(own, 'posatore-incompleto-profilo');
  await own.setViewportSize(PHONE);
  await shot(own, 'phone-posatore-incompleto-profilo');
  await own.setViewportSize({ width: 1366, height: 900 });

  await own.getByRole('textbox', { name: 'CAP', exact: true }).fill(MARIO_CAP);
  // The phone's SALVA and the side panel's are both in the page, one hidden by the width: once back on a desktop
  // width only one shows (a loaded run clicked while both still did).
  await expect(own.getByRole('button', { name: 'SALVA' })).toHaveCount(1);
  await own.getByRole('button', { name: 'SALVA' }).click();
  await expect(toast(own)).toContainText('Dati Salvati');
  await own.goto('/posatore');
  await expect(menu(own).getByRole('link', { name: 'Documenti' })).toBeVisible();
  await expect(own.getByRole('region', { name: 'Ultime comunicazioni' })).toBeVisible();
  await expect(own.getByRole('combobox', { name: 'Cerca' })).toBeVisible();
  expect(refused).toEqual([]);
  await own.context().close();
});

test('the admin reinstates a suspended installer from the profile, who gets the full menu back', async ({
  page,
  browser,
  request,
}) => {
  touchesMario = true;
  await marioAs(request, { sospeso: true });
  await adminOnMario(page);
  await marioRow(page).getByRole('link', { name: 'Mario Rossi' }).click();
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  await shot(page, 'admin-posatore-sospeso-profilo');
  await page.getByRole('button', { name: 'Reintegra posatore' }).click();
  await answer(page, 'Confermi il reintegro di Mario Rossi?', true);
  await expect(toast(page)).toContainText('Posatore reintegrato');
  await expect(page.getByRole('button', { name: 'Sospendi posatore' })).toBeVisible();

  const own = await installer(browser);
  await expect(menu(own).getByRole('link', { name: 'Documenti' })).toBeVisible();
  await own.goto('/posatore/documenti');
  await expect(own).toHaveURL('/posatore/documenti');
  await own.context().close();
});

test('the admin disables an installer’s login: the dot says so and the installer is out', async ({ page, browser }) => {
  touchesMario = true;
  const own = await installer(browser);
  await adminOnMario(page);
  await marioRow(page).getByRole('button', { name: 'Azioni per Mario Rossi' }).click();
  await page.getByRole('menuitem', { name: 'Disattiva accesso' }).click();
  await answer(page, 'Confermi la disattivazione dell’accesso?', true);
  await expect(toast(page)).toContainText('Accesso disattivato');
  await expect(marioRow(page).getByRole('img', { name: 'Disattivato' })).toBeVisible();
  // The access filter selects what the dot shows.
  await page.getByRole('combobox', { name: 'Accesso' }).click();
  await page.getByRole('option', { name: 'Disattivato', exact: true }).click();
  await expect(page).toHaveURL(/accesso=disabled/);
  await expect(marioRow(page)).toBeVisible();
  await expect(table(page).getByRole('img', { name: 'Attivo', exact: true })).toHaveCount(0);
  await shot(page, 'admin-posatori-accesso-disattivato');
  await page.setViewportSize(PHONE);
  await shot(page, 'phone-admin-posatori-accesso-disattivato');

  // The installer is out at once, and cannot log in again.
  await own.reload();
  // The login page's own entry loads in place of the area (a second navigation): wait for it before typing.
  await expect(own.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(own).toHaveURL('/');
  await loginAs(own, 'posatore');
  await expect(own.getByText('Login errata')).toBeVisible();
  await own.context().close();
});

test('the admin gives a disabled login back from the profile', async ({ page, browser, request }) => {
  touchesMario = true;
  await marioAs(request, { stato: 'disabled' });
  await adminOnMario(page);
  await marioRow(page).getByRole('link', { name: 'Mario Rossi' }).click();
  await expect(page.getByRole('heading', { name: 'Modifica Profilo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Disattivato' })).toBeVisible();
  await page.getByRole('button', { name: 'Riattiva accesso' }).click();
  await answer(page, 'Confermi la riattivazione dell’accesso?', true);
  await expect(toast(page)).toContainText('Accesso riattivato');
  await expect(page.getByRole('button', { name: 'Disattiva accesso' })).toBeVisible();
  await shot(page, 'admin-posatore-accesso-riattivato');
  await page.setViewportSize(PHONE);
  await shot(page, 'phone-admin-posatore-profilo');

  const own = await installer(browser);
  await expect(own).toHaveURL('/posatore');
  await own.context().close();
});

test('a refused password keeps the person on the reset form, with the reason under the field', async ({ page }) => {
  await page.goto('/recover');
  await page.getByLabel('Utente').fill('rivenditore.bari');
  await page.getByRole('button', { name: /invia|reimposta/i }).click();
  await expect(page).toHaveURL('/resetted');
  // The Bari reseller of the demo data is Domenico Lorusso.
  const link = new URL(resetLinkOf(await latestMailTo('domenico.lorusso')));
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/auth/resetpwd') sent.push(request.postData() ?? '');
  });
  await page.goto(link.pathname);

  // An easy password: the browser gives the reason as the field is left, and Conferma sends nothing.
  const easy = 'Password troppo facile da indovinare: questa è una password di uso comune.';
  await page.getByLabel('Nuova password').fill('password2');
  await page.getByLabel('Conferma password').fill('password2');
  await expect(page.getByText(easy)).toBeVisible();
  await page.getByRole('button', { name: /conferma|imposta/i }).click();
  await expect(page.getByText(easy)).toBeVisible();
  await expect(page.getByLabel('Nuova password')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await shot(page, 'public-resetpwd-refused');
  await page.setViewportSize(PHONE);
  await shot(page, 'phone-public-resetpwd-refused');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The person's own surname: only the server knows whose link this is, and its reason shows under the same field.
  const personal = 'Password troppo facile da indovinare: contiene i tuoi dati personali';
  await page.getByLabel('Nuova password').fill('lorusso2026');
  await page.getByLabel('Conferma password').fill('lorusso2026');
  await page.getByRole('button', { name: /conferma|imposta/i }).click();
  await expect(page.getByText(personal)).toBeVisible();
  expect(sent).toHaveLength(1);
  await expect(page.getByText('Errore sessione')).toHaveCount(0);
  await expect(page.getByLabel('Nuova password')).toHaveAttribute('aria-invalid', 'true');
  // Leaving the field with the same password keeps the server's reason.
  await page.getByLabel('Nuova password').focus();
  await page.getByLabel('Conferma password').focus();
  await expect(page.getByText(personal)).toBeVisible();
  await shot(page, 'public-resetpwd-refused-personal');
  // Still on the form a moment later: no trip back to the login.
  await expect(page).toHaveURL(link.pathname);

  // The link is still good for a better password.
  await page.getByLabel('Nuova password').fill('levante-piastrelle');
  await page.getByLabel('Conferma password').fill('levante-piastrelle');
  await expect(page.getByText(/Password troppo facile/)).toHaveCount(0);
  await page.getByRole('button', { name: /conferma|imposta/i }).click();
  await expect(page.getByText('Password impostata')).toBeVisible();
});

for (const [user, landing, list, name] of [
  ['capoarea', '/capoarea', '/capoarea/posatori', 'capoarea'],
  ['rivenditore', '/rivenditori', '/rivenditori/posatori', 'rivenditori'],
] as const) {
  test(`the ${name} installer list explains its two states`, async ({ page }) => {
    await loginAs(page, user);
    await expect(page).toHaveURL(landing);
    await page.goto(list);
    await expect(page.getByRole('region', { name: 'Legenda degli stati' })).toContainText('Nessun accesso');
    await expect(table(page).getByRole('columnheader', { name: 'Accesso' })).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(21);
    await shot(page, `${name}-posatori-legenda`);
    await page.setViewportSize(PHONE);
    await expect(table(page).getByRole('columnheader', { name: 'Qualifica' })).toBeHidden();
    await shot(page, `phone-${name}-posatori-legenda`);
  });
}
