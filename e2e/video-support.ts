import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { loginAs } from './support.ts';

/** 6 s of VP8 at 160x90 with a tone, 55 kB, made once with ffmpeg and committed: no test needs ffmpeg. */
export const clipPath = path.resolve('e2e/fixtures/corso-posa.webm');
export const clip = () => fs.readFileSync(clipPath);

/** The portal's own player and its parts. */
export const player = (page: Page) => page.getByTestId('video-player');
export const videoElement = (page: Page) => player(page).locator('video');
export const currentTime = (page: Page) => videoElement(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * A video uploaded by the admin through the API (the upload screen has its own journey) and given to these groups;
 * returns its uuid and a way to delete it, so journeys leave the shared demo database as they found it.
 */
export async function uploadedVideo(
  browser: Browser,
  title: string,
  dests: string[] = ['posatore'],
  data: Buffer = clip(),
): Promise<{ uuid: string; remove(): Promise<void> }> {
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await loginAs(page, 'admin');
  await expect(page).toHaveURL('/admin');
  const filename = `${title}.webm`;
  const res = await page.request.post('/api/docs/caricadoc', {
    multipart: { filename, file: { name: filename, mimeType: 'video/webm', buffer: data } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { uuid } = (await res.json()) as { uuid: string };
  const saved = await page.request.post(`/api/docs/doc/${uuid}`, { data: { title, dests } });
  expect(saved.status()).toBe(200);
  return {
    uuid,
    async remove() {
      expect((await page.request.delete(`/api/docs/doc/${uuid}`)).status()).toBe(200);
      await context.close();
    },
  };
}

/** Plays until the video has moved past `seconds`, the way a person waits for it to start. */
export async function playsPast(page: Page, seconds: number): Promise<void> {
  await expect(player(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(seconds);
}

/** Seeks by clicking the position slider at a share of its width; returns the time the video moved to. */
export async function seekTo(page: Page, share: number): Promise<number> {
  const slider = player(page).locator('.MuiSlider-root');
  const box = await slider.boundingBox();
  if (!box) throw new Error('slider non visibile');
  await page.mouse.click(box.x + box.width * share, box.y + box.height / 2);
  let at = 0;
  await expect
    .poll(async () => {
      at = await currentTime(page);
      return at;
    })
    .toBeGreaterThan(6 * share - 1);
  return at;
}
