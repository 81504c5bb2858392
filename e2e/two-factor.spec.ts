import { expect, test } from '@playwright/test';
import { loginAs, shot } from './support.ts';
import { disableFromProfile, enrolFromProfile, loginWithCode, logout, nextCode } from './two-factor.ts';

// An area manager no other journey uses: the journey leaves the account as it found it.
test('an area manager turns on two-factor login, logs in with the app’s code, and turns it off with a recovery code', async ({
  page,
}) => {
  await loginAs(page, 'capoarea.nordest');
  await expect(page).toHaveURL('/capoarea');
  const { secret, codes } = await enrolFromProfile(page, 'capoarea', 'two-factor-desktop');
  await logout(page);

  await loginAs(page, 'capoarea.nordest');
  await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible();
  await shot(page, 'two-factor-login-step');
  await page.getByLabel('Codice a 6 cifre').fill('000000' === (await nextCode(secret)) ? '111111' : '000000');
  await page.getByRole('button', { name: 'VERIFICA' }).click();
  await expect(page.getByText('Codice non valido o già usato')).toBeVisible();
  await page.getByRole('button', { name: 'Torna all’accesso' }).click();

  await loginWithCode(page, 'capoarea.nordest', await nextCode(secret));
  await expect(page).toHaveURL('/capoarea');
  await disableFromProfile(page, 'capoarea', codes[0]!, true);
  await logout(page);
  await loginAs(page, 'capoarea.nordest');
  await expect(page).toHaveURL('/capoarea');
});
