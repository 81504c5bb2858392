import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'portale-demo';
export const dataDir = process.env.E2E_DATA_DIR ?? path.resolve('e2e/.data');
const shotsDir = path.resolve('e2e/screenshots');

export async function loginAs(page: Page, user: string, pwd = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Utente').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(pwd);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** Full-page screenshots for people to look at (gitignored); each journey leaves one per screen it visits. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The newest e-mail the server wrote to DATA_DIR/outbox for a recipient starting so, waiting for it to appear. */
export async function latestMailTo(recipientStart: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let found = '';
  await expect
    .poll(() => {
      if (!fs.existsSync(outbox)) return '';
      const files = fs.readdirSync(outbox).sort().reverse();
      for (const file of files) {
        const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
        if (raw.includes(`To: ${recipientStart}`)) {
          found = raw;
          return raw;
        }
      }
      return '';
    })
    .not.toBe('');
  return found;
}

/** The reset link of an .eml written by nodemailer (quoted-printable bodies fold long lines). */
export function resetLinkOf(eml: string): string {
  const body = eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const link = /https?:\/\/\S+\/resetpwd\/[A-Za-z0-9_-]+/.exec(body)?.[0];
  if (!link) throw new Error('link di reimpostazione non trovato nella e-mail');
  return link;
}
