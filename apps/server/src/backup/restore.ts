import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import type { Config } from '../config.ts';
import { createFileStore } from '../lib/open-file-store.ts';
import {
  currentSchema,
  FILES_DIR,
  MANIFEST_ENTRY,
  POSTGRES_ENTRY,
  run,
  SQLITE_ENTRY,
  type Manifest,
} from './backup.ts';
import { readEntries } from './tar.ts';

/** A restore refused before anything was written (the target is not empty, the archive is not ours). */
export class RestoreRefused extends Error {}

/** The tables of the portal's schema in the target database: a restore goes into an empty one only. */
async function postgresTables(url: string): Promise<number> {
  const schema = await currentSchema(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from information_schema.tables where table_schema = $1',
      [schema],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * A dump of one schema leaves out the database's extensions: the ones the migrations create (pg_trgm for the
 * name searches, in public) come first, as the migrations would make them.
 */
async function createExtensions(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm schema public');
  } finally {
    await client.end();
  }
}

async function assertEmpty(config: Config): Promise<void> {
  if (config.databaseUrl) {
    if ((await postgresTables(config.databaseUrl)) > 0)
      throw new RestoreRefused('Il database di destinazione non è vuoto: il ripristino va fatto in un database vuoto');
  } else if (fs.existsSync(path.join(config.dataDir, 'portal.db'))) {
    throw new RestoreRefused(`DATA_DIR non è vuota (${config.dataDir}): il ripristino va fatto in una cartella vuota`);
  }
  const files = createFileStore(config);
  try {
    for await (const key of files.keys()) {
      throw new RestoreRefused(`L'archivio dei file di destinazione non è vuoto (contiene ${key})`);
    }
  } finally {
    files.close();
  }
}

/**
 * npm run restore -- FILE: the archive's database and files into an empty DATA_DIR or database and an empty
 * file store; refuses anything else. Every file is checked against the manifest's hash at the end.
 */
export async function restore(config: Config, archive: string): Promise<Manifest> {
  await assertEmpty(config);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-restore-'));
  const files = createFileStore(config);
  const hashes = new Map<string, string>();
  let manifest: Manifest | undefined;
  let database = false;
  try {
    const input = fs.createReadStream(archive).pipe(createGunzip());
    for await (const entry of readEntries(input)) {
      if (entry.name === SQLITE_ENTRY || entry.name === POSTGRES_ENTRY) {
        if ((entry.name === POSTGRES_ENTRY) !== !!config.databaseUrl)
          throw new RestoreRefused(
            entry.name === POSTGRES_ENTRY
              ? "L'archivio contiene un database PostgreSQL: impostare DATABASE_URL"
              : "L'archivio contiene un database SQLite: togliere DATABASE_URL",
          );
        const dump = path.join(work, 'database');
        await pipeline(entry.body, fs.createWriteStream(dump));
        if (config.databaseUrl) {
          await createExtensions(config.databaseUrl);
          await run('pg_restore', [
            '--no-owner',
            '--no-privileges',
            '--exit-on-error',
            '--single-transaction',
            `--dbname=${config.databaseUrl}`,
            dump,
          ]);
        } else {
          fs.mkdirSync(config.dataDir, { recursive: true });
          fs.renameSync(dump, path.join(config.dataDir, 'portal.db'));
        }
        database = true;
      } else if (entry.name.startsWith(FILES_DIR)) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        const bytes = Buffer.concat(chunks);
        const key = entry.name.slice(FILES_DIR.length);
        await files.put(key, bytes);
        hashes.set(key, createHash('sha256').update(bytes).digest('hex'));
      } else if (entry.name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifest = JSON.parse(Buffer.concat(chunks).toString()) as Manifest;
      }
    }
  } finally {
    files.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (!database || !manifest) throw new Error("L'archivio è incompleto: manca il database o il manifesto");
  const wrong = manifest.files.filter((f) => hashes.get(f.key) !== f.sha256).map((f) => f.key);
  if (wrong.length) throw new Error(`File diversi dall'archivio o mancanti: ${wrong.slice(0, 5).join(', ')}`);
  return manifest;
}
