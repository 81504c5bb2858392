import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export type S3Server = {
  /** The variables that point the portal at this server's bucket (FILE_STORE and the SDK's AWS_*). */
  env: Record<string, string>;
  port: number;
  stop(): Promise<void>;
};

/**
 * An S3-protocol server on a free port of this machine, with one empty bucket: the file store's S3 run, and the
 * API tests with TEST_FILE_STORE=s3.
 */
export async function startS3Server(port = 0): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-s3-'));
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
  const address = await server.run();
  const env = {
    FILE_STORE: 's3://portale-test/files',
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${address.port}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = new S3Client({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: 'portale-test' }));
  client.destroy();
  return {
    env,
    port: address.port,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
