import { expect, test } from '@playwright/test';
import { loginAs, shot, sidewaysOverflow } from './support.ts';
import { player, playsPast, seekTo, uploadedVideo } from './video-support.ts';

// The narrowest phone the portal is drawn for.
test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(120_000);

test('on a phone the installer plays a training video from the home and seeks in it', async ({ page, browser }) => {
  const title = `Posa su massetto ${Date.now().toString(36)}`;
  const video = await uploadedVideo(browser, title);
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  const latest = page.getByRole('region', { name: 'Video recenti' });
  // The home's lists load side by side: on a busy machine they take a while.
  await expect(latest.getByRole('button', { name: `Guarda il video ${title}` })).toBeVisible({ timeout: 30_000 });
  expect(await sidewaysOverflow(page)).toEqual([]);
  await shot(page, 'phone-posatore-home-video');
  await latest.getByRole('button', { name: `Guarda il video ${title}` }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await playsPast(page, 0.5);
  const at = await seekTo(page, 0.6);
  expect(at).toBeGreaterThan(2.6);
  // Every control within the 390 px screen, none under another.
  for (const name of ['Pausa', 'Disattiva audio', 'Schermo intero']) {
    const box = await player(page).getByRole('button', { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  expect(await sidewaysOverflow(page)).toEqual([]);
  await shot(page, 'phone-posatore-video-player');
  await page.getByRole('button', { name: 'Chiudi' }).click();
  await video.remove();
});
