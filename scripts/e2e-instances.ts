/**
 * The journeys' server when E2E_INSTANCES=3 (playwright.config.ts starts it, scripts/e2e.ts checks the setting):
 * nginx on E2E_PORT in front of three instances on one PostgreSQL (E2E_DATABASE_URL), one S3 bucket (s3rver) and
 * one SMTP relay, each instance with a DATA_DIR of its own, as on three machines. The relay writes every mail to
 * E2E_DATA_DIR/outbox, where the journeys read the links they follow, whichever instance sent it. Runs until
 * SIGTERM, then stops everything it started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startS3Server } from '../apps/server/test/s3-server.ts';
import { startSmtpCatcher } from '../apps/server/test/smtp-catcher.ts';
import { startThreeInstances } from './three-instances.ts';

const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) {
  console.error('E2E_INSTANCES=3 richiede PostgreSQL: avvia i test con TEST_DATABASE_URL=postgres://...');
  process.exit(1);
}
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? 'e2e/.data');
const port = Number(process.env.E2E_PORT ?? 3100);

const s3 = await startS3Server();
const smtp = await startSmtpCatcher(path.join(dataDir, 'outbox'));
const dirs = [1, 2, 3].map((n) => path.join(dataDir, `instance-${n}`)) as [string, string, string];
for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
const running = await startThreeInstances(
  {
    ...s3.env,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    PORTAL_DEMO: '1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // As in the one-instance run (playwright.config.ts): the mass activation's e-mails go out quickly.
    MAIL_PACE_MS: '10',
  },
  { port, dataDirs: dirs },
);
console.log(`Server end-to-end: nginx su ${running.url} davanti a ${running.instances.map((i) => i.url).join(', ')}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await running.stop();
    await smtp.stop();
    await s3.stop();
    process.exit(0);
  })();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
