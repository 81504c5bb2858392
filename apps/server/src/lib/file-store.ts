import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';

/** Bytes start..end of a file, both included (HTTP Range semantics); end defaults to the last byte. */
export type ByteRange = { start: number; end?: number };

/** A file being read: its bytes as a stream, how many the stream carries, and the size of the whole file. */
export type FileStream = { body: Readable; length: number; size: number };

/**
 * Where uploaded files live. Keys are '/'-separated paths of server-generated segments such as
 * 'posatori/{uuid}/gallery/{name}.jpg'; callers never pass a name that came from a request without validating
 * it. Local disk under DATA_DIR/files by default, an S3-compatible bucket with FILE_STORE=s3://bucket/prefix
 * (docs/decisions/0023-object-storage-and-backups.md). A store that does not answer throws FileStoreUnavailable,
 * which the error envelope turns into a 503.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * The bytes of a stream stored as they arrive, never all in memory (a 2 GB video): written to a temporary file
   * then renamed on disk, a multipart upload to a bucket. Resolves to the number of bytes stored; a stream that
   * fails leaves nothing under the key.
   */
  putStream(key: string, body: Readable): Promise<number>;
  /** The bytes streamed, all or a range of them; undefined when absent. Downloads go through here, never buffered. */
  read(key: string, range?: ByteRange): Promise<FileStream | undefined>;
  /** The keys directly under prefix (one level, files only), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Every key in the store, at any depth (backups). */
  keys(): AsyncIterable<string>;
  delete(key: string): Promise<void>;
  /** Removes every key under prefix (an owner's files when the owner is deleted). */
  deletePrefix(prefix: string): Promise<void>;
  /** Resolves when the store answers (GET /ready); throws FileStoreUnavailable when it does not. */
  check(): Promise<void>;
  /** Releases connections (the S3 client's sockets); the disk store holds none. */
  close(): void;
}

/** The store did not answer (unreachable, timed out, refused our credentials): a 503, never a 500. */
export class FileStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super('archivio dei file non raggiungibile', { cause });
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Throws on anything but plain segments: no '..', no absolute paths, no empty parts. */
export function assertKey(key: string, allowTrailingSlash = false): string[] {
  const parts = (allowTrailingSlash ? key.replace(/\/$/, '') : key).split('/');
  if (parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) throw new Error(`chiave file non valida: ${key}`);
  return parts;
}

/** The bytes of a whole stream, for callers that need them in memory (tests, a restore). */
export async function streamBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under root (DATA_DIR/files). */
export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string, prefix = false) => path.join(root, ...assertKey(key, prefix));
  async function* walk(dir: string, base: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const key = base ? `${base}/${e.name}` : e.name;
      if (e.isDirectory()) yield* walk(path.join(dir, e.name), key);
      else if (e.isFile() && !e.name.endsWith('.tmp')) yield key;
    }
  }
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async putStream(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      const out = createWriteStream(tmp);
      try {
        await pipeline(body, out);
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
      return out.bytesWritten;
    },
    async read(key, range) {
      const file = resolve(key);
      let size;
      try {
        size = (await fs.stat(file)).size;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      // An empty file or a range past its end reads nothing (createReadStream with end < start reads everything).
      if (end < start) return { body: Readable.from([]), length: 0, size };
      return { body: createReadStream(file, { start, end }), length: end - start + 1, size };
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
        if (isMissing(err)) return [];
        throw err;
      }
    },
    keys: () => walk(root, ''),
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.rm(resolve(prefix, true), { recursive: true, force: true });
    },
    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
        if (!(await fs.stat(root)).isDirectory()) throw new Error(`${root} non è una cartella`);
      } catch (err) {
        throw new FileStoreUnavailable(err);
      }
    },
    close() {},
  };
}

/** The folder of one owner's files, e.g. 'posatori/{uuid}'. */
export const ownerPrefix = (entity: string, uuid: string) => `${entity}/${uuid}`;
