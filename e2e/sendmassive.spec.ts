import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, loginAs, resetLinkOf, shot } from './support.ts';

/**
 * The admin's 'Invio massivo attivazioni'. Runs after the journeys that need installers without an account
 * (the file name orders it late): afterwards every demo installer with a usable address has a requested account.
 */
test.describe.configure({ mode: 'serial' });

const progressOf = (page: Page) => page.getByRole('dialog', { name: 'Invio massivo attivazioni' });
const figure = async (page: Page, label: string) =>
  Number(
    (
      (await progressOf(page)
        .getByRole('table', { name: 'Esito dell’invio massivo' })
        .getByRole('row', { name: label })
        .getByRole('cell')
        .textContent()) ?? ''
    ).replace('.', ''),
  );

async function press(page: Page, name?: string) {
  await page.getByRole('button', { name: 'Invio massivo attivazioni', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Confermi Invio massivo?');
  if (name) await shot(page, name);
  await page.getByRole('button', { name: 'Sì' }).click();
}

let address = '';
let queued = 0;
let alreadyLive = 0;

test('the admin sends the mass activation and watches it finish', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/posatori?accesso=none');
  // The count says 'posatore' for one and 'posatori' otherwise; after the journeys before, either may show.
  const count = page.getByText(/^\d+ posator[ei]$/);
  const before = Number((await count.textContent())?.split(' ')[0]);
  expect(before).toBeGreaterThan(0);
  // One of them with an address, to follow their e-mail in the next journey.
  const none = (await (await page.request.get('/api/posatori?accesso=none&size=100')).json()) as {
    data: { uuid: string }[];
  };
  for (const row of none.data) {
    const profile = (await (await page.request.get(`/api/posatori/${row.uuid}`)).json()) as { email: string };
    if (/^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(profile.email.trim())) {
      address = profile.email.trim().toLowerCase();
      break;
    }
  }
  expect(address).not.toBe('');

  await press(page, 'admin-invio-massivo-conferma');
  await expect(progressOf(page).getByRole('status')).toHaveText('Invio concluso', { timeout: 40_000 });
  queued = await figure(page, 'E-mail di attivazione preparate');
  expect(queued).toBeGreaterThan(0);
  // Activations sent one by one in the journeys before, still valid, are not sent again.
  alreadyLive = await figure(page, 'Già inviata, link ancora valido');
  expect(await figure(page, 'Inviate')).toBe(queued);
  await expect(progressOf(page)).toContainText(`${queued} inviate su ${queued}`);
  await shot(page, 'admin-invio-massivo');
  await progressOf(page).getByRole('button', { name: 'Chiudi' }).click();
  // Fewer installers are left without an account: only those without a usable address.
  await expect.poll(async () => Number((await count.textContent())?.split(' ')[0])).toBeLessThan(before);
});

test('the e-mail’s link activates the installer, and a second press sends nothing twice', async ({ page, browser }) => {
  const eml = await latestMailTo(address);
  expect(eml).toContain('Attivazione account');
  // The installer in a browser of their own.
  const own = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const installer = await own.newPage();
  await installer.goto(new URL(resetLinkOf(eml)).pathname);
  await installer.getByLabel('Nuova password').fill('battiscopa-in-rovere-9');
  await installer.getByLabel('Conferma password').fill('battiscopa-in-rovere-9');
  await installer.getByRole('button', { name: /conferma|imposta/i }).click();
  await expect(installer.getByText('Password impostata')).toBeVisible();
  await expect(installer).toHaveURL('/', { timeout: 8_000 });
  await loginAs(installer, address, 'battiscopa-in-rovere-9');
  await expect(installer).toHaveURL('/posatore');
  await own.close();

  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/posatori');
  await press(page);
  await expect(progressOf(page).getByRole('status')).toHaveText('Nessuna nuova attivazione da inviare', {
    timeout: 30_000,
  });
  expect(await figure(page, 'E-mail di attivazione preparate')).toBe(0);
  // All those links but the one just used to activate an account.
  expect(await figure(page, 'Già inviata, link ancora valido')).toBe(queued + alreadyLive - 1);
});
