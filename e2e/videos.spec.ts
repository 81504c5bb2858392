import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.ts';
import { clipPath, currentTime, player, playsPast, seekTo, uploadedVideo } from './video-support.ts';

/**
 * Training videos: the admin uploads a clip (progress, poster frame drawn in the browser), gives it to the
 * installers, who find it on their home and among the documents, play it in the portal's player and seek in it.
 */

const card = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Elenco documenti' }).getByRole('listitem').filter({ hasText: title });

// The machine the journeys run on is shared: an upload, two logins and a playback need the room.
test.setTimeout(120_000);

test('the admin uploads a training video; an installer plays it and seeks; other groups do not see it', async ({
  page,
  browser,
}) => {
  const title = `Corso di posa ${Date.now().toString(36)}`;
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/documenti');
  await expect(card(page, 'Catalogo prodotti 2027')).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (r) => {
    const at = new URL(r.url()).pathname;
    if (r.method() === 'POST' && at.startsWith('/api/docs/')) uploads.push(at);
  });
  await page.getByLabel('File del documento').setInputFiles(clipPath);
  // The progress bar while it goes; the poster frame is drawn, the video sent, the poster sent, then the edit form.
  await expect(page.getByRole('progressbar', { name: 'Caricamento di corso-posa.webm' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/moddoc\/[0-9a-f-]{36}$/, { timeout: 40_000 });
  const uuid = /moddoc\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  // The poster frame was drawn from the local file and sent after the video.
  expect(uploads).toEqual(['/api/docs/caricadoc', `/api/docs/poster/${uuid}`]);
  await expect(page.getByLabel('Titolo')).toHaveValue('corso-posa');
  await page.getByLabel('Titolo').fill(title);
  await page.getByRole('checkbox', { name: 'Posatori' }).check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByRole('alert').last()).toContainText('Dati Salvati');
  const poster = page.getByRole('region', { name: 'Anteprima' }).locator('img');
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'admin-moddoc-video');

  // The type filter finds it among the documents as a Video.
  await page.goto('/admin/documenti?ftipo=video');
  await expect(card(page, title)).toContainText('Video');
  await shot(page, 'admin-documenti-video');

  const own = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  const chunks: string[] = [];
  const ranges: { range: string | undefined; status: number }[] = [];
  own.on('request', (r) => chunks.push(new URL(r.url()).pathname));
  own.on('response', (r) => {
    if (r.url().includes(`/api/docs/file/${uuid}`))
      ranges.push({ range: r.request().headers()['range'], status: r.status() });
  });
  await loginAs(own, 'posatore');
  await expect(own).toHaveURL('/posatore');
  const latest = own.getByRole('region', { name: 'Video recenti' });
  // The home's lists load side by side: on a busy machine they take a while.
  await expect(latest.getByRole('button', { name: `Guarda il video ${title}` })).toBeVisible({ timeout: 30_000 });
  await shot(own, 'posatore-home-video');
  await own.goto('/posatore/documenti');
  await expect(card(own, title)).toBeVisible();
  // The player's code is fetched only when a video is opened.
  expect(chunks.some((p) => /video-player/.test(p))).toBe(false);
  await card(own, title)
    .getByRole('button', { name: `Guarda il video ${title}` })
    .click();
  await expect(own.getByRole('dialog', { name: title })).toBeVisible();
  await expect.poll(() => chunks.some((p) => /video-player/.test(p))).toBe(true);
  await expect(player(own).getByRole('button', { name: /Riproduci|Pausa/ })).toBeVisible();
  await playsPast(own, 0.5);
  await shot(own, 'posatore-video-player');
  const at = await seekTo(own, 0.7);
  expect(at).toBeGreaterThan(3.2);
  await expect(player(own).getByTestId('video-time')).toContainText(' / 0:06');
  // The browser streamed it with Range requests, answered 206.
  expect(ranges.some((r) => r.range?.startsWith('bytes=') && r.status === 206)).toBe(true);
  await own.getByRole('button', { name: 'Pausa' }).click();
  await expect(player(own)).toHaveAttribute('data-state', 'paused');
  const paused = await currentTime(own);
  await expect.poll(() => currentTime(own)).toBe(paused);
  await own.getByRole('button', { name: 'Chiudi' }).click();
  await own.context().close();

  // An area manager's group was not ticked: neither the list nor the file.
  const manager = await (await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await loginAs(manager, 'capoarea');
  await expect(manager).toHaveURL('/capoarea');
  await manager.goto('/capoarea/documenti');
  await expect(card(manager, 'Catalogo prodotti 2027')).toBeVisible();
  await expect(card(manager, title)).toHaveCount(0);
  expect((await manager.request.get(`/api/docs/file/${uuid}`, { headers: { range: 'bytes=0-99' } })).status()).toBe(
    404,
  );
  await manager.context().close();

  await page.goto('/admin/documenti');
  await card(page, title)
    .getByRole('button', { name: `Azioni per ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Confermi di eliminare il documento:${title}?`);
  await page.getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByRole('alert').last()).toContainText('Documento eliminato');
  await expect(card(page, title)).toHaveCount(0);
});

test('a blocked autoplay is only logged: the player waits for a tap on Riproduci', async ({ page, browser }) => {
  const video = await uploadedVideo(browser, `Autoplay bloccato ${Date.now().toString(36)}`);
  // The browser refuses to start playing by itself, as phones do for a video with sound.
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    let refused = false;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!refused) {
        refused = true;
        return Promise.reject(new DOMException('play() failed because the user did not interact', 'NotAllowedError'));
      }
      return play.call(this);
    };
  });
  const logged: string[] = [];
  page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await page.goto('/posatore/documenti?ftipo=video');
  await page.getByRole('button', { name: /^Guarda il video Autoplay bloccato/ }).click();
  await expect.poll(() => logged.some((l) => l.startsWith('info: Riproduzione non avviata dal browser'))).toBe(true);
  await expect(player(page)).toHaveAttribute('data-state', 'paused');
  await expect(player(page).getByRole('alert')).toHaveCount(0);
  await expect(player(page).getByRole('status')).toHaveCount(0);
  await player(page).getByRole('button', { name: 'Riproduci' }).click();
  await playsPast(page, 0.3);
  await video.remove();
});
