import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { loginAs, shot, sidewaysOverflow } from './support.ts';

test('on a phone, an installer downloads their own data from their profile', async ({ page }) => {
  // The profile screen loads its chunk and three requests first: on a busy machine that takes a while.
  test.slow();
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await page.goto('/posatore/profilo');
  const button = page.getByRole('button', { name: 'Scarica i miei dati' });
  await expect(button).toBeAttached({ timeout: 90_000 });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  await shot(page, 'phone-posatore-profilo-scarica-dati');
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toMatch(/^dati-personali-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
  expect(JSON.parse(strFromU8(zip['account.json'] ?? new Uint8Array()))).toMatchObject({ username: 'posatore' });
});
