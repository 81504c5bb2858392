import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readLane } from '../../src/db/read-lane.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { loginAs, type RoleClients } from '../helpers-clients.ts';

/** GET /metrics: the Prometheus text behind METRICS_TOKEN, requests counted by route pattern, never by raw URL. */

const TOKEN = 'metriche-di-prova-1234';
let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

it('refuses a scrape without the token or with another one, in Italian', async () => {
  for (const res of [await scrape(), await scrape(`Bearer ${TOKEN}x`), await scrape(TOKEN)]) {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Token delle metriche mancante o errato' });
  }
});

it('counts requests by route pattern, with latency, event-loop lag, the mail queue and the pool', async () => {
  const id = crypto.randomUUID();
  for (let i = 0; i < 3; i++) expect((await as.admin.get(`/api/messages/message/${id}`)).statusCode).toBe(404);
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  const text = res.body;
  expect(text).toContain('http_requests_total{method="GET",route="/api/messages/message/:id",status="404"} 3');
  expect(text).toContain(
    'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/messages/message/:id"',
  );
  expect(text).not.toContain(id);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  expect(text).toMatch(/^mail_queue_messages\{state="pending"\} \d+$/m);
  expect(text).toMatch(/^mail_queue_messages\{state="failed"\} \d+$/m);
  if (ctx.schema) expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
});

it('shows the heavy reads waiting for the read lane while it is busy, and none once it is done', async () => {
  const waitingFor = (text: string) => Number(/^background_queue_tasks\{queue="read_lane"\} (\d+)$/m.exec(text)?.[1]);
  // Three reads of about a second each: while the first runs, the others wait for the lane.
  const heavy = sql`with recursive c(i) as (select 1 union all select i + 1 from c where i < 3000000) select count(*) as n from c`;
  const reads = [1, 2, 3].map(() => heavy.execute(readLane(ctx.db)));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(waitingFor((await scrape(`Bearer ${TOKEN}`)).body)).toBeGreaterThanOrEqual(1);
  await Promise.all(reads);
  const idle = (await scrape(`Bearer ${TOKEN}`)).body;
  expect(waitingFor(idle)).toBe(0);
  expect(idle).toMatch(/^background_queue_tasks\{queue="pdf"\} 0$/m);
  expect(idle).toMatch(/^list_turns_waiting 0$/m);
});
