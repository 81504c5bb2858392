import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';

/**
 * Keyboard focus is visible everywhere (WCAG 2.4.7), and its indicator stands out from what is around it by at
 * least 3:1 (WCAG 1.4.11): each control reached with the keyboard shows a ring at least 2px wide, or, for a text
 * field, its border turns 2px wide in a colour that does.
 */

type Indicator = {
  /** What has the focus: its role, or its tag. */
  what: string;
  name: string;
  kind: 'outline' | 'border' | 'none';
  width: number;
  color: string;
  /** The opaque colour behind the element, which the indicator is seen against. */
  behind: string;
};

/** The focused element's focus indicator, read from the page. */
function focusIndicator(page: Page): Promise<Indicator> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) {
      return { what: 'body', name: '', kind: 'none', width: 0, color: '', behind: '' };
    }
    const input = active instanceof HTMLInputElement ? active : null;
    const what = active.classList.contains('MuiChip-root')
      ? 'chip'
      : (active.getAttribute('role') ??
        (input ? (['checkbox', 'radio'].includes(input.type) ? input.type : 'textbox') : active.tagName.toLowerCase()));
    const name = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 60);
    // MUI's checkbox input is invisible: its ring is drawn by the control around it. A plain one (the public
    // contact form's consent) draws its own.
    const hidden = input && ['checkbox', 'radio'].includes(input.type) && getComputedStyle(input).opacity === '0';
    const el = hidden ? (input.parentElement ?? input) : active;
    const opaque = (from: Element | null): string => {
      for (let node = from; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(bg)?.[1];
        if (bg !== 'transparent' && (alpha === undefined || Number(alpha) === 1)) return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    const style = getComputedStyle(el);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      // An outline drawn inside the element is seen against the element's own background.
      const inside = parseFloat(style.outlineOffset) < 0;
      return {
        what,
        name,
        kind: 'outline',
        width: parseFloat(style.outlineWidth),
        color: style.outlineColor,
        behind: opaque(inside ? el : el.parentElement),
      };
    }
    const field = el.closest('.MuiOutlinedInput-root, .MuiPickersOutlinedInput-root');
    const border = field?.querySelector('fieldset');
    if (field && border) {
      const b = getComputedStyle(border);
      return {
        what,
        name,
        kind: 'border',
        width: parseFloat(b.borderTopWidth),
        color: b.borderTopColor,
        behind: opaque(field),
      };
    }
    return { what, name, kind: 'none', width: 0, color: '', behind: '' };
  });
}

const channels = (rgb: string) => (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = channels(rgb).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

const seen = new Set<string>();

/** The focused element shows a ring of at least 2px and 3:1 against what is behind it. */
async function expectVisibleFocus(page: Page): Promise<Indicator> {
  const focus = await focusIndicator(page);
  const label = `${focus.what} "${focus.name}"`;
  expect(focus.kind, `${label}: no focus indicator`).not.toBe('none');
  expect(focus.width, `${label}: indicator ${focus.width}px`).toBeGreaterThanOrEqual(2);
  expect(contrast(focus.color, focus.behind), `${label}: ${focus.color} on ${focus.behind}`).toBeGreaterThanOrEqual(3);
  seen.add(focus.what);
  return focus;
}

/** Tabs through the page from the top, checking every stop, until `stop` has the focus (or `max` stops). */
async function tabThrough(page: Page, max: number, stop?: (focus: Indicator) => boolean): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focus = await expectVisibleFocus(page);
    if (stop?.(focus)) return;
  }
}

test('every control the keyboard reaches shows a visible focus ring', { tag: '@page-only' }, async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');

  // The installer list: side menu, search, bell, avatar, actions, filters, checkboxes, row links and menus, pager.
  await page.goto('/admin/posatori');
  await expect(page.getByRole('table', { name: 'Elenco posatori' }).getByRole('row')).toHaveCount(21);
  await page.locator('body').click({ position: { x: 700, y: 5 } });
  await tabThrough(page, 120, (f) => f.what === 'button' && /^Vai alla pagina 2$/.test(f.name));
  await shot(page, 'focus-pager');
  await page
    .getByRole('button', { name: /^Azioni per/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await expectVisibleFocus(page);
  await shot(page, 'focus-menu-item');
  await page.keyboard.press('Escape');

  // The communications: the folder tabs and the Tipo filter.
  await page.goto('/admin/comunicazioni');
  await expect(page.getByRole('tab', { name: 'Uscita', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Nuova comunicazione' }).focus();
  await tabThrough(page, 5, (f) => f.what === 'tab');
  await page.keyboard.press('ArrowRight');
  await expectVisibleFocus(page);
  await shot(page, 'focus-tab');

  // The composer: a recipient chip, reached with the arrow keys from the field.
  await page.goto('/admin/newcomm');
  await page.getByLabel('Destinatari').fill('ammin');
  await page.getByRole('option', { name: 'Amministratori', exact: true }).click();
  await page.getByLabel('Destinatari').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowLeft');
  await expectVisibleFocus(page);
  await shot(page, 'focus-chip');

  for (const kind of ['a', 'button', 'checkbox', 'chip', 'combobox', 'menuitem', 'tab', 'textbox']) {
    expect([...seen], kind).toContain(kind);
  }
});

test(
  'the public locator and an installer’s page show a visible focus ring on every control',
  { tag: '@page-only' },
  async ({ page }) => {
    await page.goto('/trova-posatore?prov=MI');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The brand, the search form, each card's link and the pager: every stop until the next page's link.
    await tabThrough(page, 40, (f) => f.what === 'a' && f.name === 'Pagina successiva');
    await expect(page.getByRole('link', { name: 'Pagina successiva' })).toBeFocused();
    // The search runs from the keyboard: the province chosen with the arrows, submitted with Enter.
    await page.getByLabel('Provincia').focus();
    await expectVisibleFocus(page);
    await page.getByLabel('Nome').focus();
    await page.keyboard.type('Rossi');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=Rossi/);
    const mario = page.getByRole('link', { name: 'Mario Rossi' });
    await mario.focus();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Mario Rossi' })).toBeVisible();
    // The installer's page: back link, gallery links, the contact form's fields, consent and button, in order.
    await tabThrough(page, 20, (f) => f.what === 'button' && f.name === 'Invia la richiesta');
    await expect(page.getByRole('button', { name: 'Invia la richiesta' })).toBeFocused();
    await shot(page, 'focus-trova-posatore-modulo');
    // The honeypot field is never reached: it is for robots only.
    await expect(page.locator('#sito')).toHaveAttribute('tabindex', '-1');
  },
);
