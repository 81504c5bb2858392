import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { loginAs, shot } from './support.ts';

/**
 * The code an authenticator shows for the next 30-second step: the server takes a step either side of its own, and
 * never a step it accepted before, so the next one is good right after the enrolment's code.
 */
export const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/**
 * From one's profile: the QR code, the key typed into the test's authenticator, the first code, and the recovery
 * codes downloaded as a text file. Answers the key and the codes.
 */
export async function enrolFromProfile(page: Page, area: string, name: string) {
  await page.goto(`/${area}/profilo`);
  const section = page.getByRole('region', { name: 'Verifica in due passaggi' });
  await expect(section.getByText('Non attiva')).toBeVisible();
  await section.getByRole('button', { name: 'ATTIVA' }).click();
  await section.getByRole('button', { name: 'CONFIGURA LA VERIFICA IN DUE PASSAGGI' }).click();
  await expect(section.getByRole('img', { name: /Codice QR/ })).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  const field = section.getByLabel('Codice a 6 cifre');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await shot(page, `${name}-enrolment`);
  await field.fill(await generate({ secret }));
  await section.getByRole('button', { name: 'ATTIVA' }).click();
  const list = section.getByRole('list', { name: 'Codici di recupero' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'SCARICA I CODICI' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('codici-recupero-portale-posatori.txt');
  const text = fs.readFileSync(await file.path(), 'utf8');
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  for (const code of codes) expect(text).toContain(code);
  await shot(page, `${name}-recovery-codes`);
  await section.getByRole('button', { name: 'HO SALVATO I CODICI' }).click();
  await expect(section.getByText('Attiva', { exact: true })).toBeVisible();
  return { secret, codes };
}

/**
 * The password, then the second step with `code` (a recovery code when `recovery`); `name` takes the second step's
 * screenshot (and axe's check) with the code typed.
 */
export async function loginWithCode(page: Page, user: string, code: string, recovery = false, name?: string) {
  await loginAs(page, user);
  await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible();
  if (recovery) await page.getByRole('button', { name: 'Usa un codice di recupero' }).click();
  const field = page.getByLabel(recovery ? 'Codice di recupero' : 'Codice a 6 cifre');
  if (!recovery) await expect(field).toHaveAttribute('inputmode', 'numeric');
  await field.fill(code);
  if (name) await shot(page, name);
  await page.getByRole('button', { name: 'VERIFICA' }).click();
}

/** Logs out through the avatar menu. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitem', { name: 'LOGOUT' }).click();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
}

/** From the profile: the password and a code (a recovery code when `recovery`) switch it off. */
export async function disableFromProfile(page: Page, area: string, code: string, recovery = false) {
  await page.goto(`/${area}/profilo`);
  const section = page.getByRole('region', { name: 'Verifica in due passaggi' });
  await section.getByRole('button', { name: 'DISATTIVA' }).click();
  await section.getByLabel('Password').fill('portale-demo');
  if (recovery) await section.getByRole('button', { name: 'Usa un codice di recupero' }).click();
  await section.getByLabel(recovery ? 'Codice di recupero' : 'Codice a 6 cifre').fill(code);
  await section.getByRole('button', { name: 'CONFERMA DISATTIVAZIONE' }).click();
  await expect(section.getByText('Non attiva')).toBeVisible();
}
