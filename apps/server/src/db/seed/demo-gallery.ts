import sharp from 'sharp';
import { ownerPrefix, type FileStore } from '../../lib/file-store.ts';
import { THUMB_SIDE } from '../../lib/images.ts';

/** Warm tile colours: a floor's worth of demo 'Realizzazioni'. */
const TILES = [
  ['#b45309', '#fde68a'],
  ['#475569', '#e2e8f0'],
  ['#7c2d12', '#fed7aa'],
] as const;

/** A square of tiles in two colours, as a JPEG of `side` pixels: something that looks like a laid floor. */
async function tiledFloor(side: number, [dark, light]: readonly [string, string]): Promise<Buffer> {
  const n = 6;
  const cell = side / n;
  const rects: string[] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const fill = (x + y) % 2 === 0 ? dark : light;
      rects.push(
        `<rect x="${x * cell + 1}" y="${y * cell + 1}" width="${cell - 2}" height="${cell - 2}" fill="${fill}"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="100%" height="100%" fill="#d6d3d1"/>${rects.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Made once a process: every seeded database (each test file has one) stores the same bytes. */
const made = new Map<string, Promise<Buffer>>();
const floor = (side: number, colours: readonly [string, string]) => {
  const key = `${side}:${colours.join()}`;
  const found = made.get(key) ?? tiledFloor(side, colours);
  made.set(key, found);
  return found;
};

/**
 * The demo installer's gallery: three images with their thumbnails, stored under the names the gallery's upload
 * gives (images.service: base36 time, a random part, .thumb), so the portal lists and serves them as uploads.
 */
export async function seedDemoGallery(files: FileStore, posatoreUuid: string, today: Date): Promise<void> {
  const prefix = `${ownerPrefix('posatori', posatoreUuid)}/gallery`;
  for (const [i, colours] of TILES.entries()) {
    const name = `${(today.getTime() - (TILES.length - i) * 86_400_000).toString(36)}-demo${i}`;
    await files.put(`${prefix}/${name}.thumb.jpg`, await floor(THUMB_SIDE, colours));
    await files.put(`${prefix}/${name}.jpg`, await floor(960, colours));
  }
}
