import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'portale-demo';
export const dataDir = process.env.E2E_DATA_DIR ?? path.resolve('e2e/.data');
const shotsDir = path.resolve('e2e/screenshots');
/**
 * E2E_PAGE_CHECKS=0, set by npm test's database-only run (scripts/test.ts) after the same tree passed them on the
 * other database: the checks of the page itself are left out, each screen's screenshot and axe run here and the
 * journeys tagged @page-only and the phone project's but fit-phone (playwright.config.ts). The desktop journeys'
 * steps and assertions all run.
 */
export const pageChecks = process.env.E2E_PAGE_CHECKS !== '0';
/** E2E_SCREENSHOTS=0 (CI, .ci/run): no pictures, which nobody looks at in a clone that is thrown away; axe still runs. */
const screenshots = process.env.E2E_SCREENSHOTS !== '0';

export async function loginAs(page: Page, user: string, pwd = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Utente').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(pwd);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/**
 * Holds back every response to `url` (a glob) until the returned function is called, as a slow network would: what
 * the page shows meanwhile, and what it does with a tap made then, can be checked.
 */
export async function holdBack(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The axe tags of WCAG 2.1 levels A and AA, the level the portal answers to. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG 2.1 A and AA violations axe finds on the page as it stands (dialogs and menus open, errors shown), one
 * readable line each: rule, impact, what it asks, and each offending element's selector. Empty when there is none.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Only the violations are collected: the passes' details would double axe's time on a long table. (options()
  // replaces what withTags() set, so it comes first.)
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  return violations.map(
    (v) =>
      `${v.id} [${v.impact ?? '?'}] ${v.help} (${v.helpUrl}): ` +
      v.nodes.map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('; '),
  );
}

/**
 * Waits for the transitions under way (a dialog fading in, a menu growing) to end, so that the picture and axe see
 * the screen as it settles: half-faded text would read as too little contrast. Endless ones (spinners) and paused
 * ones are left.
 */
async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Each screen a journey visits: a full-page screenshot for people to look at (gitignored), and axe's WCAG 2.1 A and
 * AA rules run on the page as it is at that moment, so that every state a journey reaches (a dialog open, a form
 * with its errors) is checked, not only each route as it loads. A violation fails the journey, softly: the journey
 * goes on and its report lists every screen that fails, by name.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await transitionsDone(page);
  if (!pageChecks) return;
  if (screenshots) {
    fs.mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
  }
  await expectAccessible(page, name);
}

/**
 * axe's check of `shot` without the picture, for the journeys that measure rather than look (the phone fit, the
 * JavaScript budget): the screen as it stands passes WCAG 2.1 A and AA, softly, named `name` in the report.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await transitionsDone(page);
  if (!pageChecks) return;
  // The check's own time is added to the journey's budget, not taken from it: on a busy machine a run of axe over
  // a long table takes seconds, and a journey with twenty screens would otherwise time out for being checked. Axe
  // may take up to a minute more while it runs; then the budget is the journey's own plus what axe took.
  const info = test.info();
  const budget = info.timeout;
  const started = Date.now();
  if (budget > 0) info.setTimeout(budget + 60_000);
  const violations = await axeViolations(page);
  if (budget > 0) info.setTimeout(budget + (Date.now() - started));
  expect.soft(violations, `axe WCAG 2.1 AA su «${name}»`).toEqual([]);
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

type RecordedShift = { value: number; moved: Element[] };
type ShiftRecord = { layoutShifts: RecordedShift[] };

/**
 * From the page's next load on, keeps every layout shift as the browser scores them (Cumulative Layout Shift), with
 * the elements each one moved; `layoutShifts` reads them.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: RecordedShift[] = [];
    Object.assign(window, { layoutShifts: record });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry &
        RecordedShift & { sources: { node: Node | null }[] })[]) {
        const moved = entry.sources.map((source) => source.node).filter((node) => node instanceof Element);
        record.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The scores of the layout shifts recorded since the page loaded, from the `from`-th on; with `within`, only those
 * that moved an element inside what the selector finds.
 */
export async function layoutShifts(page: Page, { from = 0, within }: { from?: number; within?: string } = {}) {
  return page.evaluate(
    ({ from, within }) =>
      (window as unknown as ShiftRecord).layoutShifts
        .slice(from)
        .filter((shift) => within === undefined || shift.moved.some((element) => element.closest(within)))
        .map((shift) => shift.value),
    { from, within },
  );
}
