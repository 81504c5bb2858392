/**
 * Draws the installable app's icons (apps/web/public/icons/*.png) from the portal's logo (apps/web/public/logo.svg)
 * in Debian's Chromium, the browser the journeys use: no image library with a downloaded binary. Run it again
 * after the logo changes: `node scripts/make-icons.ts`; the PNGs are committed.
 * - icon-192, icon-512: the logo as it is, on a transparent background ('any');
 * - icon-maskable-512, apple-touch-icon-180: the logo's light ground fills the square and the tiles sit inside the
 *   centre circle that every launcher's mask keeps (80 % of the side), as the 'maskable' purpose asks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const logo = fs.readFileSync(path.join(publicDir, 'logo.svg'), 'utf8');
const ground = /<rect x="2" y="2" width="60" height="60" rx="12" fill="(#[0-9a-f]{6})"\/>/i.exec(logo)?.[1];
if (!ground) throw new Error('logo.svg: manca il riquadro di fondo');

/** The logo zoomed out to a 92-unit square filled with its ground: the 48-unit tiles stay within the safe circle. */
const fullBleed = logo
  .replace('viewBox="0 0 64 64"', 'viewBox="-14 -14 92 92"')
  .replace('<rect x="2"', `<rect x="-14" y="-14" width="92" height="92" fill="${ground}"/><rect x="2"`);

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon-180.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: path.join(publicDir, 'icons', icon.file), omitBackground: true });
    await page.close();
    console.log(`apps/web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
