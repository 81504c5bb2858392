import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? 'e2e/.data';
// E2E_INSTANCES=3: the journeys go through nginx to three instances with S3 and an SMTP relay
// (scripts/e2e-instances.ts); otherwise one server process, as in development.
const threeInstances = process.env.E2E_INSTANCES === '3';
const pageChecks = process.env.E2E_PAGE_CHECKS !== '0';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // One worker: the journeys share one server and one demo database.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // E2E_PAGE_CHECKS=0 (npm test's database-only run): the journeys that check only the page itself are left out,
  // as are each screen's screenshot and axe run (e2e/support.ts) and the phone project's journeys, the desktop's
  // flows on a phone's screen, but the one that loads every screen of every role (fit-phone).
  grepInvert: pageChecks ? undefined : /@page-only/,
  // The machine is shared: a journey that takes 12 s alone took over 30 s while another install ran beside it
  // (its page was still loading chunks when the budget ran out). A slow step still fails, just not a busy machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } },
      testIgnore: /phone\.spec/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'] }, testMatch: pageChecks ? /phone\.spec/ : /fit-phone\.spec/ },
  ],
  webServer: threeInstances
    ? {
        command: 'node scripts/e2e-instances.ts',
        url: `${baseURL}/health`,
        reuseExistingServer: false,
        // Three instances start one after the other behind nginx: the first migrates and seeds alone.
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
        // SIGTERM lets the script stop nginx, the instances, the relay and the bucket and remove their folders.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
      }
    : {
        command: 'node apps/server/src/main.ts',
        url: `${baseURL}/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PUBLIC_URL: baseURL,
          PORTAL_DEMO: '1',
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          // The outbox is a folder here: no SMTP server to spare, so the mass activation's e-mails go out quickly.
          MAIL_PACE_MS: '10',
          ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        },
      },
});
