import { expect, test } from '@playwright/test';
import { loginAs } from './support.ts';
import { disableFromProfile, enrolFromProfile, loginWithCode, logout, nextCode } from './two-factor.ts';

// A reseller no other journey uses: the journey leaves the account as it found it.
test('on a phone a reseller enrols, logs in with a recovery code, and turns it off with the app’s code', async ({
  page,
}) => {
  await loginAs(page, 'rivenditore.padova');
  await expect(page).toHaveURL('/rivenditori');
  const { secret, codes } = await enrolFromProfile(page, 'rivenditori', 'two-factor-phone');
  await logout(page);

  await loginWithCode(page, 'rivenditore.padova', codes[3]!, true, 'two-factor-phone-recovery-step');
  await expect(page).toHaveURL('/rivenditori');
  await disableFromProfile(page, 'rivenditori', await nextCode(secret));
  await logout(page);
  await loginAs(page, 'rivenditore.padova');
  await expect(page).toHaveURL('/rivenditori');
});
