import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { streamBytes } from '../../src/lib/file-store.ts';
import { videoContainer, videoGate } from '../../src/lib/video-files.ts';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(52)]);
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
    Buffer.from(docType, 'latin1'),
    Buffer.alloc(48),
  ]);

describe('videoContainer', () => {
  it('knows an MP4 by its ftyp box and a WebM by its EBML header', () => {
    expect(videoContainer(ftyp('isom'))).toBe('mp4');
    expect(videoContainer(ftyp('mp42'))).toBe('mp4');
    expect(videoContainer(ebml('webm'))).toBe('webm');
  });

  it('refuses still images in ISO boxes, QuickTime, Matroska and anything else', () => {
    for (const brand of ['heic', 'mif1', 'avif', 'qt  ']) expect(videoContainer(ftyp(brand))).toBeUndefined();
    expect(videoContainer(ebml('matroska'))).toBeUndefined();
    expect(videoContainer(Buffer.from('%PDF-1.7 ......................'))).toBeUndefined();
    expect(videoContainer(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('videoGate', () => {
  const reasons = { notVideo: 'non video', tooBig: 'troppo grande', empty: 'vuoto' };
  const through = async (chunks: Buffer[], max = 1000) => {
    const gate = videoGate('mp4', max, reasons);
    const out = pipeline(Readable.from(chunks), gate);
    const [bytes] = await Promise.all([streamBytes(gate), out]);
    return bytes;
  };

  it('lets an MP4 through unchanged, even when its head arrives in small chunks', async () => {
    const file = Buffer.concat([ftyp('isom'), Buffer.alloc(300, 7)]);
    const chunks = [file.subarray(0, 3), file.subarray(3, 40), file.subarray(40, 70), file.subarray(70)];
    expect((await through(chunks)).equals(file)).toBe(true);
  });

  it('fails a file whose bytes are not the container, one over the limit, and an empty one', async () => {
    await expect(through([ebml('webm')])).rejects.toThrow('non video');
    await expect(through([ftyp('isom'), Buffer.alloc(2000)])).rejects.toThrow('troppo grande');
    await expect(through([])).rejects.toThrow('vuoto');
    await expect(through([Buffer.from('corto')])).rejects.toThrow('non video');
  });
});
