import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPosatore } from '@portal/shared/schemas/public-posatori';
import { CONTACTS_PER_HOUR } from '../../../src/modules/public-posatori/public-posatori.service.ts';
import { createTestContext, personOfUser, type TestContext } from '../../helpers.ts';
import { loginAs, type RoleClients } from '../../helpers-clients.ts';

let ctx: TestContext;
let as: RoleClients;
let mario: string;

beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  mario = await personOfUser(ctx.db, 'posatori', 'posatore');
});
afterAll(() => ctx.close());

type ListReply = { data: PublicPosatore[]; page: number; pages: number; reccount: number };

const list = async (query = ''): Promise<ListReply> => {
  const res = await as.anonymous.get(`/api/public/posatori${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Every page of a list, in order. */
async function everyRow(query = ''): Promise<PublicPosatore[]> {
  const first = await list(`?${query}`);
  const rows = [...first.data];
  for (let page = 2; page <= first.pages; page++) rows.push(...(await list(`?${query}&page=${page}`)).data);
  return rows;
}

/** The published installers as the database holds them, in the locator's order. */
const publishedInDb = (where: { state?: string; tipo?: string } = {}) =>
  ctx.db
    .selectFrom('posatori')
    .select(['uuid', 'state', 'tipo', 'certificato'])
    .where('web', '=', 1)
    .where('stato', '=', 'OK')
    .$if(where.state !== undefined, (q) => q.where('state', '=', where.state ?? ''))
    .$if(where.tipo !== undefined, (q) => q.where('tipo', '=', where.tipo ?? ''))
    .orderBy('certificato', 'desc')
    .orderBy('lastname_key')
    .orderBy('name_key')
    .orderBy('uuid')
    .execute();

const marioRow = () => ctx.db.selectFrom('posatori').selectAll().where('uuid', '=', mario).executeTakeFirstOrThrow();

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const validContact = {
  nome: 'Giulia Bianchi',
  contatto: 'giulia.bianchi@example.com',
  messaggio: 'Vorrei un preventivo per 40 m² di gres in cucina.',
  consenso: 'on',
  sito: '',
};
const postContact = (uuid: string, fields: Record<string, string>, ip = '203.0.113.10', origin?: string) =>
  as.anonymous.inject({
    method: 'POST',
    url: `/trova-posatore/${uuid}/contatto`,
    payload: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    remoteAddress: ip,
  });

describe('GET /api/public/posatori', () => {
  it('lists exactly the installers with web on and profile OK, certified first then by name', async () => {
    const rows = await everyRow();
    const expected = await publishedInDb();
    expect(expected.length).toBeGreaterThan(20);
    expect(rows.map((r) => r.uuid)).toEqual(expected.map((r) => r.uuid));
    expect(rows.map((r) => r.uuid)).toContain(mario);
  });

  it('shows nothing personal: only the card fields, never tax code, e-mail, phone, address or birth date', async () => {
    const m = await marioRow();
    const res = await as.anonymous.get('/api/public/posatori?q=rossi');
    const row = (res.json() as ListReply).data.find((r) => r.uuid === mario);
    expect(row).toBeDefined();
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['azienda', 'certificato', 'city', 'destipo', 'img', 'lastname', 'name', 'state', 'tipo', 'url', 'uuid'].sort(),
    );
    for (const secret of [m.codfis, m.email, m.address, m.dtnasc, m.phone, m.cell, m.cap].filter((s) => s)) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('filters by province, qualification and name, alone and together', async () => {
    const mi = await everyRow('prov=MI');
    expect(mi.map((r) => r.uuid)).toEqual((await publishedInDb({ state: 'MI' })).map((r) => r.uuid));
    expect(mi.every((r) => r.state === 'MI')).toBe(true);
    const esperti = await everyRow('tipo=ESPERTO');
    expect(esperti.map((r) => r.uuid)).toEqual((await publishedInDb({ tipo: 'ESPERTO' })).map((r) => r.uuid));
    const both = await everyRow('prov=mi&tipo=ESPERTO');
    expect(both.map((r) => r.uuid)).toEqual((await publishedInDb({ state: 'MI', tipo: 'ESPERTO' })).map((r) => r.uuid));
    const rossi = await everyRow('q=Rossi');
    expect(rossi.map((r) => r.uuid)).toContain(mario);
    expect(rossi.every((r) => `${r.name} ${r.lastname}`.toLowerCase().includes('rossi'))).toBe(true);
    expect((await list('?prov=MI&q=nessunnomecosi')).reccount).toBe(0);
  });

  it('refuses bad filters with an Italian reason', async () => {
    const bad = await as.anonymous.get('/api/public/posatori?prov=ZZ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().reason).toContain('Provincia non valida');
    const page = await as.anonymous.get('/api/public/posatori?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json().reason).toContain('Pagina non valida');
    const long = await as.anonymous.get(`/api/public/posatori?q=${'a'.repeat(61)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().reason).toContain('troppo lungo');
  });

  it('may be stored by nobody without asking again', async () => {
    const res = await as.anonymous.get('/api/public/posatori');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = await as.anonymous.get('/trova-posatore');
    expect(html.headers['cache-control']).toBe('no-cache');
  });
});

describe('who is never published', () => {
  const shown = async () => (await everyRow('q=rossi')).some((r) => r.uuid === mario);
  const pageOf = () => as.anonymous.get(`/trova-posatore/${mario}`);
  const listed = async () =>
    (await as.anonymous.get('/trova-posatore?q=rossi')).body.includes(`/trova-posatore/${mario}`);

  it('an installer who switches web off is gone at once from list, page, gallery and sitemap, and back when on', async () => {
    expect(await shown()).toBe(true);
    expect(await listed()).toBe(true);
    const page = await pageOf();
    expect(page.statusCode).toBe(200);
    const image = /src="(\/trova-posatore\/foto\/[^"]+)"/.exec(page.body)?.[1] ?? '';
    expect((await as.anonymous.get(image)).statusCode).toBe(200);

    const own = (await as.posatore.get(`/api/posatori/${mario}`)).json();
    expect((await as.posatore.post(`/api/posatori/${mario}`, { ...own, web: false })).statusCode).toBe(200);
    expect(await shown()).toBe(false);
    expect(await listed()).toBe(false);
    expect((await pageOf()).statusCode).toBe(404);
    expect((await as.anonymous.get(image)).statusCode).toBe(404);
    expect((await as.anonymous.get('/sitemap.xml')).body).not.toContain(mario);

    expect((await as.posatore.post(`/api/posatori/${mario}`, { ...own, web: true })).statusCode).toBe(200);
    expect(await shown()).toBe(true);
    expect(await listed()).toBe(true);
    expect((await as.anonymous.get('/sitemap.xml')).body).toContain(`/trova-posatore/${mario}`);
  });

  it('a suspended or incomplete installer is never shown, whatever their web flag', async () => {
    await as.admin.post(`/api/posatori/${mario}/sospensione`, { sospeso: true });
    expect(await shown()).toBe(false);
    expect(await listed()).toBe(false);
    expect((await pageOf()).statusCode).toBe(404);
    await as.admin.post(`/api/posatori/${mario}/sospensione`, { sospeso: false });
    expect(await shown()).toBe(true);

    await ctx.db.updateTable('posatori').set({ stato: 'INCOMPLETO' }).where('uuid', '=', mario).execute();
    expect(await shown()).toBe(false);
    expect(await listed()).toBe(false);
    expect((await pageOf()).statusCode).toBe(404);
    await ctx.db.updateTable('posatori').set({ stato: 'OK' }).where('uuid', '=', mario).execute();
    expect(await shown()).toBe(true);
  });

  it('answers an unknown or malformed installer with the HTML 404 page', async () => {
    const unknown = await as.anonymous.get('/trova-posatore/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('non è pubblicato');
    expect((await as.anonymous.get('/trova-posatore/nonunuuid')).statusCode).toBe(404);
  });
});

describe('the pages', () => {
  it('the list is complete HTML with the installers in it, canonical, Open Graph, and no script', async () => {
    const res = await as.anonymous.get('/trova-posatore?prov=MI&q=Rossi');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="it">');
    expect(res.body).toContain(
      '<link rel="canonical" href="http://localhost:3000/trova-posatore?prov=MI&amp;q=Rossi">',
    );
    expect(res.body).toContain('<meta property="og:title"');
    expect(res.body).toContain(`href="/trova-posatore/${mario}"`);
    expect(res.body).toContain('Mario Rossi');
    expect(res.body).not.toContain('<script');
  });

  it('an installer page shows the gallery and the contact form, and nothing personal', async () => {
    const m = await marioRow();
    const res = await as.anonymous.get(`/trova-posatore/${mario}`);
    expect(res.body).toContain('<h2>Realizzazioni</h2>');
    expect(res.body.match(/alt="Realizzazione \d+ di Mario Rossi"/g)?.length).toBeGreaterThanOrEqual(1);
    expect(res.body).toContain(`action="/trova-posatore/${mario}/contatto"`);
    for (const secret of [m.codfis, m.email, m.address, m.dtnasc, m.phone, m.cell].filter((s) => s)) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('escapes whatever an installer wrote in their name and company', async () => {
    const before = await marioRow();
    await ctx.db
      .updateTable('posatori')
      .set({ name: '<script>alert(1)</script>', azienda: '"><img src=x onerror=alert(2)>' })
      .where('uuid', '=', mario)
      .execute();
    try {
      for (const url of [`/trova-posatore/${mario}`, '/trova-posatore?q=rossi']) {
        const res = await as.anonymous.get(url);
        expect(res.body).not.toContain('<script>alert(1)');
        expect(res.body).not.toContain('<img src=x');
        expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(res.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
      }
    } finally {
      await ctx.db
        .updateTable('posatori')
        .set({ name: before.name, azienda: before.azienda })
        .where('uuid', '=', mario)
        .execute();
    }
  });

  it('the sitemap lists the locator and every published installer page, and robots.txt points to it', async () => {
    const res = await as.anonymous.get('/sitemap.xml');
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const published = await publishedInDb();
    expect(locs).toContain('http://localhost:3000/trova-posatore');
    expect(locs.length).toBe(published.length + 1);
    const hidden = await ctx.db.selectFrom('posatori').select('uuid').where('web', '=', 0).executeTakeFirstOrThrow();
    expect(res.body).not.toContain(hidden.uuid);
    expect((await as.anonymous.get('/robots.txt')).body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('refuses a bad filter with an HTML page in Italian', async () => {
    const res = await as.anonymous.get('/trova-posatore?prov=ZZ');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Provincia non valida');
  });
});

describe('POST /trova-posatore/{id}/contatto', () => {
  const inbox = async () =>
    (await as.posatore.get('/api/messages/recv')).json().data as { descri: string; uuid: string }[];
  const queuedFor = async (email: string) =>
    ctx.db.selectFrom('mail_queue').select(['subject', 'body']).where('to_addr', '=', email).execute();

  it('delivers a valid request to the installer inbox and e-mail, with the visitor contact', async () => {
    const email = (await marioRow()).email.toLowerCase();
    const mailsBefore = (await queuedFor(email)).length;
    const res = await postContact(mario, validContact, '203.0.113.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Richiesta inviata');
    const received = (await inbox()).find((m) => m.descri.includes('Giulia Bianchi'));
    expect(received?.descri).toBe('Giulia Bianchi (giulia.bianchi@example.com)');
    const detail = (await as.posatore.get(`/api/messages/message/${received?.uuid}`)).json();
    expect(detail.content).toContain('giulia.bianchi@example.com');
    expect(detail.content).toContain('40 m² di gres');
    const mails = await queuedFor(email);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)?.body).toContain('giulia.bianchi@example.com');
  });

  it('refuses an invalid request with 400, the form again with its values and the Italian reasons', async () => {
    const res = await postContact(
      mario,
      { nome: 'Luca <b>Verdi</b>', contatto: 'non un recapito', messaggio: 'Salve', sito: '' },
      '203.0.113.2',
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Indicare un indirizzo e-mail o un numero di telefono valido');
    expect(res.body).toContain('acconsentire al trattamento dei dati');
    expect(res.body).toContain('value="Luca &lt;b&gt;Verdi&lt;/b&gt;"');
    expect(res.body).toContain('value="non un recapito"');
    expect(res.body).toContain('>Salve</textarea>');
    expect((await inbox()).some((m) => m.descri.includes('Luca'))).toBe(false);
  });

  it('accepts a phone number as the contact', async () => {
    const res = await postContact(
      mario,
      { ...validContact, nome: 'Anna Neri', contatto: '+39 333 1234567' },
      '203.0.113.3',
    );
    expect(res.statusCode).toBe(200);
    expect((await inbox()).some((m) => m.descri === 'Anna Neri (+39 333 1234567)')).toBe(true);
  });

  it('drops a request whose honeypot is filled, answering as if sent', async () => {
    const res = await postContact(
      mario,
      { ...validContact, nome: 'Robot Spam', sito: 'http://spam.example' },
      '203.0.113.4',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Richiesta inviata');
    expect((await inbox()).some((m) => m.descri.includes('Robot Spam'))).toBe(false);
  });

  it('limits the requests of one client address, in Italian, and not those of another', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < CONTACTS_PER_HOUR; i++) {
      expect((await postContact(mario, { ...validContact, nome: `Visitatore ${i}` }, ip)).statusCode).toBe(200);
    }
    const over = await postContact(mario, { ...validContact, nome: 'Visitatore troppo' }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.body).toContain('richieste di contatto nell’ultima ora');
    expect((await inbox()).some((m) => m.descri.includes('Visitatore troppo'))).toBe(false);
    expect((await postContact(mario, { ...validContact, nome: 'Altro indirizzo' }, '198.51.100.8')).statusCode).toBe(
      200,
    );
  });

  it('lets the browser tell its origin with the form post (the portal says no-referrer elsewhere)', async () => {
    const res = await as.anonymous.get(`/trova-posatore/${mario}`);
    expect(res.headers['referrer-policy']).toBe('same-origin');
    const sameSite = await postContact(mario, { ...validContact, sito: 'x' }, '203.0.113.9', 'http://localhost:3000');
    expect(sameSite.statusCode).toBe(200);
    const hidden = await postContact(mario, { ...validContact, sito: 'x' }, '203.0.113.9', 'null');
    expect(hidden.statusCode).toBe(403);
  });

  it('refuses a post from another site and a request to an installer who is not published', async () => {
    const cross = await postContact(mario, validContact, '203.0.113.5', 'https://attacker.example');
    expect(cross.statusCode).toBe(403);
    const hidden = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('web', '=', 0)
      .where('user_uuid', 'is not', null)
      .executeTakeFirstOrThrow();
    expect((await postContact(hidden.uuid, validContact, '203.0.113.6')).statusCode).toBe(404);
  });
});
