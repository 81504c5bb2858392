import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/**
 * The few parts of the POSIX tar format (ustar) a backup needs: regular files, names up to 255 characters.
 * Written by hand because Node has no tar and a backup should open with the system's `tar xzf` when all else fails.
 */
const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`nome troppo lungo per l'archivio: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const h = Buffer.alloc(BLOCK);
  h.write(base, 0, 100);
  h.write(octal(0o644, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(size, 12), 124);
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  h.write('        ', 148);
  h.write('0', 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  h.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148);
  return h;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Appends one file of exactly size bytes read from body. */
export async function writeEntry(out: Writable, name: string, size: number, body: Readable | Buffer): Promise<void> {
  await write(out, header(name, size, new Date()));
  let written = 0;
  for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
    const bytes = Buffer.from(chunk as Uint8Array);
    written += bytes.length;
    await write(out, bytes);
  }
  if (written !== size) throw new Error(`${name}: letti ${written} byte invece di ${size}`);
  if (size % BLOCK) await write(out, Buffer.alloc(BLOCK - (size % BLOCK)));
}

/** The end of the archive: two empty blocks. */
export async function writeEnd(out: Writable): Promise<void> {
  await write(out, Buffer.alloc(BLOCK * 2));
}

export type TarEntry = { name: string; size: number; body: AsyncGenerator<Buffer> };

/** The entries of an archive in order; each entry's body must be read (or drained) before asking for the next. */
export async function* readEntries(input: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const source = input[Symbol.asyncIterator]();
  let pending = Buffer.alloc(0);
  async function fill(n: number): Promise<boolean> {
    while (pending.length < n) {
      const next = await source.next();
      if (next.done) return false;
      pending = Buffer.concat([pending, next.value]);
    }
    return true;
  }
  async function take(n: number): Promise<Buffer> {
    if (!(await fill(Math.min(n, BLOCK * 128))) && pending.length < n) throw new Error('archivio troncato');
    const piece = pending.subarray(0, Math.min(n, pending.length));
    pending = pending.subarray(piece.length);
    return piece;
  }
  for (;;) {
    if (!(await fill(BLOCK))) throw new Error('archivio troncato');
    const h = pending.subarray(0, BLOCK);
    pending = pending.subarray(BLOCK);
    if (h.every((b) => b === 0)) return;
    const field = (start: number, length: number) => h.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(0, 100);
    const size = parseInt(field(124, 12).trim(), 8);
    let left = size;
    let drained = false;
    const body = (async function* () {
      while (left > 0) {
        const piece = await take(left);
        left -= piece.length;
        yield piece;
      }
      drained = true;
    })();
    yield { name, size, body };
    if (!drained) while (!(await body.next()).done);
    const padding = size % BLOCK ? BLOCK - (size % BLOCK) : 0;
    if (padding) await take(padding);
  }
}
