import http from 'node:http';
import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

type Cookie = {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
};

/** The cookies of Set-Cookie headers, as light-my-request gives them (name, value and the attributes tests read). */
function parseSetCookies(lines: string[]): Cookie[] {
  return lines.map((line) => {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const at = pair.indexOf('=');
    const cookie: Cookie = { name: pair.slice(0, at), value: decodeURIComponent(pair.slice(at + 1)) };
    for (const attr of attrs) {
      const [key = '', value = ''] = attr.split('=');
      const k = key.toLowerCase();
      if (k === 'path') cookie.path = value;
      else if (k === 'domain') cookie.domain = value;
      else if (k === 'expires') cookie.expires = new Date(value);
      else if (k === 'max-age') cookie.maxAge = Number(value);
      else if (k === 'httponly') cookie.httpOnly = true;
      else if (k === 'secure') cookie.secure = true;
      else if (k === 'samesite') cookie.sameSite = value;
    }
    return cookie;
  });
}

const handled = new Set(['method', 'url', 'query', 'headers', 'cookies', 'payload', 'body', 'remoteAddress']);

/**
 * app.inject's request over real HTTP to `baseUrl` (nginx in front of the instances): the same options the tests
 * give inject, and a reply with what they read of it (statusCode, headers, body, payload, rawPayload, json(),
 * cookies). remoteAddress becomes X-Forwarded-For, which the proxy passes on and the instances trust
 * (TRUST_PROXY), so a test's client address reaches the server as it does through inject. Any other option is
 * refused: a test that needs it does not run through the proxy.
 */
export function injectOverHttp(baseUrl: string, agent: http.Agent) {
  return async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const unknown = Object.keys(options).filter((k) => !handled.has(k));
    if (unknown.length > 0 || typeof options.url !== 'string') {
      throw new Error(`inject su HTTP: opzioni non gestite (${unknown.join(', ') || 'url non testuale'})`);
    }
    const url = new URL(options.url, baseUrl);
    if (options.query) {
      const query = typeof options.query === 'string' ? new URLSearchParams(options.query) : options.query;
      for (const [k, v] of Object.entries(query instanceof URLSearchParams ? Object.fromEntries(query) : query)) {
        for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(one));
      }
    }
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(options.headers ?? {})) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.map(String) : String(v);
    }
    if (options.cookies) {
      const pairs = Object.entries(options.cookies).map(([k, v]) => `${k}=${v}`);
      headers.cookie = [headers.cookie, ...pairs].filter(Boolean).join('; ');
    }
    if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
    const given = options.payload ?? options.body;
    let body: Buffer | Readable | undefined;
    if (given === undefined) body = undefined;
    else if (given instanceof Readable) body = given;
    else if (Buffer.isBuffer(given) || typeof given === 'string') body = Buffer.from(given);
    else {
      body = Buffer.from(JSON.stringify(given));
      headers['content-type'] ??= 'application/json';
    }
    if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);

    const reply = await new Promise<{ res: http.IncomingMessage; raw: Buffer }>((resolve, reject) => {
      const req = http.request(url, { method: options.method ?? 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ res, raw: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      if (body instanceof Readable) body.pipe(req);
      else req.end(body);
    });
    const text = reply.raw.toString('utf8');
    const setCookie = reply.res.headers['set-cookie'] ?? [];
    const response = {
      statusCode: reply.res.statusCode ?? 0,
      statusMessage: reply.res.statusMessage ?? '',
      headers: reply.res.headers,
      body: text,
      payload: text,
      rawPayload: reply.raw,
      trailers: {},
      cookies: parseSetCookies(setCookie),
      json: () => JSON.parse(text) as unknown,
    };
    // The fields above are the ones a test reads; the rest of light-my-request's reply (raw, stream) is not given.
    return response as unknown as LightMyRequestResponse;
  };
}
