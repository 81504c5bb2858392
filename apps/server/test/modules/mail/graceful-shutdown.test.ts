import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer } from '../../../../../bench/http.ts';
import { enqueueMails } from '../../../src/modules/mail/mail-queue.ts';
import { createTestContext, parseEml, type TestContext } from '../../helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../smtp-catcher.ts';
import { serverEnv } from '../imports/server-processes.ts';

/**
 * SIGTERM while the server process is handing a mail to a slow SMTP relay: the mail in hand is finished (the relay
 * accepts it, the queue marks it sent), the process exits cleanly, and what was still waiting goes out after the
 * restart. Every recipient gets exactly one mail: none lost, none sent twice.
 */

let ctx: TestContext;
let smtp: SmtpCatcher;
let outbox: string;
const N = 4;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  outbox = path.join(ctx.config.dataDir, 'relay');
  // Each mail held 1.5 s by the relay: SIGTERM lands while the first is in hand.
  smtp = await startSmtpCatcher(outbox, { delayMs: 1_500 });
});
afterAll(async () => {
  await smtp.stop();
  await ctx.close();
});

it('finishes the mail in hand on SIGTERM and sends the rest once after the restart', async () => {
  const recipients = Array.from({ length: N }, (_, i) => `arresto${i}@esempio.it`);
  await enqueueMails(
    ctx.db,
    recipients.map((to, i) => ({ uuid: `stop:${i}`, to, subject: 'Avviso', body: `Messaggio ${i}` })),
  );
  const env = { ...serverEnv(ctx), SMTP_URL: smtp.url, MAIL_PACE_MS: '0' };

  const first = await startServer(env);
  // The sender starts on the queue at once; wait until the relay holds a mail not yet acknowledged.
  await expect.poll(() => smtp.arriving(), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(smtp.received()).toBe(0);
  process.kill(first.pid!, 'SIGTERM');
  // A clean exit (0), not the forced one (1) after 10 s.
  expect(await first.exited).toBe(0);

  // The mail in hand was delivered and marked sent; nothing else was taken, nothing is left claimed.
  expect(smtp.received()).toBe(1);
  const afterStop = await ctx.db.selectFrom('mail_queue').select(['status', 'locked_until']).execute();
  expect(afterStop.filter((m) => m.status === 'sent')).toHaveLength(1);
  expect(afterStop.filter((m) => m.status === 'pending' && m.locked_until === '')).toHaveLength(N - 1);

  const second = await startServer(env);
  try {
    // Each mail's state, with the relay's refusal when a send failed: what a failure of this line shows.
    const states = async () =>
      (await ctx.db.selectFrom('mail_queue').select(['status', 'last_error']).orderBy('to_addr').execute()).map((m) =>
        m.status === 'sent' ? 'sent' : `${m.status}: ${m.last_error}`,
      );
    await expect.poll(states, { timeout: 60_000 }).toEqual(Array.from({ length: N }, () => 'sent'));
  } finally {
    await second.stop();
  }
  const delivered = fs.readdirSync(outbox).map((f) => parseEml(fs.readFileSync(path.join(outbox, f), 'utf8')).to);
  expect(delivered.sort()).toEqual([...recipients].sort());
}, 300_000);
