import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { answerMetricsForWorkers } from './plugins/metrics.ts';
import { relayEventsBetweenWorkers } from './modules/events/event-hub.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { isEmpty, seedDemo } from './db/seed/demo.ts';
import { createFileStore } from './lib/open-file-store.ts';
import { deleteExpiredSessions } from './modules/auth/sessions.repository.ts';
import { pruneFailures } from './modules/auth/throttles.repository.ts';
import { addMinutes, nowIso } from './lib/clock.ts';
import { startMailWorker } from './modules/mail/mail-queue.ts';
import { resumeMassActivations } from './modules/mass-activation/mass-activation.service.ts';
import { pruneSends } from './modules/messages/send-limits.ts';
import { pruneCounters } from './modules/rate-limits/rate-limits.repository.ts';
import { takeTurn } from './modules/timers/timers.repository.ts';
import { purgeAudit } from './modules/audit/audit.service.ts';

/**
 * WEB_CONCURRENCY worker processes (node:cluster) share the port; each is an instance like any other behind a load
 * balancer: what must happen once is claimed in the database, never decided in memory
 * (docs/decisions/0026-processes-and-instances.md). The primary migrates and seeds before forking, restarts a worker
 * that dies and passes SIGTERM on. One worker, the "background" one, also sends the mail queue, so that the
 * configured pace is the pace of the whole process group.
 */
const config = loadConfig();
if (config.webConcurrency > 1 && cluster.isPrimary) await runPrimary();
else await runInstance(cluster.isPrimary || process.env.PORTAL_BACKGROUND === '1');

async function runPrimary(): Promise<void> {
  const { db } = await openDatabase(config);
  if (config.demo && (await isEmpty(db))) {
    console.log('database vuoto: carico i dati dimostrativi (utenti admin, capoarea, rivenditore, posatore)');
    await seedDemo(db, createFileStore(config));
  }
  await db.destroy();
  let stopping = false;
  const fork = (background: boolean) => {
    const worker = cluster.fork({ PORTAL_BACKGROUND: background ? '1' : '0' });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`worker ${worker.process.pid} terminato (${signal ?? code}): lo riavvio`);
      // A worker that dies at once (a bad configuration) would otherwise be restarted in a tight loop.
      setTimeout(() => fork(background), 1_000);
    });
  };
  for (let i = 0; i < config.webConcurrency; i++) fork(i === 0);
  answerMetricsForWorkers();
  // On SQLite the workers hear only their own announcements: the primary passes each to the others. On PostgreSQL
  // every worker LISTENs for itself.
  if (!config.databaseUrl) relayEventsBetweenWorkers();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function runInstance(background: boolean): Promise<void> {
  const { db, kind } = await openDatabase(config, { migrate: cluster.isPrimary });
  const app = await buildApp({ config, db });

  if (cluster.isPrimary && config.demo && (await isEmpty(db))) {
    app.log.info('database vuoto: carico i dati dimostrativi (utenti admin, capoarea, rivenditore, posatore)');
    await seedDemo(db, createFileStore(config));
  }

  // Housekeeping: expired sessions, old throttling and rate-limit counters, sends older than the sending limits' hour and
  // audit entries past their retention. Every
  // instance asks every minute; the one that takes the ten-minute turn does it.
  const housekeeping = setInterval(() => {
    const now = nowIso();
    takeTurn(db, 'housekeeping', now, addMinutes(now, 10))
      .then((mine) =>
        mine
          ? Promise.all([
              deleteExpiredSessions(db, now),
              pruneFailures(db, addMinutes(now, -60)),
              pruneSends(db, addMinutes(now, -60)),
              pruneCounters(db, now),
              purgeAudit(db, now, config.auditRetentionDays),
            ])
          : undefined,
      )
      .catch((err: unknown) => app.log.warn({ err }, 'pulizia sessioni non riuscita'));
  }, 60_000);
  housekeeping.unref();

  // A mass activation whose process died (its lease ran out) goes on in the first instance to claim it.
  const resume = () =>
    resumeMassActivations(app.massActivation).catch((err: unknown) =>
      app.log.warn({ err }, 'ripresa invio massivo non riuscita'),
    );
  const resumer = setInterval(() => void resume(), (config.workLeaseSeconds * 1000) / 2);
  resumer.unref();
  void resume();

  // The durable mail queue: whatever a previous run left pending goes out now, at the configured pace.
  const mailWorker = background
    ? startMailWorker({ db, mailer: app.mailer, log: app.log, paceMs: config.mailPaceMs })
    : undefined;
  if (mailWorker) app.mailSignal.kick = () => mailWorker.kick();

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arresto in corso');
    clearInterval(housekeeping);
    clearInterval(resumer);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      // The mail in hand is finished and marked; the requests in flight are answered; then the database closes.
      await mailWorker?.stop();
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'arresto non pulito');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (background) {
    app.log.info(
      `Portale Posatori su ${config.publicUrl} (database ${kind}${kind === 'sqlite' ? ` in ${config.dataDir}` : ''}` +
        `${config.webConcurrency > 1 ? `, ${config.webConcurrency} processi` : ''})`,
    );
  }
}
