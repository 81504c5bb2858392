/**
 * npm run bench:video: what a large training-video upload costs the server in memory, on disk and on S3
 * (docs/decisions/0031-training-videos.md). The server is started as `npm start` starts it (one process, demo
 * data in a temporary DATA_DIR); a generated MP4 of --mb megabytes (default 512) is sent as the browser sends it
 * (multipart, streamed, never built in memory here either), while the server's resident memory (VmRSS in
 * /proc/{pid}/status) is sampled every 20 ms. Prints the resident memory before, the peak during the upload, the
 * growth, and the growth as a share of the file: streamed, it stays a few tens of MB whatever the file's size;
 * read into memory (as every upload was before), it would be at least the file's size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';
import { startS3Server } from '../apps/server/test/s3-server.ts';
import { login, startServer } from './http.ts';

const { values: args } = parseArgs({ options: { mb: { type: 'string', default: '512' } } });
const megabytes = Number(args.mb);
const MB = 1024 * 1024;

const residentKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

/** A multipart body of one MP4 file: its parts written as they are read, 1 MB at a time. */
function videoBody(boundary: string, size: number): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nbench.mp4\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1')]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 0x5a);
  let sent = 0;
  let step = 0;
  return new ReadableStream({
    pull(controller) {
      if (step === 0) {
        controller.enqueue(Buffer.concat([head, ftyp]));
        sent = ftyp.length;
        step = 1;
      } else if (sent < size) {
        const n = Math.min(MB, size - sent);
        controller.enqueue(chunk.subarray(0, n));
        sent += n;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

async function run(store: 'disk' | 's3') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-bench-video-'));
  const s3 = store === 's3' ? await startS3Server() : undefined;
  const server = await startServer({ DATA_DIR: dataDir, PORTAL_DEMO: '1', LOG_LEVEL: 'warn', ...s3?.env });
  try {
    const cookie = await login(server.url, 'admin', DEMO_PASSWORD);
    const pid = server.pid;
    if (pid === undefined) throw new Error('il server non ha un pid');
    const before = residentKb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentKb(pid))), 20);
    const boundary = `----bench${Date.now()}`;
    const size = megabytes * MB;
    const started = performance.now();
    const res = await fetch(`${server.url}/api/docs/caricadoc`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: videoBody(boundary, size),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const answer = await res.text();
    if (!res.ok) throw new Error(`caricamento non riuscito (${res.status}): ${answer}`);
    const growthMb = (peak - before) / 1024;
    console.log(
      `${store.padEnd(4)} ${megabytes} MB in ${seconds.toFixed(1)} s: resident ${(before / 1024).toFixed(0)} MB before, ` +
        `peak ${(peak / 1024).toFixed(0)} MB, growth ${growthMb.toFixed(0)} MB = ${((growthMb / megabytes) * 100).toFixed(1)} % of the file`,
    );
  } finally {
    await server.stop();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('disk');
await run('s3');
