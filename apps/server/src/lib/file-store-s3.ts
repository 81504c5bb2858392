import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertKey, FileStoreUnavailable, type FileStore } from './file-store.ts';

/** FILE_STORE=s3://bucket/prefix with the SDK's standard AWS_* variables (config.ts reads them). */
export type S3StoreConfig = {
  kind: 's3';
  bucket: string;
  /** Keys are stored under this folder of the bucket ('' for the bucket's root). */
  prefix: string;
  region: string;
  /** AWS_ENDPOINT_URL_S3 (MinIO, other providers): addressed path-style, as they need. */
  endpoint: string | undefined;
  /** From AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY; absent, the SDK's own chain (instance role, profile) applies. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
};

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};
const pastTheEnd = (err: unknown) => (err as { name?: string }).name === 'InvalidRange';

/**
 * Files as objects of one bucket. Every failure other than a missing object means the store cannot serve
 * (unreachable, timed out, credentials refused, no such bucket) and becomes FileStoreUnavailable, a 503.
 * Timeouts are short so that a store that hangs fails a request (and GET /ready) in seconds, not minutes.
 */
export function createS3FileStore(cfg: S3StoreConfig): FileStore {
  const client = new S3Client({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint, forcePathStyle: true } : {}),
    ...(cfg.credentials ? { credentials: cfg.credentials } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
  });
  const base = cfg.prefix ? `${cfg.prefix}/` : '';
  const full = (key: string, folder = false) => base + assertKey(key, folder).join('/') + (folder ? '/' : '');
  const own = (objectKey: string) => objectKey.slice(base.length);

  async function send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (missing(err) || pastTheEnd(err)) throw err;
      throw new FileStoreUnavailable(err);
    }
  }

  // Keys are checked (full) before any request, so a bad key is the caller's error, never an unavailable store.
  /** Every object key under a folder of the bucket, page by page (1000 a page). */
  async function* objects(prefix: string, delimiter?: string): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await send(() =>
        client.send(
          new ListObjectsV2Command({
            Bucket: cfg.bucket,
            Prefix: prefix,
            Delimiter: delimiter,
            ContinuationToken: token,
          }),
        ),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    async put(key, data) {
      const Key = full(key);
      await send(() =>
        client.send(new PutObjectCommand({ Bucket: cfg.bucket, Key, Body: data, ContentLength: data.length })),
      );
    },
    async putStream(key, body) {
      const Key = full(key);
      // Parts of 8 MB, two in flight: at most ~16 MB of a 2 GB video in memory; a failure aborts the multipart
      // upload, so no part is left in the bucket.
      let stored = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          stored += chunk.length;
          done(null, chunk);
        },
      });
      const Body = pipeline(body, counted, () => {});
      const upload = new Upload({
        client,
        params: { Bucket: cfg.bucket, Key, Body },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // The upload's own stream refused (a file too big, not a video): the caller's error, not the store's.
        if (body.errored) throw body.errored;
        if (counted.errored) throw counted.errored;
        throw new FileStoreUnavailable(err);
      }
      return stored;
    },
    async read(key, range) {
      const Key = full(key);
      const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      try {
        const got = await send(() => client.send(new GetObjectCommand({ Bucket: cfg.bucket, Key, Range })));
        const length = got.ContentLength ?? 0;
        const total = /\/(\d+)$/.exec(got.ContentRange ?? '')?.[1];
        return { body: got.Body as Readable, length, size: total ? Number(total) : length };
      } catch (err) {
        if (missing(err)) return undefined;
        // A range that starts past the end reads nothing, as on disk.
        if (pastTheEnd(err)) {
          const head = await send(() => client.send(new HeadObjectCommand({ Bucket: cfg.bucket, Key })));
          return { body: Readable.from([]), length: 0, size: head.ContentLength ?? 0 };
        }
        throw err;
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      for await (const k of objects(full(prefix, true), '/')) keys.push(own(k));
      return keys.sort();
    },
    async *keys() {
      for await (const k of objects(base)) yield own(k);
    },
    async delete(key) {
      const Key = full(key);
      await send(() => client.send(new DeleteObjectCommand({ Bucket: cfg.bucket, Key })));
    },
    async deletePrefix(prefix) {
      let batch: string[] = [];
      const flush = async () => {
        const Objects = batch.map((Key) => ({ Key }));
        batch = [];
        await send(() =>
          client.send(new DeleteObjectsCommand({ Bucket: cfg.bucket, Delete: { Objects, Quiet: true } })),
        );
      };
      for await (const k of objects(full(prefix, true))) {
        batch.push(k);
        if (batch.length === 1000) await flush();
      }
      if (batch.length) await flush();
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: cfg.bucket }));
      } catch (err) {
        throw new FileStoreUnavailable(err);
      }
    },
    close() {
      client.destroy();
    },
  };
}
