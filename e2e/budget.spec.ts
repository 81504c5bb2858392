import path from 'node:path';
import { expect, test } from '@playwright/test';
import { assetSize, kB, loginRouteFiles, sum, webDist } from '../scripts/initial-assets.ts';

/**
 * The login page's JavaScript budget, gzip, on the build npm test has just made (scripts/e2e.ts builds first):
 * at most 150 kB. The public screens are an entry of their own, without the role areas' router, query cache and
 * form library (docs/decisions/0008-front-end-weight.md), so whatever the areas add does not count here.
 */
const LOGIN_JS_BUDGET_GZIP = 150_000;

test('the login route’s initial JavaScript stays within its gzip budget', () => {
  const sizes = loginRouteFiles().js.map((file) => assetSize(webDist, file));
  const gzip = sum(sizes, 'gzip');
  const detail = sizes.map((s) => `${s.file} ${kB(s.gzip)}`).join(', ');
  expect(gzip, `${kB(gzip)} gzip (${detail})`).toBeLessThanOrEqual(LOGIN_JS_BUDGET_GZIP);
});

test('the login page downloads only that JavaScript, compressed', async ({ page }) => {
  const initial = new Set(loginRouteFiles().js.map((file) => `/${file.split(path.sep).join('/')}`));
  const scripts: { path: string; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ path: new URL(response.url()).pathname, encoding: response.headers()['content-encoding'] });
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing lazy (a role area, the date pickers) is fetched for the login page, and nothing it needs is missed.
  expect(scripts.map((s) => s.path).sort()).toEqual([...initial].sort());
  for (const script of scripts) expect(script.encoding, script.path).toBe('br');
});
