import { expect, test, type Page } from '@playwright/test';
import { recoveryNotice, VIDEO_FAILED } from '../apps/web/src/lib/video-recovery.ts';
import { loginAs, shot } from './support.ts';
import {
  clip,
  clipPath,
  currentTime,
  player,
  playsPast,
  seekTo,
  uploadedVideo,
  videoElement,
} from './video-support.ts';

/**
 * Training videos on a desktop: the admin uploads one through the documents screen, an installer plays and seeks it
 * in the portal's player; and the player's error handling (lib/video-recovery.ts) against a server that fails on
 * purpose: the journeys put themselves between the browser and the video's address (page.route), which also turns
 * the browser's cache off, so each load the player asks for reaches them.
 */

test.setTimeout(120_000);

const card = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Elenco documenti' }).getByRole('listitem').filter({ hasText: title });

/** The installer's videos (the documents screen filtered on 'Video'), and the player opened on `title`. */
async function openVideo(page: Page, title: string): Promise<void> {
  await page.goto('/posatore/documenti?ftipo=video');
  await card(page, title)
    .getByRole('button', { name: `Guarda il video ${title}` })
    .click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
}

test('the admin uploads a training video for the installers, who play and seek it', async ({ page, browser }) => {
  const title = `Posa a colla ${Date.now().toString(36)}`;
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/documenti');
  await page.getByLabel('File del documento').setInputFiles(clipPath);
  await expect(page).toHaveURL(/\/admin\/moddoc\/[0-9a-f-]{36}$/);
  const uuid = /moddoc\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  // The poster frame was drawn from the file in the browser and stored with it.
  const preview = page.getByRole('region', { name: 'Anteprima' });
  await expect(preview).toContainText('Video');
  await expect(preview.locator('img')).toBeVisible();
  await page.getByLabel('Titolo').fill(title);
  await page.getByRole('checkbox', { name: 'Posatori' }).check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByRole('alert').last()).toContainText('Dati Salvati');
  await shot(page, 'admin-moddoc-video');

  const own = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await loginAs(own, 'posatore');
  await expect(own).toHaveURL('/posatore');
  await openVideo(own, title);
  await playsPast(own, 0.5);
  const at = await seekTo(own, 0.5);
  expect(at).toBeGreaterThan(2);
  await expect(player(own).getByTestId('video-time')).toContainText('/ 0:06');
  await player(own).getByRole('button', { name: 'Pausa' }).click();
  await expect(player(own)).toHaveAttribute('data-state', 'paused');
  const paused = await currentTime(own);
  await own.waitForTimeout(500);
  expect(await currentTime(own)).toBe(paused);
  await shot(own, 'posatore-video-player');
  await own.getByRole('button', { name: 'Chiudi' }).click();
  await own.context().close();

  expect((await page.request.delete(`/api/docs/doc/${uuid}`)).status()).toBe(200);
});

/**
 * Opens the video from the installer's documents, with `fails()` deciding, at each load of the file, whether the
 * server answers 503 or the clip.
 */
async function openWithServer(page: Page, title: string, uuid: string, fails: () => boolean): Promise<void> {
  const real = clip();
  await page.route(`**/api/docs/file/${uuid}`, (route) =>
    fails()
      ? route.fulfill({ status: 503, body: 'Servizio non disponibile' })
      : // The whole file (200), which a player accepts for any Range it asked for.
        route.fulfill({ status: 200, contentType: 'video/webm', body: real }),
  );
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await openVideo(page, title);
}

test('a video the server fails to send: the player starts again by itself, then gives up and offers Riprova', async ({
  page,
  browser,
}) => {
  const title = `Video instabile ${Date.now().toString(36)}`;
  const video = await uploadedVideo(browser, title);
  // The loads fail until the player has re-created itself once (the browser may retry a failed load on its own
  // first: a source that never arrived is no network error of a playing video); then the new player plays.
  let failing = true;
  await openWithServer(page, title, video.uuid, () => failing);
  await expect(player(page)).toHaveAttribute('data-recoveries', /recreate/);
  failing = false;
  await playsPast(page, 0.3);
  await expect(player(page)).toHaveAttribute('data-recoveries', /^(recreate,)*recreate$/);
  await page.getByRole('button', { name: 'Chiudi' }).click();

  // Now every load fails: three attempts, each after a longer wait, then the message and Riprova.
  failing = true;
  await openVideo(page, title);
  await expect(player(page)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(player(page)).toHaveAttribute('data-recoveries', 'recreate,recreate,recreate,give-up');
  await expect(player(page).getByRole('alert')).toContainText(VIDEO_FAILED);
  await shot(page, 'posatore-video-non-riproducibile');
  // The connection is back: Riprova plays it.
  failing = false;
  await player(page).getByRole('button', { name: 'Riprova' }).click();
  await playsPast(page, 0.3);
  await page.getByRole('button', { name: 'Chiudi' }).click();
  await video.remove();
});

/** Raises a MediaError of `code` at the player's element, as the browser does (error set, then an 'error' event). */
function failAt(page: Page, code: number): Promise<number> {
  return videoElement(page).evaluate((v: HTMLVideoElement, code) => {
    Object.defineProperty(v, 'error', { configurable: true, value: { code, message: 'errore di prova' } });
    v.dispatchEvent(new Event('error'));
    Reflect.deleteProperty(v, 'error');
    return v.currentTime;
  }, code);
}

test('a video that fails to decode or loses its connection while playing: the player reloads it and goes on', async ({
  page,
  browser,
}) => {
  const title = `Video danneggiato ${Date.now().toString(36)}`;
  const video = await uploadedVideo(browser, title);
  await openWithServer(page, title, video.uuid, () => false);
  await playsPast(page, 1);
  // Chromium conceals a damaged VP8 frame instead of failing (a clip with garbled frames plays on), and a server
  // that drops the connection half way is not one Playwright can play; so these errors are raised at the element,
  // as the browser raises them: MEDIA_ERR_DECODE (3), then MEDIA_ERR_NETWORK (2).
  const broken = await failAt(page, 3);
  await expect(player(page)).toHaveAttribute('data-recoveries', 'recover-media');
  await expect(player(page).getByRole('status')).toHaveText(recoveryNotice['recover-media']);
  // Reloaded, it starts again half a second past the spot that failed, and plays on by itself.
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(broken + 0.5);
  await expect(player(page).getByRole('status')).toHaveCount(0);

  const cut = await failAt(page, 2);
  await expect(player(page)).toHaveAttribute('data-recoveries', 'recover-media,retry-load');
  // Loaded again, from where it was.
  await expect(player(page)).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(cut);
  await page.getByRole('button', { name: 'Chiudi' }).click();
  await video.remove();
});
