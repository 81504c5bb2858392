import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GALLERY_MAX_ITEMS } from '@portal/shared/schemas/images';
import { ownerPrefix } from '../../src/lib/file-store.ts';
import { createFileStore } from '../../src/lib/open-file-store.ts';
import { createTestContext, cookieOf, type TestContext } from '../helpers.ts';
import { imageForm } from '../multipart.ts';

/** A count limit holds when the adds arrive together. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('ten parallel uploads to a gallery with 59 images leave 60', async () => {
  const posatore = await cookieOf(ctx.app, 'posatore');
  const mario = await ctx.db
    .selectFrom('posatori')
    .select('uuid')
    .where('code', '=', 'POS0001')
    .executeTakeFirstOrThrow();
  const files = createFileStore(ctx.config);
  const folder = `${ownerPrefix('posatori', mario.uuid)}/gallery`;
  // The demo's own images (image and thumbnail each) count: the gallery is filled to one short of full.
  const demo = (await files.list(folder)).filter((key) => !key.includes('.thumb.')).length;
  for (let i = 0; i < GALLERY_MAX_ITEMS - 1 - demo; i++) {
    await files.put(`${folder}/seed-${String(i).padStart(2, '0')}.jpg`, Buffer.from('x'));
  }
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

  const replies = await Promise.all(
    Array.from({ length: 10 }, () => {
      const form = imageForm(jpeg);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/mygallery',
        headers: { cookie: posatore, ...form.headers },
        payload: form.payload,
      });
    }),
  );

  expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
  for (const r of replies.filter((r) => r.statusCode !== 200)) {
    expect(r.statusCode).toBe(400);
    expect(r.json().reason).toBe('La galleria ha raggiunto il numero massimo di immagini');
  }
  const listed = await ctx.app.inject({ method: 'GET', url: '/api/mygallery', headers: { cookie: posatore } });
  expect(listed.json()).toHaveLength(GALLERY_MAX_ITEMS);
});
