import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a bad method or version, a header block over the
 * limit, Content-Length beside Transfer-Encoding, broken chunks) are answered by the app's clientErrorHandler: the
 * Italian envelope with the same security headers as every other reply. Sent over a raw socket, as a scanner would.
 */

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

type RawReply = { status: number; headers: Record<string, string>; body: string };

/** Writes the bytes, reads until the server closes, and splits the reply. */
function raw(request: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error('nessuna risposta')));
    // Written, not ended: a client that half-closes first would see its pending request dropped by Node.
    socket.write(request);
  });
}

const withSecurityHeaders = (reply: RawReply) => {
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['cache-control']).toBe('no-store');
  expect(reply.headers['connection']).toBe('close');
  expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));
};

describe("Node's parser errors", () => {
  it.each([
    ['a bad method', 'GETT /health HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a bad HTTP version', 'GET /health HTTP/9.9\r\nHost: x\r\n\r\n'],
    [
      'Content-Length beside Transfer-Encoding',
      'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a broken chunk size',
      'POST /auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    ['a header with a NUL byte', 'GET /health HTTP/1.1\r\nHost: x\r\nX-Prova: a\u0000b\r\n\r\n'],
  ])('%s: 400, the Italian envelope and the security headers', async (_label, request) => {
    const reply = await raw(request);
    expect(reply.status).toBe(400);
    withSecurityHeaders(reply);
    expect(JSON.parse(reply.body)).toEqual({ res: 'KO', reason: 'Richiesta non valida' });
  });

  it('a 20 kB header: 431 in Italian with the headers', async () => {
    const reply = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Lungo: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(reply.status).toBe(431);
    withSecurityHeaders(reply);
    expect(JSON.parse(reply.body)).toEqual({ res: 'KO', reason: 'Intestazioni della richiesta troppo grandi' });
  });

  it('a good request on the same server still gets its answer', async () => {
    const reply = await raw('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-frame-options']).toBe('DENY');
  });
});
