import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { isEmpty, seedDemo } from './db/seed/demo.ts';
import { createFileStore } from './lib/file-store.ts';
import { deleteExpiredSessions } from './modules/auth/sessions.repository.ts';
import { pruneFailures } from './modules/auth/throttles.repository.ts';
import { addMinutes, nowIso } from './lib/clock.ts';
import { startMailWorker } from './modules/mail/mail-queue.ts';
import { pruneSends } from './modules/messages/send-limits.ts';
import { purgeAudit } from './modules/audit/audit.service.ts';

const config = loadConfig();
const { db, kind } = await openDatabase(config);
const app = await buildApp({ config, db });

if (config.demo && (await isEmpty(db))) {
  app.log.info('database vuoto: carico i dati dimostrativi (utenti admin, capoarea, rivenditore, posatore)');
  await seedDemo(db, createFileStore(config));
}

// Housekeeping: expired sessions, old throttling counters, sends older than the sending limits' hour and audit
// entries past their retention.
// Idempotent, so every instance may run it.
const housekeeping = setInterval(() => {
  const now = nowIso();
  Promise.all([
    deleteExpiredSessions(db, now),
    pruneFailures(db, addMinutes(now, -60)),
    pruneSends(db, addMinutes(now, -60)),
    purgeAudit(db, now, config.auditRetentionDays),
  ]).catch((err: unknown) => app.log.warn({ err }, 'pulizia sessioni non riuscita'));
}, 10 * 60_000);
housekeeping.unref();

// The durable mail queue: whatever a previous run left pending goes out now, at the configured pace.
const mailWorker = startMailWorker({ db, mailer: app.mailer, log: app.log, paceMs: config.mailPaceMs });
app.mailSignal.kick = () => mailWorker.kick();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'arresto in corso');
  clearInterval(housekeeping);
  await mailWorker.stop();
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
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
app.log.info(
  `Portale Posatori su ${config.publicUrl} (database ${kind}${kind === 'sqlite' ? ` in ${config.dataDir}` : ''})`,
);
