import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { auditHistory, createTestContext, storedKeys, login, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { imageForm, multipart } from '../../multipart.ts';

let ctx: TestContext;
let as: RoleClients;
let mario: string;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
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

const upload = (url: string, form: ReturnType<typeof multipart>, client: ApiClient = as.anonymous) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(client.cookie ? { cookie: client.cookie } : {}) },
  });

async function insider() {
  const reseller = await ctx.db
    .selectFrom('rivenditori')
    .select('uuid')
    .where('ragsoc', '=', 'Ceramiche Lombarde S.r.l.')
    .executeTakeFirstOrThrow();
  return (
    await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('state', '=', 'BS')
      .where((eb) => eb.or([eb('rivenditore', 'is', null), eb('rivenditore', '<>', reseller.uuid)]))
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
    const res = await upload(`/api/saveimg/${mario}/profile`, imageForm(jpeg), as.admin);
    expect(res.statusCode, res.body).toBe(200);
    const { res: outcome, path: url } = res.json();
    expect(outcome).toBe('OK');
    expect(url).toMatch(new RegExp(`^/api/files/posatori/${mario}/profile/[a-z0-9-]+\\.jpg$`));
    const file = await as.admin.get(url);
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
    expect((await as.admin.get(`/api/posatori/${mario}`)).json().img).toBe(url);
    expect((await as.admin.get('/api/posatori?code=POS0001')).json().data[0].img).toBe(url);
    expect((await as.posatore.get('/api/avatar')).json().img).toBe(url);
    expect((await auditHistory(ctx.db, 'posatore', mario)).at(-1)).toMatchObject({
      action: 'immagine-caricata',
      by: 'admin',
      changes: [{ field: 'img', after: url }],
    });
  });

  it('keeps PNG and WebP as they are, without metadata', async () => {
    const p = await upload(`/api/saveimg/${mario}/profile`, imageForm(png, 'logo.png', 'image/png'), as.admin);
    const pngUrl: string = p.json().path;
    expect(pngUrl).toMatch(/\.png$/);
    const served = await as.admin.get(pngUrl);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 300, hasAlpha: true });
    expect(meta.exif).toBeUndefined();
    const w = await upload(`/api/saveimg/${mario}/profile`, imageForm(webp, 'x.webp', 'image/webp'), as.admin);
    expect((await as.admin.get(w.json().path)).headers['content-type']).toBe('image/webp');
    // The previous image is gone: one profile image per owner.
    expect((await as.admin.get(pngUrl)).statusCode).toBe(404);
  });

  it('refuses a text file named .png, whatever it claims to be', async () => {
    const res = await upload(
      `/api/saveimg/${mario}/profile`,
      imageForm('<script>alert(1)</script>', 'foto.png', 'image/png'),
      as.admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: CONSENTITI });
  });

  it('refuses a broken image with a real signature', async () => {
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(500, 7)]);
    const res = await upload(`/api/saveimg/${mario}/profile`, imageForm(broken), as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe(CONSENTITI);
  });

  it('refuses more than 5 MB', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await upload(`/api/saveimg/${mario}/profile`, imageForm(big), as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: 'L’immagine supera la dimensione massima di 5 MB' });
  });

  it('refuses a request without a file', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/saveimg/${mario}/profile`,
      payload: { file: 'x' },
      headers: { cookie: as.admin.cookie },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ res: 'KO', reason: 'Nessun file ricevuto' });
    const onlyName = await upload(
      `/api/saveimg/${mario}/profile`,
      multipart([{ name: 'filename', data: 'a.jpg' }]),
      as.admin,
    );
    expect(onlyName.json()).toEqual({ res: 'KO', reason: 'Nessun file ricevuto' });
  });

  it('lets the area manager change installers in scope only, and never the reseller', async () => {
    expect((await upload(`/api/saveimg/${await insider()}/profile`, imageForm(webp), as.capoarea)).json().res).toBe(
      'OK',
    );
    const out = await upload(`/api/saveimg/${await outsider()}/profile`, imageForm(webp), as.capoarea);
    expect(out.statusCode).toBe(404);
    const refused = await upload(`/api/saveimg/${mario}/profile`, imageForm(webp), as.rivenditore);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ res: 'KO', reason: 'Operazione non consentita' });
    expect((await upload(`/api/saveimg/${await insider()}/profile`, imageForm(webp), as.rivenditore)).statusCode).toBe(
      404,
    );
    expect((await upload(`/api/saveimg/${await insider()}/profile`, imageForm(webp), as.posatore)).statusCode).toBe(
      404,
    );
    expect((await upload(`/api/saveimg/${mario}/profile`, imageForm(webp))).statusCode).toBe(401);
    expect(
      (await upload('/api/saveimg/00000000-0000-4000-8000-000000000000/profile', imageForm(webp), as.admin)).statusCode,
    ).toBe(404);
  });

  it('lets every role change their own image', async () => {
    for (const [client, table] of [
      [as.posatore, 'posatori'],
      [as.admin, 'admins'],
      [as.capoarea, 'capoarea'],
      [as.rivenditore, 'rivenditori'],
    ] as const) {
      const res = await upload('/api/savemyimg/profile', imageForm(png, 'me.png', 'image/png'), client);
      expect(res.statusCode, res.body).toBe(200);
      const url: string = res.json().path;
      expect(url.startsWith(`/api/files/${table}/`)).toBe(true);
      expect((await client.get('/api/avatar')).json().img).toBe(url);
    }
    expect((await upload('/api/savemyimg/profile', imageForm(png))).statusCode).toBe(401);
  });

  it('serves profile images to any logged-in user, and to nobody else', async () => {
    const url: string = (await upload(`/api/saveimg/${await outsider()}/profile`, imageForm(webp), as.admin)).json()
      .path;
    expect((await as.rivenditore.get(url)).statusCode).toBe(200);
    expect((await as.posatore.get(url)).statusCode).toBe(200);
    expect((await as.anonymous.get(url)).statusCode).toBe(401);
  });
});

describe('gallery (Realizzazioni)', () => {
  type Item = { url: string; urlreal: string; name: string };

  it('lists, adds and deletes the installer’s own images, ignoring the cache breaker', async () => {
    // The demo installer's gallery holds the demo's three images (on the public locator too).
    const demo: Item[] = (await as.posatore.get('/api/mygallery?refresh3')).json();
    expect(demo).toHaveLength(3);
    const add = await upload('/api/mygallery', imageForm(jpeg), as.posatore);
    expect(add.json()).toMatchObject({ res: 'OK', path: expect.stringMatching(/^\/api\/files\/posatori\//) });
    await upload('/api/mygallery', imageForm(png, 'b.png', 'image/png'), as.posatore);
    const items: Item[] = (await as.posatore.get('/api/mygallery?refresh4')).json();
    expect(items).toHaveLength(5);
    expect(items.slice(0, 3)).toEqual(demo);
    expect(items[3]!.urlreal).toBe(add.json().path);
    const first = items[3];
    expect(first!.name).toMatch(/^[a-z0-9-]+$/);
    expect(first!.url).toBe(first!.urlreal.replace(/\.jpg$/, '.thumb.jpg'));
    const full = await sharp((await as.posatore.get(first!.urlreal)).rawPayload).metadata();
    const thumb = await sharp((await as.posatore.get(first!.url)).rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1600, 800]);
    expect([thumb.width, thumb.height]).toEqual([320, 160]);
    expect(full.exif).toBeUndefined();
    // Admin sees the same gallery through the installer's uuid.
    expect((await as.admin.get(`/api/posagallery/${mario}?refresh1`)).json()).toEqual(items);
    expect((await as.posatore.delete(`/api/mygallery/${first!.name}`)).json()).toEqual({ res: 'OK' });
    expect((await as.posatore.get(first!.urlreal)).statusCode).toBe(404);
    expect((await as.posatore.get(first!.url)).statusCode).toBe(404);
    expect((await as.posatore.delete(`/api/mygallery/${first!.name}`)).statusCode).toBe(404);
    expect((await as.posatore.get('/api/mygallery')).json()).toHaveLength(4);
    const history = (await auditHistory(ctx.db, 'posatore', mario)).slice(-3);
    expect(history.map((h) => [h.action, h.by])).toEqual([
      ['immagine-caricata', 'posatore'],
      ['immagine-caricata', 'posatore'],
      ['immagine-eliminata', 'posatore'],
    ]);
    expect(history[2]!.changes).toEqual([{ field: 'gallery', before: first!.urlreal, after: null }]);
  });

  it('refuses non-images in the gallery too', async () => {
    const res = await upload('/api/mygallery', imageForm('GIF89a', 'x.gif', 'image/gif'), as.posatore);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe(CONSENTITI);
  });

  it('only installers have their own gallery', async () => {
    for (const client of [as.admin, as.capoarea, as.rivenditore]) {
      expect((await client.get('/api/mygallery')).statusCode).toBe(403);
      expect((await upload('/api/mygallery', imageForm(webp), client)).statusCode).toBe(403);
    }
    expect((await as.anonymous.get('/api/mygallery')).statusCode).toBe(401);
  });

  it('admin and the area manager in scope manage an installer’s gallery', async () => {
    const id = await insider();
    const added = await upload(`/api/posagallery/${id}`, imageForm(webp, 'w.webp', 'image/webp'), as.capoarea);
    expect(added.json().res).toBe('OK');
    const [item]: Item[] = (await as.capoarea.get(`/api/posagallery/${id}`)).json();
    expect(item!.urlreal).toBe(added.json().path);
    expect((await as.admin.delete(`/api/posagallery/${id}/${item!.name}`)).json()).toEqual({ res: 'OK' });
    const out = await outsider();
    expect((await as.capoarea.get(`/api/posagallery/${out}`)).statusCode).toBe(404);
    expect((await upload(`/api/posagallery/${out}`, imageForm(webp), as.capoarea)).statusCode).toBe(404);
  });

  it('the reseller sees their installers’ galleries but changes nothing', async () => {
    await upload(`/api/posagallery/${mario}`, imageForm(webp), as.admin);
    const items: Item[] = (await as.rivenditore.get(`/api/posagallery/${mario}`)).json();
    expect(items.length).toBeGreaterThan(0);
    expect((await as.rivenditore.get(items[0]!.urlreal)).statusCode).toBe(200);
    expect((await upload(`/api/posagallery/${mario}`, imageForm(webp), as.rivenditore)).statusCode).toBe(403);
    expect((await as.rivenditore.delete(`/api/posagallery/${mario}/${items[0]!.name}`)).statusCode).toBe(403);
    expect((await as.rivenditore.get(`/api/posagallery/${await insider()}`)).statusCode).toBe(404);
    expect((await as.rivenditore.get(`/api/posagallery/${mario}`)).json()).toEqual(items);
  });

  it('nobody reaches another installer’s files by changing an id or a name', async () => {
    const other = await insider();
    const theirs: string = (await upload(`/api/posagallery/${other}`, imageForm(webp), as.admin)).json().path;
    const [item]: Item[] = (await as.admin.get(`/api/posagallery/${other}`)).json();
    // The installer: other's gallery, other's files, other's item through their own gallery path.
    expect((await as.posatore.get(`/api/posagallery/${other}`)).statusCode).toBe(404);
    expect((await as.posatore.get(theirs)).statusCode).toBe(404);
    expect((await as.posatore.get(item!.url)).statusCode).toBe(404);
    expect((await as.posatore.delete(`/api/posagallery/${other}/${item!.name}`)).statusCode).toBe(404);
    expect((await as.posatore.delete(`/api/mygallery/${item!.name}`)).statusCode).toBe(404);
    expect((await as.posatore.get(theirs.replace(other, mario))).statusCode).toBe(404);
    // Names and paths outside the server's own are refused before any file is touched.
    for (const bad of ['..%2F..%2Fportal.db', '...', 'A.jpg', 'x%00.jpg']) {
      expect((await as.posatore.delete(`/api/mygallery/${bad}`)).statusCode, bad).toBe(400);
    }
    // A bare .. is normalised away by the router: it reaches no route at all.
    expect((await as.posatore.delete('/api/mygallery/..')).statusCode).toBe(404);
    for (const url of [
      `/api/files/posatori/${mario}/gallery/..%2Fprofile%2Fx.jpg`,
      `/api/files/posatori/${mario}/gallery/x.svg`,
      `/api/files/posatori/${mario}/secret/x.jpg`,
      `/api/files/etc/${mario}/gallery/x.jpg`,
      `/api/files/posatori/..%2F..%2F/gallery/x.jpg`,
    ]) {
      expect((await as.admin.get(url)).statusCode, url).toBe(400);
    }
    // Still there for who may see it.
    expect((await as.admin.get(theirs)).statusCode).toBe(200);
  });
});

describe('deleting an installer', () => {
  it('removes their files', async () => {
    const id = await insider();
    const url: string = (await upload(`/api/saveimg/${id}/profile`, imageForm(webp), as.admin)).json().path;
    await upload(`/api/posagallery/${id}`, imageForm(webp), as.admin);
    expect(await storedKeys(ctx.config, `posatori/${id}`)).not.toEqual([]);
    expect((await as.admin.delete(`/api/posatore/${id}`)).json()).toEqual({ res: 'OK' });
    expect(await storedKeys(ctx.config, `posatori/${id}`)).toEqual([]);
    expect((await as.admin.get(url)).statusCode).toBe(404);
  });

  it('the installer’s account can no longer log in', async () => {
    const victim = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['posatori.uuid', 'users.username'])
      .where('users.stato', '=', 'active')
      .where('posatori.code', '<>', 'POS0001')
      .executeTakeFirstOrThrow();
    const client = await as.login(victim.username, DEMO_PASSWORD);
    expect((await upload('/api/mygallery', imageForm(webp), client)).json().res).toBe('OK');
    expect((await as.admin.delete(`/api/posatore/${victim.uuid}`)).json()).toEqual({ res: 'OK' });
    expect((await client.get('/api/mygallery')).statusCode).toBe(401);
    await expect(login(ctx.app, victim.username, DEMO_PASSWORD)).rejects.toThrow();
  });
});
