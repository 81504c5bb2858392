import type { Writable } from 'node:stream';
import { Zip } from 'fflate';
import { DeflatedEntry, drained } from './xlsx-export.ts';

/** A file of a zip being written: its name inside the zip and its bytes, produced in pieces. */
export type ZipFile = { name: string; data(): AsyncIterable<Uint8Array> };

/**
 * Writes a zip to `out` and ends it, one file after the other as `files` yields them, each deflated as its pieces
 * come (the spreadsheet exports' entry, xlsx-export.ts); it waits whenever `out` (the HTTP reply) has enough in
 * hand, so a large file never sits in memory whole.
 */
export async function writeZip(out: Writable, files: AsyncIterable<ZipFile>): Promise<void> {
  let failure: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  let current: DeflatedEntry | undefined;
  try {
    for await (const file of files) {
      current = new DeflatedEntry(file.name);
      zip.add(current);
      for await (const piece of file.data()) {
        await current.write(piece);
        if (failure) throw failure;
        await drained(out);
      }
      await current.end();
    }
    zip.end();
    if (failure) throw failure;
  } catch (err) {
    current?.terminate();
    throw err;
  }
}
