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

/**
 * What makes a page wider than the screen: the document scrolling sideways, an element whose visible box (after
 * the clipping of its ancestors) ends beyond the viewport's right edge, and a box that scrolls sideways without
 * being a keyboard-focusable scroll region (a data table that is two-dimensional by nature may scroll inside its
 * own focusable box, as WCAG 1.4.10 allows; a list whose last column hides behind a scrollbar may not). Each
 * culprit is reported once, the outermost of a nested run, named by tag, label or text. Empty when the page fits.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    const nameOf = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? el.id;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${label ? ` ${label}` : ''}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > viewport) {
      found.push(`la pagina è larga ${document.documentElement.scrollWidth} px su ${viewport}`);
    }
    const beyond = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      let right = box.right;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().right);
      }
      if (right > viewport + 0.5) beyond.add(el);
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1 && (el as HTMLElement).tabIndex < 0) {
        found.push(`${nameOf(el)} scorre di lato (${el.scrollWidth} px in ${el.clientWidth})`);
      }
    }
    for (const el of beyond) {
      if (el.parentElement && beyond.has(el.parentElement)) continue;
      found.push(`${nameOf(el)} finisce a ${Math.round(el.getBoundingClientRect().right)} px`);
    }
    return found;
  });
}
