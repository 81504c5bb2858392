import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInRome } from '../apps/server/src/lib/clock.ts';
import { loginAs, shot } from './support.ts';

/** The admin's usage statistics over the demo's 90 days of history. */

// Days as the browser counts them (playwright.config.ts: Europe/Rome, the app's own day), which is a day ahead of UTC
// before 1 or 2 am; counted back on the calendar, as the app does: 59 times 24 hours back from 23:05 in November
// lands on the day after the date 59 days before, across the end of summer time.
const daysAgo = (n: number) => addDays(todayInRome(), -n);
const ddmmyyyy = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('the admin opens the usage statistics, changes the range and downloads them as a workbook', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.getByRole('link', { name: 'Statistiche di utilizzo' }).click();
  await expect(page).toHaveURL('/admin/sessions');
  await expect(page.getByRole('heading', { name: 'Statistiche di utilizzo', level: 1 })).toBeVisible();

  // Every block has its chart and its table, in Italian.
  const blocks = [
    'Accessi per giorno e ruolo',
    'Persone attive per ruolo',
    'Download documenti e letture messaggi',
    'Posatori per stato',
    'Posatori per provincia',
    'Coupon per mese',
    'Rivenditori con più coupon utilizzati',
  ];
  for (const name of blocks) {
    await expect(region(page, name).locator('svg').first()).toBeVisible();
    await expect(region(page, name).getByRole('table')).toBeVisible();
  }
  // The default range: the 30 days up to today, one table row per day plus the total.
  const logins = region(page, 'Accessi per giorno e ruolo').getByRole('table');
  await expect(logins.getByRole('columnheader')).toHaveText([
    'Giorno',
    'Amministratori',
    'Posatori',
    'Capi area',
    'Rivenditori',
    'Totale',
  ]);
  await expect(logins.locator('tbody tr')).toHaveCount(31);
  await expect(page.getByRole('group', { name: 'Periodo' }).getByRole('button', { name: '30 giorni' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(region(page, 'Posatori per stato').getByRole('table')).toContainText('In regola');
  // Which resellers redeemed in the last 30 days depends on the demo's dates: at least one did.
  await expect(
    region(page, 'Rivenditori con più coupon utilizzati').getByRole('table').locator('tbody tr'),
  ).not.toHaveCount(0);
  await expect(region(page, 'Persone attive per ruolo').getByRole('table')).toContainText('Capi area');
  // The chart's legend speaks Italian too.
  await expect(region(page, 'Coupon per mese').getByText('Utilizzati').first()).toBeVisible();
  await shot(page, 'admin-sessions');

  // A preset: the range goes to the URL and the table follows.
  await page.getByRole('group', { name: 'Periodo' }).getByRole('button', { name: '7 giorni' }).click();
  await expect(page).toHaveURL(new RegExp(`dal=${daysAgo(6)}&al=${todayInRome()}`));
  await expect(logins.locator('tbody tr')).toHaveCount(8);

  // Typed dates: a start after the end is refused under the field, a good range is applied.
  const dal = page.getByRole('group', { name: 'Dal' });
  await dal.click();
  await page.keyboard.type(ddmmyyyy(daysAgo(2)));
  await expect(page).toHaveURL(new RegExp(`dal=${daysAgo(2)}`));
  await expect(logins.locator('tbody tr')).toHaveCount(4);
  await dal.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(ddmmyyyy(daysAgo(59)));
  await expect(page).toHaveURL(new RegExp(`dal=${daysAgo(59)}`));
  await expect(logins.locator('tbody tr')).toHaveCount(61);
  await shot(page, 'admin-sessions-60-giorni');

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Esporta Excel' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^statistiche-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = XLSX.read(fs.readFileSync(await file.path()), { type: 'buffer' });
  expect(book.SheetNames).toContain('Accessi per giorno');
  expect(book.SheetNames).toContain('Coupon per mese');
  const days = XLSX.utils.sheet_to_json(book.Sheets['Accessi per giorno'] ?? {});
  expect(days).toHaveLength(60);
});
