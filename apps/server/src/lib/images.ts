import sharp from 'sharp';

/** Image handling for uploads: the type comes from the bytes, and every image is re-encoded before it is kept. */

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const imageExtension: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The content type to serve a stored image with, from its (server-generated) extension. */
export function contentTypeOf(fileName: string): string | undefined {
  return contentTypes[fileName.slice(fileName.lastIndexOf('.') + 1)];
}

/** JPEG, PNG or WebP by their signatures; anything else (whatever its name or declared type) is null. */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** Full images are bounded to this side; gallery thumbnails to THUMB_SIDE. */
export const FULL_SIDE = 1600;
export const THUMB_SIDE = 320;
/** Refuse decompression bombs: a 5 MB file may still claim a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes and re-encodes in the same format: applies the EXIF orientation, then drops every metadata block
 * (EXIF with GPS, XMP, comments) and anything smuggled after the image data, and bounds the size.
 * Throws when the bytes do not decode as an image.
 */
export async function reencodeImage(bytes: Buffer, format: ImageFormat, maxSide: number): Promise<Buffer> {
  const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case 'png':
      return pipeline.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 82 }).toBuffer();
  }
}
