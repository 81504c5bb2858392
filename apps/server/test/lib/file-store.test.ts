import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { FileStoreUnavailable, streamBytes, type FileStore } from '../../src/lib/file-store.ts';
import { createFileStore } from '../../src/lib/open-file-store.ts';
import { startS3Server, type S3Server } from '../s3-server.ts';

/** The same behaviour from both stores: the callers never know which one they have. */
describe.each(['disk', 's3'] as const)('file store on %s', (kind) => {
  let dataDir: string;
  let s3: S3Server | undefined;
  let files: FileStore;
  const storeOf = (env: Record<string, string> = {}) =>
    createFileStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3?.env, ...env }));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-files-'));
    if (kind === 's3') s3 = await startS3Server();
    files = storeOf();
  });
  afterAll(async () => {
    files.close();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const text = async (key: string, range?: { start: number; end?: number }) => {
    const file = await files.read(key, range);
    return file && { text: (await streamBytes(file.body)).toString(), length: file.length, size: file.size };
  };

  it('reads back what was put, whole or a range of bytes, and nothing for a key never put', async () => {
    await files.put('posatori/p1/gallery/a.jpg', Buffer.from('0123456789'));
    expect(await text('posatori/p1/gallery/a.jpg')).toEqual({ text: '0123456789', length: 10, size: 10 });
    expect(await text('posatori/p1/gallery/a.jpg', { start: 2, end: 5 })).toEqual({
      text: '2345',
      length: 4,
      size: 10,
    });
    expect(await text('posatori/p1/gallery/a.jpg', { start: 7 })).toEqual({ text: '789', length: 3, size: 10 });
    expect(await text('posatori/p1/gallery/a.jpg', { start: 20 })).toEqual({ text: '', length: 0, size: 10 });
    expect(await files.read('posatori/p1/gallery/none.jpg')).toBeUndefined();
  });

  it('stores a stream as it arrives, over several parts of a multipart upload, and reads it back byte-exact', async () => {
    // 20 MB in 1 MB chunks: three 8 MB parts on a bucket, a temporary file renamed on disk.
    const chunks = Array.from({ length: 20 }, () => randomBytes(1024 * 1024));
    const whole = Buffer.concat(chunks);
    expect(await files.putStream('documents/v1/documento.mp4', Readable.from(chunks))).toBe(whole.length);
    const back = await files.read('documents/v1/documento.mp4');
    expect(back?.size).toBe(whole.length);
    expect((await streamBytes(back!.body)).equals(whole)).toBe(true);
    const part = await files.read('documents/v1/documento.mp4', { start: 9_000_000, end: 9_000_099 });
    expect((await streamBytes(part!.body)).equals(whole.subarray(9_000_000, 9_000_100))).toBe(true);
  }, 60_000);

  it('keeps nothing of a stream that fails on the way', async () => {
    async function* failing() {
      yield randomBytes(9 * 1024 * 1024);
      throw new Error('connessione interrotta');
    }
    await expect(files.putStream('documents/v2/documento.mp4', Readable.from(failing()))).rejects.toThrow(
      'connessione interrotta',
    );
    expect(await files.read('documents/v2/documento.mp4')).toBeUndefined();
    expect(await files.list('documents/v2')).toEqual([]);
  }, 60_000);

  it('replaces a file put again under the same key', async () => {
    await files.put('documents/d1/documento.pdf', Buffer.from('first'));
    await files.put('documents/d1/documento.pdf', Buffer.from('second'));
    expect((await text('documents/d1/documento.pdf'))?.text).toBe('second');
  });

  it('lists one folder level, sorted, and every key of the store', async () => {
    await files.put('partners/q1/pagamenti/b.pdf', Buffer.from('b'));
    await files.put('partners/q1/pagamenti/a.pdf', Buffer.from('a'));
    await files.put('partners/q1/pagamenti/old/c.pdf', Buffer.from('c'));
    expect(await files.list('partners/q1/pagamenti')).toEqual([
      'partners/q1/pagamenti/a.pdf',
      'partners/q1/pagamenti/b.pdf',
    ]);
    expect(await files.list('partners/none/pagamenti')).toEqual([]);
    const all: string[] = [];
    for await (const key of files.keys()) all.push(key);
    expect(all).toEqual(
      expect.arrayContaining([
        'partners/q1/pagamenti/a.pdf',
        'partners/q1/pagamenti/old/c.pdf',
        'documents/d1/documento.pdf',
      ]),
    );
  });

  it('deletes one key, then a whole owner folder, leaving the neighbours', async () => {
    await files.put('posatori/p2/profile/x.jpg', Buffer.from('x'));
    await files.put('posatori/p2/gallery/y.jpg', Buffer.from('y'));
    await files.put('posatori/p20/profile/z.jpg', Buffer.from('z'));
    await files.delete('posatori/p2/profile/x.jpg');
    await files.delete('posatori/p2/profile/never.jpg');
    expect(await files.read('posatori/p2/profile/x.jpg')).toBeUndefined();
    await files.deletePrefix('posatori/p2');
    expect(await files.read('posatori/p2/gallery/y.jpg')).toBeUndefined();
    expect((await text('posatori/p20/profile/z.jpg'))?.text).toBe('z');
  });

  it('refuses keys that could leave the store', async () => {
    await expect(files.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/chiave file non valida/);
    await expect(files.read('posatori//a.jpg')).rejects.toThrow(/chiave file non valida/);
  });

  it('answers its check, and fails it (and every call) as unavailable when the store is gone', async () => {
    await expect(files.check()).resolves.toBeUndefined();
    const gone =
      kind === 's3'
        ? storeOf({ AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${await closedPort()}` })
        : storeOf({ DATA_DIR: path.join(dataDir, 'not-a-folder.txt') });
    if (kind === 'disk') fs.writeFileSync(path.join(dataDir, 'not-a-folder.txt'), 'x');
    await expect(gone.check()).rejects.toBeInstanceOf(FileStoreUnavailable);
    if (kind === 's3')
      await expect(gone.read('documents/d1/documento.pdf')).rejects.toBeInstanceOf(FileStoreUnavailable);
    gone.close();
  });
});

/** A port nothing listens on: one the system gave and took back. */
async function closedPort(): Promise<number> {
  const net = await import('node:net');
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('FILE_STORE', () => {
  it('names a bucket and a folder in it, with the SDK variables; anything else is refused in Italian', () => {
    const config = loadConfig({
      FILE_STORE: 's3://portale-files/prod/files',
      AWS_ENDPOINT_URL_S3: 'https://s3.example.net',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.fileStore).toEqual({
      kind: 's3',
      bucket: 'portale-files',
      prefix: 'prod/files',
      region: 'us-east-1',
      endpoint: 'https://s3.example.net',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({}).fileStore).toEqual({ kind: 'disk' });
    for (const wrong of ['s3://', 's3://A_Bucket', 'ftp://bucket', 's3://bucket/../x']) {
      expect(() => loadConfig({ FILE_STORE: wrong })).toThrow(/FILE_STORE deve essere disk oppure s3:\/\/bucket/);
    }
  });
});
