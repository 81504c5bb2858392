import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { FileStore } from '../lib/file-store.ts';
import { createFileStore } from '../lib/open-file-store.ts';
import { writeEnd, writeEntry } from './tar.ts';

/** What an archive holds, written last: restore checks every file against it. */
export type Manifest = {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  files: { key: string; size: number; sha256: string }[];
};

export const SQLITE_ENTRY = 'database/portal.db';
export const POSTGRES_ENTRY = 'database/postgres.dump';
export const MANIFEST_ENTRY = 'manifest.json';
export const FILES_DIR = 'files/';

/** Runs a command to completion; its error output becomes the error's message. */
export async function run(command: string, args: string[]): Promise<void> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${command} non riuscito (${code}): ${errors.trim()}`);
}

/**
 * The database as one file: SQLite's online backup API (a consistent copy while the server keeps writing), or
 * pg_dump's custom format of the schema the portal works in (DATABASE_URL's search_path, public by default).
 */
async function dumpDatabase(config: Config, into: string): Promise<void> {
  if (!config.databaseUrl) {
    const source = new SQLite(path.join(config.dataDir, 'portal.db'), { readonly: true, fileMustExist: true });
    try {
      await source.backup(into);
    } finally {
      source.close();
    }
    return;
  }
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--schema=${await currentSchema(config.databaseUrl)}`,
    `--file=${into}`,
    `--dbname=${config.databaseUrl}`,
  ]);
}

/** The schema the portal's connection works in (the first of the search_path that exists). */
export async function currentSchema(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string | null; path: string }>(
      'select current_schema() as schema, current_setting($1) as path',
      ['search_path'],
    );
    const first = rows[0]?.path.split(',')[0]?.trim().replace(/^"|"$/g, '');
    return rows[0]?.schema ?? (first && first !== '$user' ? first : 'public');
  } finally {
    await client.end();
  }
}

/** Counts bytes and hashes them on their way into the archive. */
function hashing(): { pass: Transform; digest(): string } {
  const hash = createHash('sha256');
  const pass = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { pass, digest: () => hash.digest('hex') };
}

async function addFiles(files: FileStore, out: Writable): Promise<Manifest['files']> {
  const listed: Manifest['files'] = [];
  for await (const key of files.keys()) {
    const file = await files.read(key);
    if (!file) continue; // deleted since it was listed
    const { pass, digest } = hashing();
    await writeEntry(out, FILES_DIR + key, file.length, file.body.pipe(pass));
    listed.push({ key, size: file.length, sha256: digest() });
  }
  return listed;
}

/**
 * npm run backup -- --out FILE: one .tar.gz with the database first, then every stored file (disk or bucket),
 * then the manifest. Files uploaded while it runs may be in it without their rows (harmless: nothing points at
 * them); every row of the copy finds its file, because a file is stored before its row is written.
 */
export async function backup(config: Config, outFile: string): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-backup-'));
  const files = createFileStore(config);
  const partial = `${outFile}.partial`;
  try {
    const dump = path.join(work, 'database');
    await dumpDatabase(config, dump);
    const gzip = createGzip();
    const sink = fs.createWriteStream(partial, { mode: 0o600 });
    gzip.pipe(sink);
    const database = config.databaseUrl ? 'postgres' : 'sqlite';
    await writeEntry(
      gzip,
      database === 'sqlite' ? SQLITE_ENTRY : POSTGRES_ENTRY,
      fs.statSync(dump).size,
      fs.createReadStream(dump),
    );
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database,
      files: await addFiles(files, gzip),
    };
    const json = Buffer.from(JSON.stringify(manifest, null, 1));
    await writeEntry(gzip, MANIFEST_ENTRY, json.length, json);
    await writeEnd(gzip);
    gzip.end();
    await finished(sink);
    fs.renameSync(partial, outFile);
    return manifest;
  } finally {
    files.close();
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}
