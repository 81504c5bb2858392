import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { createTestContext, cookieOf, loginEnrolling, type TestContext } from '../helpers.ts';
import { imageForm, multipart } from '../multipart.ts';

/** Every reply carries the envelope and the headers, the framework's own included. */

let ctx: TestContext;
let https: TestContext;
let production: TestContext;
let admin: string;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  https = await createTestContext({ env: { PUBLIC_URL: 'https://portale.example.it' } });
  production = await createTestContext({ env: { NODE_ENV: 'production' } });
  admin = await cookieOf(ctx.app, 'admin');
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await ctx.close();
  await https.close();
  await production.close();
});

const securityHeaders = (headers: Record<string, unknown>) => {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
};

describe('malformed URLs', () => {
  it.each([
    ['a URL that does not decode', '/%E0%A4%A'],
    ['a 250-character id', `/api/posatori/${'a'.repeat(250)}`],
  ])('%s: the envelope in Italian, the headers, nothing echoed', async (_label, url) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Indirizzo della richiesta non valido' });
    expect(res.body).not.toContain('%E0');
    expect(res.body).not.toContain('aaaa');
    securityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('Italian reasons for query and path errors', () => {
  it.each([
    ['/api/posatori?size=500', 'Parametro non valido (size): Il valore deve essere al massimo 200'],
    ['/api/posatori?page=0', 'Parametro non valido (page): Il valore deve essere almeno 1'],
    ['/api/posatori?order=peso', 'Parametro non valido (order): Valore non ammesso'],
    ['/api/posatori/abc', 'Parametro non valido (id): Identificativo non valido'],
    ['/api/posatori?dtcorso=2026-13', 'Parametro non valido (dtcorso): Mese non valido (AAAA-MM)'],
    [
      '/api/posatori?dtcorso=9999-12',
      `Parametro non valido (dtcorso): L’anno deve essere compreso tra il 1970 e il ${new Date().getFullYear() + 10}`,
    ],
  ])('%s', async (url, reason) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe(reason);
    expect(res.json().reason).not.toMatch(/number|string|Input|Troppo/);
  });

  it('a body of the wrong JSON type names the field in Italian', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { user: 12, pwd: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('Dato non valido (user): Valore non valido: atteso un testo');
  });
});

describe('caching and transport', () => {
  it('API JSON is never stored; uploaded images keep their own private cache', async () => {
    for (const url of ['/api/avatar', '/auth/check', '/api/posatori?size=500', '/api/inesistente']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('HSTS only when PUBLIC_URL is https', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await https.app.inject({ method: 'GET', url: '/health' });
    expect(secure.headers['strict-transport-security']).toContain('max-age=');
  });

  it('one framing policy: DENY and frame-ancestors none', async () => {
    securityHeaders((await ctx.app.inject({ method: 'GET', url: '/health' })).headers);
  });
});

describe('framing of downloads: both headers always say the same', () => {
  /** The two framing headers of a reply, as one verdict each. */
  const framing = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy'] ?? '');
    const ancestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.trim();
    return { xfo: headers['x-frame-options'], ancestors };
  };

  it("a document's PDF, which the portal's document page previews in a frame, may be framed by the portal only", async () => {
    const doc = await ctx.db.selectFrom('documents').select('uuid').where('ext', '=', 'pdf').executeTakeFirstOrThrow();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/docs/file/${doc.uuid}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(framing(res.headers)).toEqual({ xfo: 'SAMEORIGIN', ancestors: "'self'" });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('everything else, PDFs nobody frames included, is never framed', async () => {
    const payment = await ctx.db
      .selectFrom('partner_payments')
      .select(['partner_uuid', 'name'])
      .executeTakeFirstOrThrow();
    const coupon = await ctx.db.selectFrom('coupons').select('uuid').executeTakeFirstOrThrow();
    const posatore = await ctx.db.selectFrom('posatori').select('uuid').executeTakeFirstOrThrow();
    for (const url of [
      `/api/partner/${payment.partner_uuid}/pagamenti/${payment.name}/pdf`,
      `/api/report/coupon/${coupon.uuid}`,
      `/api/report/posatore/${posatore.uuid}`,
      '/api/avatar',
      '/api/inesistente',
      '/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(framing(res.headers), url).toEqual({ xfo: 'DENY', ancestors: "'none'" });
    }
  });

  it('an uploaded image is sandboxed and never framed', async () => {
    const form = imageForm(jpeg);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/savemyimg/profile',
      headers: { cookie: admin, ...form.headers },
      payload: form.payload,
    });
    const served = await ctx.app.inject({ method: 'GET', url: up.json().path, headers: { cookie: admin } });
    expect(framing(served.headers)).toEqual({ xfo: 'DENY', ancestors: "'none'" });
  });
});

describe('the session cookie under https', () => {
  const loginHttps = () =>
    https.app.inject({ method: 'POST', url: '/auth/login', payload: { user: 'admin', pwd: DEMO_PASSWORD } });

  it('is __Host-portale_sid: Secure, Path=/, no Domain, HttpOnly', async () => {
    const res = await loginHttps();
    expect(res.json().res).toBe('OK');
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Host-portale_sid=[^;]+; /);
    expect(header).toContain('Secure');
    expect(header).toContain('Path=/');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).not.toMatch(/Domain=/i);
  });

  it('is the one the server reads, and logout clears it', async () => {
    const cookie = (await loginHttps()).cookies.find((c) => c.name === '__Host-portale_sid');
    expect(cookie?.value).toBeTruthy();
    const avatar = (name: string) =>
      https.app.inject({ method: 'GET', url: '/api/avatar', headers: { cookie: `${name}=${cookie?.value}` } });
    expect((await avatar('__Host-portale_sid')).statusCode).toBe(200);
    // The same token under the plain name is not a session here: only the prefixed cookie is trusted.
    expect((await avatar('portale_sid')).statusCode).toBe(401);
    const out = await https.app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: {},
      headers: { cookie: `__Host-portale_sid=${cookie?.value}` },
    });
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-portale_sid=;.*Secure/);
    expect((await avatar('__Host-portale_sid')).statusCode).toBe(401);
  });

  it('stays portale_sid on plain http, where a Secure cookie would not be kept', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { user: 'admin', pwd: DEMO_PASSWORD },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/^portale_sid=/);
    expect(String(res.headers['set-cookie'])).not.toContain('Secure');
  });
});

describe('/api/docs', () => {
  it('is open outside production', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('in production only for admins', async () => {
    const anonymous = await production.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().res).toBe('KO');
    const posatore = await cookieOf(production.app, 'posatore');
    const refused = await production.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie: posatore } });
    expect(refused.statusCode).toBe(403);
    const cookie = await loginEnrolling(production.app, 'admin');
    const doc = await production.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/posatori');
  });
});

describe('uploads', () => {
  const mine = '/api/savemyimg/profile';

  it('an uploaded image is served in a sandbox', async () => {
    const form = imageForm(jpeg);
    const up = await ctx.app.inject({
      method: 'POST',
      url: mine,
      headers: { cookie: admin, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: up.json().path, headers: { cookie: admin } });
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('two files get their own message, not the size one', async () => {
    const body = multipart([
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
      { name: 'file', filename: 'b.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: mine,
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('Si può caricare un solo file per volta');
  });

  it('a stray field gets its own message', async () => {
    const body = multipart([
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
      { name: 'uuid', data: '00000000-0000-4000-8000-000000000000' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: mine,
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('Il caricamento contiene campi non previsti');
  });
});

describe('item 5: dates and months are bounded on the server, whatever the role', () => {
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });

  it('an installer saved by the admin (rules off) keeps dates between 1900 and 2100, months 1970..+10', async () => {
    const { uuid } = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('code', '=', 'POS0001')
      .executeTakeFirstOrThrow();
    const profile = (
      await ctx.app.inject({ method: 'GET', url: `/api/posatori/${uuid}`, headers: { cookie: admin } })
    ).json();
    for (const [field, value] of [
      ['dtnasc', '9999-12-31'],
      ['dtnasc', '1899-12-31'],
      ['dtstart', '1969-12-01'],
      ['dtstart', '9999-12-01'],
    ] as const) {
      const res = await post(`/api/posatori/${uuid}`, { ...profile, [field]: value });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect((await post(`/api/posatori/${uuid}`, { ...profile, dtnasc: '2100-12-31' })).statusCode).toBe(200);
  });

  it('a payment renewed on 9999-12-31 is refused, so no expiry becomes +010000-12', async () => {
    const partner = await ctx.db
      .selectFrom('partner_payments')
      .select(['partner_uuid', 'name'])
      .executeTakeFirstOrThrow();
    const res = await post(`/api/partner/${partner.partner_uuid}/pagamenti/${partner.name}`, {
      dtrinnovo: '9999-12-31',
      fatturato: 10,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('La data non può essere successiva al 31/12/2100');
    const stored = await ctx.db
      .selectFrom('partners')
      .select('dtscad')
      .where('uuid', '=', partner.partner_uuid)
      .executeTakeFirstOrThrow();
    expect(stored.dtscad).not.toContain('+');
  });

  it('a partnership month outside 1970..+10 is refused', async () => {
    const { uuid } = await ctx.db.selectFrom('partners').select('uuid').executeTakeFirstOrThrow();
    const partner = (
      await ctx.app.inject({ method: 'GET', url: `/api/partner/${uuid}`, headers: { cookie: admin } })
    ).json();
    const res = await post(`/api/partner/${uuid}`, { ...partner, dtstart: '', dtend: '9999-12-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('dtend');
  });
});
