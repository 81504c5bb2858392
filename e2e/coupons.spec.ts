import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/** Coupon types, assignment to a filtered list, the admin's dialog, the reseller's counter. */

const toast = (page: Page) => page.getByRole('alert').last();

async function login(page: Page, user: string, landing: string): Promise<void> {
  await loginAs(page, user);
  await expect(page).toHaveURL(landing);
}

test('the admin creates a coupon type, gives it to a filtered list, renews and deletes a coupon', async ({ page }) => {
  const name = `Promo banco ${Date.now() % 100000}`;
  await login(page, 'admin', '/admin');
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Tipi coupon' }).click();
  await expect(page).toHaveURL('/admin/tcoupons');
  await expect(page.getByRole('row', { name: /Promo estate 2025/ })).toContainText('DISATTIVO');
  await shot(page, 'admin-tcoupons');

  await page.getByRole('button', { name: 'Aggiungi tipo' }).click();
  await expect(page).toHaveURL('/admin/newtcoupon');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Tipo obbligatorio')).toBeVisible();
  await page.getByRole('textbox', { name: 'Tipo', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Valore' }).fill('12,50');
  await page.getByRole('spinbutton', { name: 'Mesi di validità' }).fill('6');
  await shot(page, 'admin-newtcoupon');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL('/admin/tcoupons');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('12,50');

  // One installer through the list's filter, then the assignment to "every installer of the list".
  await page.goto('/admin/posatori?code=POS0002');
  await expect(page.getByText('1 posatore', { exact: true })).toBeVisible();
  const installer =
    (await page
      .getByRole('table', { name: 'Elenco posatori' })
      .getByRole('row')
      .nth(1)
      .getByRole('link')
      .last()
      .textContent()) ?? '';
  await page.getByRole('button', { name: 'Assegna coupon' }).click();
  const assign = page.getByRole('dialog', { name: 'Assegna coupon ai posatori dell’elenco' });
  await expect(assign).toContainText('1 posatore');
  await assign.getByRole('combobox', { name: 'Tipo coupon' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(assign).toContainText('Verrà creato 1 coupon');
  await shot(page, 'admin-assegna-coupon');
  await assign.getByRole('button', { name: 'Assegna' }).click();
  await expect(toast(page)).toContainText('1 coupon assegnato a 1 posatore');

  await page.getByRole('button', { name: `Azioni per ${installer.trim()}` }).click();
  await page.getByRole('menuitem', { name: 'Gestisci coupons' }).click();
  const dialog = page.getByRole('dialog', { name: `Gestisci coupons · ${installer.trim()}` });
  const row = dialog.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await shot(page, 'admin-gestisci-coupons');
  await row.getByRole('button', { name: /^Rinnova 3 mesi/ }).click();
  await expect(dialog.getByRole('status')).toContainText('Coupon rinnovato per 3 mesi');
  await row.getByRole('button', { name: /^Elimina il coupon/ }).click();
  await expect(page.getByRole('dialog').last()).toContainText("Confermi l'eliminazione del coupon");
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(dialog.getByRole('status')).toContainText('Coupon eliminato');
  await expect(row).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Chiudi' }).click();

  // The type has no coupons again: it can be deleted, after a confirmation.
  await page.goto('/admin/tcoupons');
  await page.getByRole('button', { name: `Azioni per ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('the reseller redeems a code at the counter and sees the count change', async ({ page, browser }) => {
  // A valid code of the demo installer, read as the admin.
  const admin = await browser.newPage();
  await login(admin, 'admin', '/admin');
  const list = (await (await admin.request.get('/api/posatori?code=POS0001')).json()) as { data: { uuid: string }[] };
  const mario = list.data[0]?.uuid ?? '';
  const coupons = (await (await admin.request.get(`/api/readcoupons/${mario}?size=200`)).json()) as {
    data: { code: string; stato: string; destipo: string }[];
  };
  const valid = coupons.data.find((c) => c.stato === 'valid' && c.destipo !== 'Promo estate 2025');
  expect(valid).toBeDefined();
  await admin.close();

  await login(page, 'rivenditore', '/rivenditori');
  const used = page
    .getByText('Coupon utilizzati', { exact: true })
    .locator('xpath=..')
    .getByText(/^\d[\d.]*$/);
  const before = Number(await used.textContent());
  await page.goto(`/rivenditori/posatori/${mario}`);
  await expect(page.getByRole('button', { name: 'USA COUPON' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'rivenditori-posatore');
  await page.getByRole('button', { name: 'USA COUPON' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copoun' });
  // A typo is caught before the server.
  const code = valid?.code ?? '';
  const typo = code.slice(0, -1) + (code.endsWith('2') ? '3' : '2');
  await dialog.getByLabel('Codice coupon').fill(typo);
  await dialog.getByRole('button', { name: 'Usa coupon' }).click();
  await expect(dialog.getByRole('status')).toContainText('Coupon non valido');
  // Ten characters were typed: the reason is the mistake in them, not their number.
  await expect(dialog.getByRole('status')).toContainText('un carattere è sbagliato o due sono scambiati');
  await expect(dialog.getByRole('status')).not.toContainText('10 caratteri');
  await dialog.getByLabel('Codice coupon').fill(code.slice(0, 8));
  await dialog.getByRole('button', { name: 'Usa coupon' }).click();
  await expect(dialog.getByRole('status')).toContainText('Mancano 3 caratteri');
  await shot(page, 'rivenditori-copoun-corto');
  await dialog.getByLabel('Codice coupon').fill(code.replace('-', '').toLowerCase());
  await dialog.getByRole('button', { name: 'Usa coupon' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Coupon ${code} utilizzato correttamente`);
  await shot(page, 'rivenditori-copoun');
  // The same code a second time is no longer valid.
  await dialog.getByLabel('Codice coupon').fill(code);
  await dialog.getByRole('button', { name: 'Usa coupon' }).click();
  await expect(dialog.getByRole('status')).toContainText('Coupon non valido');
  await dialog.getByRole('button', { name: 'Chiudi' }).click();

  await page.goto('/rivenditori');
  await expect(used).toHaveText(String(before + 1));
});

test('the area manager reads an installer’s coupons without changing them', async ({ page }) => {
  await login(page, 'capoarea', '/capoarea');
  await page.goto('/capoarea/posatori?code=POS0001');
  await page.getByRole('button', { name: /^Azioni per Mario Rossi/ }).click();
  await page.getByRole('menuitem', { name: 'Vedi Coupon' }).click();
  await expect(page).toHaveURL(/\/capoarea\/posatori\/[0-9a-f-]{36}\/coupon$/);
  await expect(page.getByRole('heading', { name: 'Coupon di Mario Rossi' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Elenco coupon' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Rinnova/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Elimina/ })).toHaveCount(0);
  await shot(page, 'capoarea-vedi-coupon');
  await page.getByRole('link', { name: /Torna/ }).click();
  await expect(page).toHaveURL(/\/capoarea\/posatori\?code=POS0001/);
});

test('the area manager exports the reseller coupons of one type', async ({ page }) => {
  await login(page, 'capoarea', '/capoarea');
  await page.goto('/capoarea/posatori?state=MI');
  await page.getByRole('button', { name: 'Esporta', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Esporta coupon dei rivenditori' });
  await picker.getByRole('combobox', { name: 'Tipo coupon' }).click();
  await page.getByRole('option', { name: 'Corso base', exact: true }).click();
  await shot(page, 'capoarea-esporta-coupon');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    picker.getByRole('button', { name: 'Esporta' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^coupon-rivenditori-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = fs.readFileSync(await file.path());
  // An .xlsx is a zip: it starts with PK.
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

test('the admin types a coupon expiry at a normal pace and it is saved once, when whole', async ({ page }) => {
  await login(page, 'admin', '/admin');
  const list = (await (await page.request.get('/api/posatori?code=POS0001')).json()) as { data: { uuid: string }[] };
  const mario = list.data[0]?.uuid ?? '';
  type Stored = { data: { uuid: string; code: string; stato: string; dtesecuzione: string; scadenza: string }[] };
  const stored = async () =>
    ((await (await page.request.get(`/api/readcoupons/${mario}?size=200`)).json()) as Stored).data;
  const coupon = (await stored()).find((c) => c.stato === 'valid' && c.dtesecuzione === '');
  expect(coupon).toBeDefined();
  const code = coupon?.code ?? '';

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/setcoupon/')) {
      sent.push(String((request.postDataJSON() as { pscadenza?: string }).pscadenza));
    }
  });
  await page.goto('/admin/posatori?code=POS0001');
  await page.getByRole('button', { name: /^Azioni per Mario Rossi/ }).click();
  await page.getByRole('menuitem', { name: 'Gestisci coupons' }).click();
  const dialog = page.getByRole('dialog', { name: /^Gestisci coupons · Mario Rossi/ });
  const expiry = dialog.getByRole('row').filter({ hasText: code }).getByRole('group', { name: 'Scadenza' });

  for (const [typed, iso] of [
    ['15032027', '2027-03-15'],
    ['20042027', '2027-04-20'],
  ] as const) {
    sent.length = 0;
    // A person typing: a key every 150 ms, the field moving from day to month to year by itself.
    await expiry.getByRole('spinbutton', { name: 'Giorno' }).pressSequentially(typed, { delay: 150 });
    // Nothing is sent while the date is being typed, not even once it is whole: only when the field is left.
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('status')).toContainText('Scadenza cambiata');
    expect(sent).toEqual([iso]);
    await expect.poll(async () => (await stored()).find((c) => c.code === code)?.scadenza).toBe(iso);
    await expect(expiry.getByRole('spinbutton', { name: 'Anno' })).toHaveText('2027');
  }
  await shot(page, 'admin-gestisci-coupons-scadenza');

  // A day picked in the calendar is a choice made: saved at once, once.
  sent.length = 0;
  await expiry.getByRole('button', { name: /^Scegli la data/ }).click();
  await page.getByRole('gridcell', { name: '21', exact: true }).click();
  await expect.poll(() => sent).toEqual(['2027-04-21']);
  await expect.poll(async () => (await stored()).find((c) => c.code === code)?.scadenza).toBe('2027-04-21');
  await page.waitForTimeout(500);
  expect(sent).toEqual(['2027-04-21']);

  // Leaving a half-typed date sends nothing: the date is emptied, then only day and month are typed.
  sent.length = 0;
  await expiry.getByRole('spinbutton', { name: 'Giorno' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(expiry).toContainText('GG/MM/AAAA');
  await page.keyboard.type('0105', { delay: 150 });
  await expect(expiry).toContainText('01/05/AAAA');
  await page.keyboard.press('Tab');
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
});
