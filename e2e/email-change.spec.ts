import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, loginAs, shot } from './support.ts';
import { logout } from './two-factor.ts';

const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });

/** The confirmation link of an .eml written by nodemailer (quoted-printable bodies fold long lines). */
function confirmLinkOf(eml: string): string {
  const body = eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const link = /https?:\/\/\S+\/confermaemail\/[A-Za-z0-9_-]+/.exec(body)?.[0];
  if (!link) throw new Error('link di conferma non trovato nella e-mail');
  return link;
}

// A reseller no other journey uses: their address changes for good.
test('a reseller changes their own e-mail, confirms it from the link sent to it, and logs in with it', async ({
  page,
}) => {
  // The machine is shared: the mail worker's turn and five screens take a while.
  test.setTimeout(180_000);
  const address = `verona.${Date.now()}@esempio.it`;
  await loginAs(page, 'rivenditore.verona');
  await expect(page).toHaveURL('/rivenditori');
  await page.goto('/rivenditori/profilo');
  const old = await emailField(page).inputValue();
  await emailField(page).fill(address);
  await page.getByRole('button', { name: 'SALVA' }).click();
  await expect(page.getByRole('alert').last()).toContainText('Dati Salvati');

  // The change waits: the form keeps the address in use, the notice names the new one.
  const notice = page.getByRole('status').filter({ hasText: 'Nuovo indirizzo e-mail in attesa di conferma' });
  await expect(notice).toContainText(address);
  await expect(emailField(page)).toHaveValue(old);
  await shot(page, 'email-change-pending');
  await logout(page);

  // The link from the e-mail written to the outbox, opened without a session.
  const link = new URL(confirmLinkOf(await latestMailTo(address)));
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Conferma il nuovo indirizzo e-mail' })).toBeVisible();
  await shot(page, 'email-change-link');
  await page.getByRole('button', { name: 'Conferma indirizzo' }).click();
  await expect(page.getByRole('status')).toContainText('Indirizzo e-mail confermato');
  await shot(page, 'email-change-confirmed');

  // Once only.
  await page.goto(link.pathname);
  await page.getByRole('button', { name: 'Conferma indirizzo' }).click();
  await expect(page.getByRole('status')).toContainText('già stato usato');
  await shot(page, 'email-change-used');

  // The new address logs in; the profile shows it.
  await page.getByRole('link', { name: 'Vai alla pagina di accesso' }).click();
  await loginAs(page, address);
  await expect(page).toHaveURL('/rivenditori');
  await page.goto('/rivenditori/profilo');
  await expect(emailField(page)).toHaveValue(address, { timeout: 30_000 });
  await expect(page.getByText('Nuovo indirizzo e-mail in attesa di conferma')).toHaveCount(0);
});
