import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, cookieOf, type TestContext } from '../helpers.ts';

let ctx: TestContext;
let spa: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-web-'));

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portale Posatori</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  spa = await createTestContext({ seed: false, env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  await spa.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('bad input is a 400 in Italian, never a 500', () => {
  it('malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Il corpo della richiesta non è un JSON valido' });
  });

  it('wrong types, with the field named', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { user: 12, pwd: ['x'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('user');
    expect(res.json().fields).toHaveProperty('pwd');
  });

  it('an oversized body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { user: 'a', pwd: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: 'La richiesta supera la dimensione massima consentita' });
  });

  it('an over-long field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/resetpassword',
      payload: { user: 'u'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().res).toBe('KO');
  });

  it('an unsupported content type', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().res).toBe('KO');
  });
});

describe('origin checks', () => {
  it('refuses a state-changing request from another site', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { user: 'admin', pwd: 'portale-demo' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Origine della richiesta non consentita' });
    const site = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(site.statusCode).toBe(403);
  });

  it('accepts the portal own origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { user: 'admin', pwd: 'portale-demo' },
    });
    expect(res.json().res).toBe('OK');
  });
});

describe('system endpoints and headers', () => {
  it('GET /health', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a same-origin CSP', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/check' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document with the auth routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/auth/check', '/api/avatar', '/api/me']),
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers a JSON 404 to an unknown API path, logged in or not', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/inesistente' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Elemento non trovato' });
    const cookie = await cookieOf(ctx.app, 'admin');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/inesistente/1', headers: { cookie } })).statusCode,
    ).toBe(404);
  });
});

describe('the single-page app', () => {
  it('loads index.html on deep links (history fallback)', async () => {
    for (const url of ['/', '/admin/posatori', '/resetpwd/abc', '/posatore/profilo?x=1']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Portale Posatori');
    }
  });

  it('serves hashed assets with a long cache, and a missing asset is a 404', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await spa.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends a built script the headers that govern a script, and the page the whole set', async () => {
    const script = await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBe('no-referrer');
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(script.headers[documentOnly]).toBeUndefined();
    for (const url of ['/', '/admin/posatori', '/assets/app-abc123.js.map', '/assets/missing.svg']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('still answers JSON 404 under /api and /auth', async () => {
    expect((await spa.app.inject({ method: 'GET', url: '/api/admin/posatori' })).json()).toMatchObject({ res: 'KO' });
    expect((await spa.app.inject({ method: 'GET', url: '/auth/nope' })).statusCode).toBe(404);
  });
});

describe('behind a proxy', () => {
  it('throttles by the forwarded client address when TRUST_PROXY is set', async () => {
    const proxied = await createTestContext({ seed: true, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const attempt = (ip: string, pwd: string, user = 'admin') =>
        proxied.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { user, pwd },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': ip },
        });
      // Unknown users, so only the per-address counter fills up.
      for (let i = 0; i < 50; i++) await attempt('203.0.113.7', 'errata', `sconosciuto${i}`);
      // Refused for the throttled client, accepted for another client behind the same proxy.
      expect((await attempt('203.0.113.7', 'portale-demo')).json()).toEqual({ res: 'KO' });
      expect((await attempt('203.0.113.8', 'portale-demo')).json().res).toBe('OK');
    } finally {
      await proxied.close();
    }
  });
});
