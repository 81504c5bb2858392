import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '@portal/shared/schemas/documents';
import { simplePdf } from '../../../src/lib/pdf-files.ts';
import { createTestContext, storedKeys, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { multipart } from '../../multipart.ts';

/**
 * Training videos among the documents (docs/decisions/0031-training-videos.md): streamed uploads, Range downloads
 * under the listing's reach, poster frames. Runs on disk and, with `npm run test:s3`, on a bucket.
 */
let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
}, 60_000);
afterAll(() => ctx.close());

// The journey's clip: 6 s of VP8 at 160x90 (e2e/fixtures), committed so no test needs ffmpeg.
const clip = fs.readFileSync(path.join(import.meta.dirname, '../../../../../e2e/fixtures/corso-posa.webm'));

/** An MP4's first box (ftyp, brand isom) followed by `size` other bytes: the container the server checks. */
function mp4Of(size: number): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'latin1'),
  ]);
  return Buffer.concat([ftyp, randomBytes(size)]);
}

const upload = (filename: string, data: Buffer, client: ApiClient = as.admin) => {
  const form = multipart([
    { name: 'filename', data: filename },
    { name: 'file', filename, contentType: 'application/octet-stream', data },
  ]);
  return client.inject({ method: 'POST', url: '/api/docs/caricadoc', headers: form.headers, payload: form.payload });
};

/** A video uploaded and given to these groups; its uuid. */
async function video(filename: string, data: Buffer, dests: string[]): Promise<string> {
  const res = await upload(filename, data);
  expect(res.statusCode, res.body).toBe(200);
  const { uuid } = res.json() as { uuid: string };
  expect((await as.admin.post(`/api/docs/doc/${uuid}`, { title: filename, dests })).statusCode).toBe(200);
  return uuid;
}

const ranged = (client: ApiClient, uuid: string, range?: string) =>
  client.get(`/api/docs/file/${uuid}`, range === undefined ? {} : { headers: { range } });

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('training videos', () => {
  let forInstallers: string;
  let forAreaManagers: string;
  const size = clip.length;

  beforeAll(async () => {
    forInstallers = await video('corso-posa.webm', clip, ['posatore']);
    forAreaManagers = await video('riunione-capi-area.webm', clip, ['capoarea']);
  }, 30_000);

  it('lists a video as the type Video, with the type filter (ftipo)', async () => {
    const page = (await as.posatore.get('/api/docs/docs?ftipo=video')).json() as {
      data: { uuid: string; tipo: string; size: number; poster: string | null }[];
    };
    expect(page.data.map((d) => d.uuid)).toEqual([forInstallers]);
    expect(page.data[0]).toMatchObject({ tipo: 'video', size, poster: null });
    const pdfs = (await as.posatore.get('/api/docs/docs?ftipo=pdf')).json() as { data: { tipo: string }[] };
    expect(pdfs.data.every((d) => d.tipo === 'pdf')).toBe(true);
    const admin = (await as.admin.get('/api/docs/admdocs?ftipo=video')).json() as { reccount: number };
    expect(admin.reccount).toBe(2);
  });

  it('sends the whole video without a Range, saying ranges are accepted', async () => {
    const res = await ranged(as.posatore, forInstallers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.rawPayload.equals(clip)).toBe(true);
  });

  it.each([
    ['the first bytes', 'bytes=0-99', 0, 99],
    ['a middle range', 'bytes=1000-1999', 1000, 1999],
    ['an open-ended range', `bytes=${size - 500}-`, size - 500, size - 1],
    ['a suffix range', 'bytes=-300', size - 300, size - 1],
    ['a range past the end, cut at the last byte', `bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
  ])('answers %s with 206 and its Content-Range', async (_name, range, start, end) => {
    const res = await ranged(as.posatore, forInstallers, range);
    expect(res.statusCode).toBe(206);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(clip.subarray(start, end + 1))).toBe(true);
  });

  it.each([
    ['a range starting at the size', `bytes=${size}-`],
    ['a range past the end', `bytes=${size + 10}-${size + 20}`],
    ['an empty suffix', 'bytes=-0'],
  ])('answers %s with 416 and the size', async (_name, range) => {
    const res = await ranged(as.posatore, forInstallers, range);
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Intervallo di byte non disponibile' });
  });

  it('sends the whole file for a Range it may ignore (several ranges, malformed, conditional)', async () => {
    const ignored: Record<string, string>[] = [
      { range: 'bytes=0-1,5-9' },
      { range: 'items=0-9' },
      { range: 'bytes=0-9', 'if-range': '"x"' },
    ];
    for (const headers of ignored) {
      const res = await as.posatore.get(`/api/docs/file/${forInstallers}`, { headers });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(size);
    }
  });

  it('serves ranges by the listing reach: 401 without a session, 404 to a group that may not see it', async () => {
    expect((await ranged(as.anonymous, forInstallers, 'bytes=0-99')).statusCode).toBe(401);
    for (const client of [as.capoarea, as.rivenditore]) {
      expect((await ranged(client, forInstallers, 'bytes=0-99')).statusCode).toBe(404);
      expect((await ranged(client, forInstallers)).statusCode).toBe(404);
      // Not even a 416 tells a stranger the file's size.
      expect((await ranged(client, forInstallers, `bytes=${size}-`)).statusCode).toBe(404);
    }
    expect((await ranged(as.posatore, forAreaManagers, 'bytes=0-99')).statusCode).toBe(404);
    expect((await ranged(as.rivenditore, forAreaManagers, 'bytes=0-99')).statusCode).toBe(404);
    const manager = await ranged(as.capoarea, forAreaManagers, 'bytes=0-99');
    expect(manager.statusCode).toBe(206);
    expect(manager.rawPayload.equals(clip.subarray(0, 100))).toBe(true);
    expect((await ranged(as.admin, forAreaManagers, 'bytes=-1')).statusCode).toBe(206);
  });

  it('streams an upload over the documents limit to the store and reads it back byte-exact', async () => {
    const big = mp4Of(DOCUMENT_MAX_BYTES + 5 * 1024 * 1024);
    const uuid = await video('posa-grandi-formati.mp4', big, ['posatore']);
    const res = await ranged(as.posatore, uuid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.length).toBe(big.length);
    expect(sha(res.rawPayload)).toBe(sha(big));
    const tail = await ranged(as.posatore, uuid, 'bytes=-1024');
    expect(tail.rawPayload.equals(big.subarray(big.length - 1024))).toBe(true);
    expect(await storedKeys(ctx.config, `documents/${uuid}`)).toEqual([`documents/${uuid}/documento.mp4`]);
  }, 120_000);

  it('keeps the 20 MB limit for every other kind of document', async () => {
    const pdf = Buffer.concat([simplePdf(['Grande']), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const res = await upload('grande.pdf', pdf);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'Il documento supera la dimensione massima di 20 MB' });
  });

  it('checks the container from the bytes, and keeps nothing of a refused video', async () => {
    const before = (await as.admin.get('/api/docs/admdocs')).json() as { reccount: number };
    const keysBefore = await storedKeys(ctx.config, 'documents');
    const matroska = Buffer.from(clip);
    const at = matroska.indexOf('webm', 0, 'latin1');
    matroska.write('wxbm', at, 'latin1');
    for (const [name, data] of [
      ['finto.mp4', simplePdf(['Non sono un video'])],
      ['finto.webm', mp4Of(1000)],
      ['matroska.webm', matroska],
      ['clip.mp4', clip],
    ] as const) {
      const res = await upload(name, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ reason: 'Il file non è un video mp4 o webm' });
    }
    const empty = await upload('vuoto.mp4', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const after = (await as.admin.get('/api/docs/admdocs')).json() as { reccount: number };
    expect(after.reccount).toBe(before.reccount);
    expect(await storedKeys(ctx.config, 'documents')).toEqual(keysBefore);
  });

  it('only the admin uploads a video', async () => {
    expect((await upload('corso.webm', clip, as.anonymous)).statusCode).toBe(401);
    for (const client of [as.posatore, as.capoarea, as.rivenditore]) {
      expect((await upload('corso.webm', clip, client)).statusCode).toBe(403);
    }
  });

  describe('poster frames', () => {
    const png = () =>
      sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 200, g: 80, b: 40 } } })
        .png()
        .toBuffer();
    const posterForm = (data: Buffer, filename = 'poster.png') =>
      multipart([
        { name: 'filename', data: filename },
        { name: 'file', filename, contentType: 'image/png', data },
      ]);
    const postPoster = (uuid: string, data: Buffer, client: ApiClient = as.admin) => {
      const form = posterForm(data);
      return client.inject({
        method: 'POST',
        url: `/api/docs/poster/${uuid}`,
        headers: form.headers,
        payload: form.payload,
      });
    };

    it('stores the frame the browser captured, shows it in the list, serves it by the listing reach', async () => {
      const res = await postPoster(forInstallers, await png());
      expect(res.statusCode, res.body).toBe(200);
      const page = (await as.posatore.get('/api/docs/docs?ftipo=video')).json() as {
        data: { uuid: string; poster: string | null }[];
      };
      expect(page.data.find((d) => d.uuid === forInstallers)?.poster).toBe(`/api/docs/poster/${forInstallers}`);
      const got = await as.posatore.get(`/api/docs/poster/${forInstallers}`);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(got.rawPayload).metadata()).format).toBe('jpeg');
      expect((await as.capoarea.get(`/api/docs/poster/${forInstallers}`)).statusCode).toBe(404);
      expect((await as.anonymous.get(`/api/docs/poster/${forInstallers}`)).statusCode).toBe(401);
      // A video without a poster: 404, the type's icon shows.
      expect((await as.capoarea.get(`/api/docs/poster/${forAreaManagers}`)).statusCode).toBe(404);
      const audit = (await as.admin.get(`/api/audit?entity=documento&id=${forInstallers}`)).json() as {
        data: { action: string; changes: { field: string }[] }[];
      };
      expect(audit.data.some((e) => e.action === 'modifica' && e.changes.some((c) => c.field === 'poster'))).toBe(true);
    });

    it('refuses a poster that is not an image, one for a document that is not a video, and other roles', async () => {
      const notImage = await postPoster(forAreaManagers, Buffer.from('non è una immagine'));
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json()).toMatchObject({ reason: "L'anteprima deve essere un'immagine JPEG, PNG o WebP" });
      const pdf = (await as.admin.get('/api/docs/admdocs?ftipo=pdf')).json() as { data: { uuid: string }[] };
      const onPdf = await postPoster(pdf.data[0]!.uuid, await png());
      expect(onPdf.statusCode).toBe(400);
      expect(onPdf.json()).toMatchObject({ reason: "L'anteprima si aggiunge solo ai video" });
      expect((await postPoster(forAreaManagers, await png(), as.anonymous)).statusCode).toBe(401);
      for (const client of [as.posatore, as.capoarea, as.rivenditore]) {
        expect((await postPoster(forAreaManagers, await png(), client)).statusCode).toBe(403);
      }
    });
  });

  it('deletes a video with its file and its poster', async () => {
    const uuid = await video('da-eliminare.webm', clip, ['posatore']);
    expect((await as.admin.delete(`/api/docs/doc/${uuid}`)).statusCode).toBe(200);
    expect((await ranged(as.posatore, uuid, 'bytes=0-9')).statusCode).toBe(404);
    expect(await storedKeys(ctx.config, `documents/${uuid}`)).toEqual([]);
  });
});
