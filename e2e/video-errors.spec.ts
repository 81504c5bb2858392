import { expect, test, type Page, type Route } from '@playwright/test';
import { loginAs, shot } from './support.ts';
import { clip, player, playsPast, uploadedVideo } from './video-support.ts';

/**
 * The player's error handling, the spec's way: the video's requests fail on purpose (Playwright routes in front of
 * the server) and the player must come back by itself: a file that does not decode is recovered, a first load that
 * fails re-creates the player; when nothing works it says so in Italian and offers Riprova. (A connection dropped
 * mid-download is retried by Chromium itself before the page hears of it; the player's answer to a network error,
 * a new load from where it was, is covered by apps/web/test/video-recovery.test.ts.)
 */

let video: Awaited<ReturnType<typeof uploadedVideo>>;
let title: string;
test.beforeAll(async ({ browser }) => {
  title = `Errori di rete ${Date.now().toString(36)}`;
  video = await uploadedVideo(browser, title);
});
test.afterAll(async () => {
  await video.remove();
});

// The machine the journeys run on is shared: a player that waits 0.5 + 1 + 2 s between tries needs the room.
test.setTimeout(120_000);

const fileUrl = () => `**/api/docs/file/${video.uuid}`;

async function openVideo(page: Page) {
  await loginAs(page, 'posatore');
  await expect(page).toHaveURL('/posatore');
  await page.goto('/posatore/documenti?ftipo=video');
  await page.getByRole('button', { name: `Guarda il video ${title}` }).click();
  await expect(player(page)).toBeVisible();
}

const recoveries = async (page: Page) => ((await player(page).getAttribute('data-recoveries')) ?? '').split(',');

/**
 * What a phone on a hotel's or a train's Wi-Fi gets before it logs in there: the captive portal's own page in place
 * of the video. (A dropped connection is retried by Chromium itself, for a long while, before the page hears of it.)
 */
const unavailable = (route: Route) =>
  route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Accedi al Wi-Fi</title>' });

test('a first load that fails re-creates the player, which then plays', async ({ page }) => {
  let failed = 0;
  await page.route(fileUrl(), (route) => (failed++ < 1 ? unavailable(route) : route.fallback()));
  await openVideo(page);
  await playsPast(page, 0.5);
  expect(failed).toBeGreaterThan(1);
  expect(await recoveries(page)).toEqual(['recreate']);
});

test('bytes that do not make a video are recovered from, and the video plays on', async ({ page }) => {
  const bytes = clip();
  let corrupted = 0;
  await page.route(fileUrl(), async (route) => {
    if (corrupted++ > 0) return route.fallback();
    // The file overwritten with noise after its first bytes: the browser cannot make a video of it.
    const broken = Buffer.from(bytes);
    for (let i = 200; i < broken.length; i++) broken[i] = (i * 7919) & 0xff;
    return route.fulfill({
      status: 200,
      headers: { 'content-type': 'video/webm', 'accept-ranges': 'bytes' },
      body: broken,
    });
  });
  await openVideo(page);
  await playsPast(page, 1);
  expect(corrupted).toBeGreaterThan(1);
  const taken = await recoveries(page);
  expect(taken.length).toBeGreaterThan(0);
  expect(taken.every((a) => a === 'recover-media' || a === 'recreate')).toBe(true);
});

test('when every try fails the player says so in Italian and Riprova plays it once the network is back', async ({
  page,
}) => {
  let down = true;
  // The store unreachable on every try: the portal answers 503 (FileStoreUnavailable), which Chromium gives up on.
  await page.route(fileUrl(), (route) =>
    down
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ res: 'KO', reason: 'archivio dei file non raggiungibile' }),
        })
      : route.fallback(),
  );
  await openVideo(page);
  await expect(player(page)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(player(page).getByRole('alert')).toContainText(
    'Impossibile riprodurre il video. Controlla la connessione e riprova.',
  );
  expect(await recoveries(page)).toEqual(['recreate', 'recreate', 'recreate', 'give-up']);
  await shot(page, 'posatore-video-failed');
  down = false;
  await player(page).getByRole('button', { name: 'Riprova' }).click();
  await playsPast(page, 0.5);
});
