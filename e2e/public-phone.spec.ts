import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot, sidewaysOverflow } from './support.ts';

/**
 * Each step of the public pages fits the phone and, through `shot` (a screenshot and axe's WCAG 2.1 A and AA check
 * of the page as it stands), passes axe.
 */
async function expectFitsAndPasses(page: Page, step: string, name: string): Promise<void> {
  expect(await sidewaysOverflow(page), step).toEqual([]);
  await shot(page, name);
}

test('on a phone a visitor finds the demo installer by province, sees their work and writes to them', async ({
  page,
  browser,
}) => {
  const visitor = `Visitatore ${Date.now().toString(36)}`;

  await page.goto('/trova-posatore');
  await expect(page.getByRole('heading', { level: 1, name: 'Trova un posatore' })).toBeVisible();
  await expectFitsAndPasses(page, 'elenco', 'phone-trova-posatore-elenco');
  await page.getByLabel('Provincia').selectOption('MI');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page).toHaveURL(/\/trova-posatore\?prov=MI/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trova un posatore in provincia di Milano' })).toBeVisible();
  // Certified first, then by name: the demo installer may be on a later page.
  const mario = page.getByRole('link', { name: 'Mario Rossi' });
  while (!(await mario.isVisible())) await page.getByRole('link', { name: 'Pagina successiva' }).click();
  await expectFitsAndPasses(page, 'elenco di Milano', 'phone-trova-posatore');

  await mario.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mario Rossi' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Realizzazioni' })).toBeVisible();
  const works = page.getByRole('img', { name: /^Realizzazione \d+ di Mario Rossi$/ });
  await expect(works).toHaveCount(3);
  for (const img of await works.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
  await expectFitsAndPasses(page, 'pagina del posatore', 'phone-trova-posatore-mario');

  // A request without consent and with a wrong contact comes back with the values and the reasons.
  await page.getByLabel('Nome e cognome').fill(visitor);
  await page.getByLabel('E-mail o telefono').fill('non so');
  await page.getByLabel('Messaggio').fill('Vorrei un preventivo per il bagno.');
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page.getByRole('alert')).toContainText('correggere i campi');
  await expect(page.getByText('Indicare un indirizzo e-mail o un numero di telefono valido')).toBeVisible();
  await expect(page.getByLabel('Nome e cognome')).toHaveValue(visitor);
  await expectFitsAndPasses(page, 'modulo rifiutato', 'phone-trova-posatore-modulo-rifiutato');

  await page.getByLabel('E-mail o telefono').fill('visitatore@example.com');
  await page.getByLabel(/Acconsento al trattamento/).check();
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Richiesta inviata' })).toBeVisible();
  await expectFitsAndPasses(page, 'richiesta inviata', 'phone-trova-posatore-richiesta-inviata');

  // The installer finds it in their inbox, with who wrote and how to answer.
  const installer = await browser.newContext({ ...test.info().project.use });
  const own = await installer.newPage();
  await loginAs(own, 'posatore');
  await expect(own).toHaveURL('/posatore');
  await own.goto('/posatore/comunicazioni');
  const request = own.getByRole('link', { name: `Richiesta di contatto da ${visitor}` });
  await expect(request).toBeVisible();
  await request.click();
  await expect(own.getByText('visitatore@example.com').first()).toBeVisible();
  await shot(own, 'phone-posatore-richiesta-di-contatto');
  await installer.close();
});
