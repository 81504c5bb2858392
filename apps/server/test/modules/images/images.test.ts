import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { createTestContext, login, type TestContext, loginEveryRole } from '../../helpers.ts';
import { imageForm, multipart } from '../../multipart.ts';

let ctx: TestContext;
let admin: string;
let capoarea: string;
let rivenditore: string;
let posatore: string;
let mario: string;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, capoarea, rivenditore, posatore] = await loginEveryRole(ctx.app);
  mario = (await ctx.db.selectFrom('posatori').select('uuid').where('code', '=', 'POS0001').executeTakeFirstOrThrow())
    .uuid;
  // A camera-like photo: large, with EXIF (GPS and owner included) that must not survive the upload.
  jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({
      IFD0: { Artist: 'Mario Rossi', Copyright: 'segreto' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 28/1 0/1' },
    })
    .jpeg()
    .toBuffer();
  png = await sharp({
    create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
  })
    .withExif({ IFD0: { Artist: 'Mario Rossi' } })
    .png()
    .toBuffer();
  webp = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
});
afterAll(() => ctx.close());

const CONSENTITI = 'Il file non è un’immagine valida (sono ammessi JPEG, PNG e WebP)';

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const upload = (url: string, form: ReturnType<typeof multipart>, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
  });
const del = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

async function insider() {
  const riv = await ctx.db
    .selectFrom('rivenditori')
    .select('uuid')
    .where('ragsoc', '=', 'Ceramiche Lombarde S.r.l.')
    .executeTakeFirstOrThrow();
  return (
    await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('state', '=', 'BS')
      .where((eb) => eb.or([eb('rivenditore', 'is', null), eb('rivenditore', '<>', riv.uuid)]))
      .orderBy('code')
      .executeTakeFirstOrThrow()
  ).uuid;
}
async function outsider() {
  return (
    await ctx.db
      .selectFrom('posatori')
      .innerJoin('capoarea', 'capoarea.uuid', 'posatori.capoarea')
      .select('posatori.uuid')
      .where('capoarea.name', '=', 'Elisa')
      .orderBy('posatori.code')
      .executeTakeFirstOrThrow()
  ).uuid;
}

describe('profile image upload', () => {
  it('re-encodes a real JPEG: bounded, without EXIF, served with a safe type', async () => {
    const res = await upload(`/api/saveimg/${mario}/profile`, imageForm(jpeg), admin);
    expect(res.statusCode, res.body).toBe(200);
    const { res: outcome, path: url } = res.json();
    expect(outcome).toBe('OK');
    expect(url).toMatch(new RegExp(`^/api/files/posatori/${mario}/profile/[a-z0-9-]+\\.jpg$`));
    const file = await get(url, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(800);
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('segreto'))).toBe(false);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    // The profile and the list row carry the same URL.
    expect((await get(`/api/posatori/${mario}`, admin)).json().img).toBe(url);
    expect((await get('/api/posatori?code=POS0001', admin)).json().data[0].img).toBe(url);
    expect((await get('/api/avatar', posatore)).json().img).toBe(url);
  });

  it('keeps PNG and WebP as they are, without metadata', async () => {
    const p = await upload(`/api/saveimg/${mario}/profile`, imageForm(png, 'logo.png', 'image/png'), admin);
    const pngUrl: string = p.json().path;
    expect(pngUrl).toMatch(/\.png$/);
    const served = await get(pngUrl, admin);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 300, hasAlpha: true });
    expect(meta.exif).toBeUndefined();
    const w = await upload(`/api/saveimg/${mario}/profile`, imageForm(webp, 'x.webp', 'image/webp'), admin);
    expect((await get(w.json().path, admin)).headers['content-type']).toBe('image/webp');
    // The previous image is gone: one profile image per owner.
    expect((await get(pngUrl, admin)).statusCode).toBe(404);
  });

  it('refuses a text file named .png, whatever it claims to be', async () => {
    const res = await upload(
      `/api/saveimg/${mario}/profile`,
      imageForm('<script>alert(1)</script>', 'foto.png', 'image/png'),
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: CONSENTITI });
  });

  it('refuses a broken image with a real signature', async () => {
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(500, 7)]);
    const res = await upload(`/api/saveimg/${mario}/profile`, imageForm(broken), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe(CONSENTITI);
  });

  it('refuses more than 5 MB', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await upload(`/api/saveimg/${mario}/profile`, imageForm(big), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: 'L’immagine supera la dimensione massima di 5 MB' });
  });

  it('refuses a request without a file', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/saveimg/${mario}/profile`,
      payload: { file: 'x' },
      headers: { cookie: admin },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ res: 'KO', reason: 'Nessun file ricevuto' });
    const onlyName = await upload(
      `/api/saveimg/${mario}/profile`,
      multipart([{ name: 'filename', data: 'a.jpg' }]),
      admin,
    );
    expect(onlyName.json()).toEqual({ res: 'KO', reason: 'Nessun file ricevuto' });
  });

  it('lets the area manager change installers in scope only, and never the reseller', async () => {
    expect((await upload(`/api/saveimg/${await insider()}/profile`, imageForm(webp), capoarea)).json().res).toBe('OK');
    const out = await upload(`/api/saveimg/${await outsider()}/profile`, imageForm(webp), capoarea);
    expect(out.statusCode).toBe(404);
    const riv = await upload(`/api/saveimg/${mario}/profile`, imageForm(webp), rivenditore);
    expect(riv.statusCode).toBe(403);
    expect(riv.json()).toEqual({ res: 'KO', reason: 'Operazione non consentita' });
    expect((await upload(`/api/saveimg/${await insider()}/profile`, imageForm(webp), rivenditore)).statusCode).toBe(
      404,
    );
    expect((await upload(`/api/saveimg/${await insider()}/profile`, imageForm(webp), posatore)).statusCode).toBe(404);
    expect((await upload(`/api/saveimg/${mario}/profile`, imageForm(webp))).statusCode).toBe(401);
    expect(
      (await upload('/api/saveimg/00000000-0000-4000-8000-000000000000/profile', imageForm(webp), admin)).statusCode,
    ).toBe(404);
  });

  it('lets every role change their own image', async () => {
    for (const [cookie, table] of [
      [posatore, 'posatori'],
      [admin, 'admins'],
      [capoarea, 'capoarea'],
      [rivenditore, 'rivenditori'],
    ] as const) {
      const res = await upload('/api/savemyimg/profile', imageForm(png, 'me.png', 'image/png'), cookie);
      expect(res.statusCode, res.body).toBe(200);
      const url: string = res.json().path;
      expect(url.startsWith(`/api/files/${table}/`)).toBe(true);
      expect((await get('/api/avatar', cookie)).json().img).toBe(url);
    }
    expect((await upload('/api/savemyimg/profile', imageForm(png))).statusCode).toBe(401);
  });

  it('serves profile images to any logged-in user, and to nobody else', async () => {
    const url: string = (await upload(`/api/saveimg/${await outsider()}/profile`, imageForm(webp), admin)).json().path;
    expect((await get(url, rivenditore)).statusCode).toBe(200);
    expect((await get(url, posatore)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(401);
  });
});

describe('gallery (Realizzazioni)', () => {
  type Item = { url: string; urlreal: string; name: string };

  it('lists, adds and deletes the installer’s own images, ignoring the cache breaker', async () => {
    expect((await get('/api/mygallery?refresh3', posatore)).json()).toEqual([]);
    const add = await upload('/api/mygallery', imageForm(jpeg), posatore);
    expect(add.json()).toMatchObject({ res: 'OK', path: expect.stringMatching(/^\/api\/files\/posatori\//) });
    await upload('/api/mygallery', imageForm(png, 'b.png', 'image/png'), posatore);
    const items: Item[] = (await get('/api/mygallery?refresh4', posatore)).json();
    expect(items).toHaveLength(2);
    expect(items[0]!.urlreal).toBe(add.json().path);
    const [first] = items;
    expect(first!.name).toMatch(/^[a-z0-9-]+$/);
    expect(first!.url).toBe(first!.urlreal.replace(/\.jpg$/, '.thumb.jpg'));
    const full = await sharp((await get(first!.urlreal, posatore)).rawPayload).metadata();
    const thumb = await sharp((await get(first!.url, posatore)).rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1600, 800]);
    expect([thumb.width, thumb.height]).toEqual([320, 160]);
    expect(full.exif).toBeUndefined();
    // Admin sees the same gallery through the installer's uuid.
    expect((await get(`/api/posagallery/${mario}?refresh1`, admin)).json()).toEqual(items);
    expect((await del(`/api/mygallery/${first!.name}`, posatore)).json()).toEqual({ res: 'OK' });
    expect((await get(first!.urlreal, posatore)).statusCode).toBe(404);
    expect((await get(first!.url, posatore)).statusCode).toBe(404);
    expect((await del(`/api/mygallery/${first!.name}`, posatore)).statusCode).toBe(404);
    expect((await get('/api/mygallery', posatore)).json()).toHaveLength(1);
  });

  it('refuses non-images in the gallery too', async () => {
    const res = await upload('/api/mygallery', imageForm('GIF89a', 'x.gif', 'image/gif'), posatore);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe(CONSENTITI);
  });

  it('only installers have their own gallery', async () => {
    for (const cookie of [admin, capoarea, rivenditore]) {
      expect((await get('/api/mygallery', cookie)).statusCode).toBe(403);
      expect((await upload('/api/mygallery', imageForm(webp), cookie)).statusCode).toBe(403);
    }
    expect((await get('/api/mygallery')).statusCode).toBe(401);
  });

  it('admin and the area manager in scope manage an installer’s gallery', async () => {
    const id = await insider();
    const added = await upload(`/api/posagallery/${id}`, imageForm(webp, 'w.webp', 'image/webp'), capoarea);
    expect(added.json().res).toBe('OK');
    const [item]: Item[] = (await get(`/api/posagallery/${id}`, capoarea)).json();
    expect(item!.urlreal).toBe(added.json().path);
    expect((await del(`/api/posagallery/${id}/${item!.name}`, admin)).json()).toEqual({ res: 'OK' });
    const out = await outsider();
    expect((await get(`/api/posagallery/${out}`, capoarea)).statusCode).toBe(404);
    expect((await upload(`/api/posagallery/${out}`, imageForm(webp), capoarea)).statusCode).toBe(404);
  });

  it('the reseller sees their installers’ galleries but changes nothing', async () => {
    await upload(`/api/posagallery/${mario}`, imageForm(webp), admin);
    const items: Item[] = (await get(`/api/posagallery/${mario}`, rivenditore)).json();
    expect(items.length).toBeGreaterThan(0);
    expect((await get(items[0]!.urlreal, rivenditore)).statusCode).toBe(200);
    expect((await upload(`/api/posagallery/${mario}`, imageForm(webp), rivenditore)).statusCode).toBe(403);
    expect((await del(`/api/posagallery/${mario}/${items[0]!.name}`, rivenditore)).statusCode).toBe(403);
    expect((await get(`/api/posagallery/${await insider()}`, rivenditore)).statusCode).toBe(404);
    expect((await get(`/api/posagallery/${mario}`, rivenditore)).json()).toEqual(items);
  });

  it('nobody reaches another installer’s files by changing an id or a name', async () => {
    const other = await insider();
    const theirs: string = (await upload(`/api/posagallery/${other}`, imageForm(webp), admin)).json().path;
    const [item]: Item[] = (await get(`/api/posagallery/${other}`, admin)).json();
    // The installer: other's gallery, other's files, other's item through their own gallery path.
    expect((await get(`/api/posagallery/${other}`, posatore)).statusCode).toBe(404);
    expect((await get(theirs, posatore)).statusCode).toBe(404);
    expect((await get(item!.url, posatore)).statusCode).toBe(404);
    expect((await del(`/api/posagallery/${other}/${item!.name}`, posatore)).statusCode).toBe(404);
    expect((await del(`/api/mygallery/${item!.name}`, posatore)).statusCode).toBe(404);
    expect((await get(theirs.replace(other, mario), posatore)).statusCode).toBe(404);
    // Names and paths outside the server's own are refused before any file is touched.
    for (const bad of ['..%2F..%2Fportal.db', '...', 'A.jpg', 'x%00.jpg']) {
      expect((await del(`/api/mygallery/${bad}`, posatore)).statusCode, bad).toBe(400);
    }
    // A bare .. is normalised away by the router: it reaches no route at all.
    expect((await del('/api/mygallery/..', posatore)).statusCode).toBe(404);
    for (const url of [
      `/api/files/posatori/${mario}/gallery/..%2Fprofile%2Fx.jpg`,
      `/api/files/posatori/${mario}/gallery/x.svg`,
      `/api/files/posatori/${mario}/secret/x.jpg`,
      `/api/files/etc/${mario}/gallery/x.jpg`,
      `/api/files/posatori/..%2F..%2F/gallery/x.jpg`,
    ]) {
      expect((await get(url, admin)).statusCode, url).toBe(400);
    }
    // Still there for who may see it.
    expect((await get(theirs, admin)).statusCode).toBe(200);
  });
});

describe('deleting an installer', () => {
  it('removes their files', async () => {
    const id = await insider();
    const url: string = (await upload(`/api/saveimg/${id}/profile`, imageForm(webp), admin)).json().path;
    await upload(`/api/posagallery/${id}`, imageForm(webp), admin);
    const folder = path.join(ctx.config.dataDir, 'files', 'posatori', id);
    expect(fs.existsSync(folder)).toBe(true);
    expect((await del(`/api/posatore/${id}`, admin)).json()).toEqual({ res: 'OK' });
    expect(fs.existsSync(folder)).toBe(false);
    expect((await get(url, admin)).statusCode).toBe(404);
  });

  it('the installer’s account can no longer log in', async () => {
    const victim = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['posatori.uuid', 'users.username'])
      .where('users.stato', '=', 'active')
      .where('posatori.code', '<>', 'POS0001')
      .executeTakeFirstOrThrow();
    const cookie = await login(ctx.app, victim.username, DEMO_PASSWORD);
    expect((await upload('/api/mygallery', imageForm(webp), cookie)).json().res).toBe('OK');
    expect((await del(`/api/posatore/${victim.uuid}`, admin)).json()).toEqual({ res: 'OK' });
    expect((await get('/api/mygallery', cookie)).statusCode).toBe(401);
    await expect(login(ctx.app, victim.username, DEMO_PASSWORD)).rejects.toThrow();
  });
});
