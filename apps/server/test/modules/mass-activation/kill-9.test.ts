import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, startServer } from '../../../../../bench/http.ts';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import { noCouponTotals } from '../../../src/modules/posatori/posatori.table.ts';
import { createTestContext, personOfUser, type TestContext } from '../../helpers.ts';
import { call, serverEnv } from '../imports/server-processes.ts';

/**
 * Two server processes on one database, as behind a load balancer. The press is taken by the first, which is
 * killed with kill -9 once a batch is committed: the other takes the run over when its lease runs out and finishes
 * it (that several instances claiming it at once run it once is in mass-activation.test.ts). Every installer gets one account, one link and one e-mail: nothing lost, nothing twice.
 */

let ctx: TestContext;
const N = 3_000;
let emails: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  const mario = await personOfUser(ctx.db, 'posatori', 'posatore');
  const template = await ctx.db.selectFrom('posatori').selectAll().where('uuid', '=', mario).executeTakeFirstOrThrow();
  emails = Array.from({ length: N }, (_, i) => `kill9.${i}@example.it`);
  const rows = emails.map((email) => ({
    ...template,
    ...noCouponTotals,
    uuid: crypto.randomUUID(),
    user_uuid: null,
    userstato: 'none' as const,
    code: '',
    code_key: '',
    email,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await ctx.db
      .insertInto('posatori')
      .values(rows.slice(i, i + 200))
      .execute();
});
afterAll(() => ctx.close());

const runRow = (uuid: string) =>
  ctx.db.selectFrom('mass_activations').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

it('a kill -9 during a mass activation loses nothing and doubles nothing', async () => {
  const env = { ...serverEnv(ctx), DATA_DIR: ctx.config.dataDir, WORK_LEASE_SECONDS: '2' };
  const [first, second] = await Promise.all([startServer(env), startServer(env)]);
  try {
    const cookie = await login(first.url, 'admin', DEMO_PASSWORD);
    const { run } = await call<{ run: { uuid: string } }>(first.url, cookie, 'POST', '/api/sendmassive', {});
    for (let i = 0; (await runRow(run.uuid)).cursor === ''; i++) {
      if (i > 3000) throw new Error('nessun lotto dopo 30 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    process.kill(first.pid ?? 0, 'SIGKILL');
    await first.stop();
    const killedAt = await runRow(run.uuid);
    // Killed in the middle: some batches committed, the run not finished.
    expect(killedAt.finished_at).toBe('');
    expect(killedAt.accodati).toBeLessThan(N);

    let done = killedAt;
    for (let i = 0; done.finished_at === ''; i++) {
      if (i > 600) throw new Error('invio massivo non ripreso dopo 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await runRow(run.uuid);
    }
    expect(done.accodati + done.senza_email + done.email_non_valida + done.email_condivisa + done.link_validi).toBe(
      done.candidati,
    );
    expect(done.accodati).toBeGreaterThanOrEqual(N);

    const perAddress = await ctx.db
      .selectFrom('mail_queue')
      .select(['to_addr', (eb) => eb.fn.countAll<number>().as('n')])
      .where('batch', '=', run.uuid)
      .where('to_addr', 'like', 'kill9.%')
      .groupBy('to_addr')
      .execute();
    expect(perAddress.length).toBe(N);
    expect(perAddress.every((r) => Number(r.n) === 1)).toBe(true);
    const queued = await ctx.db
      .selectFrom('mail_queue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('batch', '=', run.uuid)
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(done.accodati);

    const accounts = await ctx.db
      .selectFrom('users')
      .leftJoin('password_resets', 'password_resets.user_uuid', 'users.uuid')
      .select(['users.username', (eb) => eb.fn.count<number>('password_resets.token_hash').as('links')])
      .where('users.username', 'like', 'kill9.%')
      .groupBy('users.username')
      .execute();
    expect(accounts.length).toBe(N);
    expect(accounts.every((a) => Number(a.links) === 1)).toBe(true);
  } finally {
    await second.stop();
  }
}, 120_000);
