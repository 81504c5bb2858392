import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * Where uploaded files live. Keys are '/'-separated paths of server-generated segments such as
 * 'posatori/{uuid}/gallery/{name}.jpg'; callers never pass a name that came from a request without validating
 * it. Local disk under DATA_DIR/files today; an S3-compatible store implements the same five calls later
 * (FILE_STORE=s3), so nothing else changes.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** undefined when absent. */
  get(key: string): Promise<Buffer | undefined>;
  /** The keys directly under prefix (one level, files only), sorted. */
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
  /** Removes every key under prefix (an owner's files when the owner is deleted). */
  deletePrefix(prefix: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Throws on anything but plain segments: no '..', no absolute paths, no empty parts. */
function assertKey(key: string, allowTrailingSlash = false): string[] {
  const parts = (allowTrailingSlash ? key.replace(/\/$/, '') : key).split('/');
  if (parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) throw new Error(`chiave file non valida: ${key}`);
  return parts;
}

function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string, prefix = false) => path.join(root, ...assertKey(key, prefix));
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async list(prefix) {
      const dir = resolve(prefix, true);
      try {
        const entries = await fs.readdir(dir, { withFileTypes: true });
        const base = prefix.replace(/\/$/, '');
        return entries
          .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
          .map((e) => `${base}/${e.name}`)
          .sort();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.rm(resolve(prefix, true), { recursive: true, force: true });
    },
  };
}

/** The configured store: local disk under DATA_DIR/files (S3 joins here when FILE_STORE=s3 arrives). */
export function createFileStore(config: Config): FileStore {
  return createLocalFileStore(path.join(config.dataDir, 'files'));
}

/** The folder of one owner's files, e.g. 'posatori/{uuid}'. */
export const ownerPrefix = (entity: string, uuid: string) => `${entity}/${uuid}`;
