import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneDropped, readLane } from '../../src/db/read-lane.ts';
import { heavyCount } from '../db/heavy-read.ts';
import { cookieOf, createTestContext, type TestContext } from '../helpers.ts';

/**
 * A request whose client closes the connection before the answer (plugins/client-gone.ts): its heavy reads still
 * waiting for the read lane are dropped at their turn instead of running for nobody, and the portal answers on.
 */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
});

describe('a client that leaves before the answer', () => {
  it('has its queued reads dropped, and the next request is answered', async () => {
    const cookie = await cookieOf(ctx.app, 'admin');
    const heavy = heavyCount.execute(readLane(ctx.db));
    const before = laneDropped(ctx.db);
    // The usage statistics: seven reads on the lane, queued behind the heavy one; the client gives up meanwhile.
    const left = await new Promise<string>((resolve) => {
      const request = http.get(`${base}/api/sessions`, { headers: { cookie } });
      request.on('error', (error) => resolve(error.message));
      setTimeout(() => request.destroy(), 200);
    });
    expect(left).toMatch(/socket hang up|aborted/);
    await heavy;
    await expect.poll(() => laneDropped(ctx.db), { timeout: 5_000 }).toBeGreaterThan(before);
    const answered = await fetch(`${base}/api/sessions`, { headers: { cookie } });
    expect(answered.status).toBe(200);
  });
});
