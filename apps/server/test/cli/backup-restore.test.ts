import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backup } from '../../src/backup/backup.ts';
import { restore, RestoreRefused } from '../../src/backup/restore.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { connect } from '../../src/db/connect.ts';
import { streamBytes } from '../../src/lib/file-store.ts';
import { createFileStore } from '../../src/lib/open-file-store.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * The restore drill: a backup of the demo database with its files, taken while the app runs, restored into an
 * empty DATA_DIR (and an empty PostgreSQL database), has the same rows and the same file bytes; a second restore
 * into the now full target is refused.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const withSchema = (url: string, schema: string) =>
  `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

let ctx: TestContext;
let work: string;
let drillDatabase: string | undefined;
beforeAll(async () => {
  ctx = await createTestContext();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-drill-'));
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(work, { recursive: true, force: true });
  if (pgUrl && drillDatabase) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${drillDatabase} with (force)`);
    await admin.end();
  }
});

/** Every table's row count. */
async function rowCounts(config: Config): Promise<Record<string, number>> {
  const { db } = config.databaseUrl
    ? connect({ kind: 'postgres', url: config.databaseUrl })
    : connect({ kind: 'sqlite', file: path.join(config.dataDir, 'portal.db') });
  try {
    const tables = config.databaseUrl
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
      counts[name] = Number(row.rows[0]?.n);
    }
    return counts;
  } finally {
    await db.destroy();
  }
}

async function fileHashes(config: Config): Promise<Record<string, string>> {
  const files = createFileStore(config);
  const hashes: Record<string, string> = {};
  for await (const key of files.keys()) {
    const file = await files.read(key);
    hashes[key] = createHash('sha256')
      .update(await streamBytes(file!.body))
      .digest('hex');
  }
  files.close();
  return hashes;
}

it('restores the rows and the files of a backup into an empty target, and refuses a full one', async () => {
  const source: Config = pgUrl ? { ...ctx.config, databaseUrl: withSchema(pgUrl, ctx.schema!) } : ctx.config;
  let targetUrl: string | undefined;
  if (pgUrl) {
    drillDatabase = `drill_${ctx.schema!}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${drillDatabase}`);
    await admin.end();
    targetUrl = withSchema(pgUrl.replace(/\/[^/?]+(\?|$)/, `/${drillDatabase}$1`), ctx.schema!);
  }
  const target = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(work, 'restored'),
    FILE_STORE: 'disk',
    ...(targetUrl ? { DATABASE_URL: targetUrl } : {}),
  });

  const archive = path.join(work, 'backup.tar.gz');
  const manifest = await backup(source, archive);
  const hashes = await fileHashes(source);
  expect(manifest.files.length).toBeGreaterThan(0);
  expect(Object.keys(hashes).sort()).toEqual(manifest.files.map((f) => f.key).sort());

  await restore(target, archive);
  expect(await rowCounts(target)).toEqual(await rowCounts(source));
  expect(await fileHashes(target)).toEqual(hashes);

  await expect(restore(target, archive)).rejects.toBeInstanceOf(RestoreRefused);
  // The command says why, in Italian, and fails.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: target.dataDir, FILE_STORE: 'disk' };
  delete env.DATABASE_URL;
  if (targetUrl) env.DATABASE_URL = targetUrl;
  const cli = spawnSync(process.execPath, ['apps/server/src/cli/restore.ts', archive], { env, encoding: 'utf8' });
  expect(cli.status).toBe(1);
  expect(cli.stderr).toMatch(/Ripristino rifiutato: .*non è vuot/);
});
