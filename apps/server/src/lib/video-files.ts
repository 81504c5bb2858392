import { Transform } from 'node:stream';
import { HttpError } from '../plugins/error-envelope.ts';

/** The containers a training video may come in, named by their extension. */
export type VideoContainer = 'mp4' | 'webm';

export const videoContentTypes: Record<VideoContainer, string> = { mp4: 'video/mp4', webm: 'video/webm' };

/** How many first bytes tell the container: an MP4's ftyp box, a WebM's EBML header with its DocType. */
const HEAD_BYTES = 64;
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** ISO media brands that are not a video a browser plays: still images (HEIF, AVIF) and QuickTime. */
const NOT_VIDEO_BRANDS = new Set(['heic', 'heix', 'mif1', 'msf1', 'avif', 'avis', 'qt  ']);

/**
 * The container the first bytes of a file hold, if it is one of ours: an MP4 starts with a box whose type is 'ftyp'
 * (ISO/IEC 14496-12), a WebM with the EBML magic number and the DocType 'webm' in its header (Matroska files say
 * 'matroska' and are refused). Undefined: neither.
 */
export function videoContainer(head: Buffer): VideoContainer | undefined {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    return NOT_VIDEO_BRANDS.has(head.subarray(8, 12).toString('latin1')) ? undefined : 'mp4';
  }
  if (head.subarray(0, 4).equals(EBML) && head.subarray(0, HEAD_BYTES).includes('webm', 4, 'latin1')) return 'webm';
  return undefined;
}

export type VideoGateReasons = { notVideo: string; tooBig: string; empty: string };

/**
 * The stream a video upload passes through on its way to the store: it holds back the first bytes until they show
 * the container the extension named, then lets everything through, counting; it fails the stream (and so the
 * upload, which leaves nothing stored) with a 400 when the bytes are not that container, exceed maxBytes, or are
 * none at all. Only HEAD_BYTES are ever held: the rest flows at the pace the store takes it.
 */
export function videoGate(expected: VideoContainer, maxBytes: number, reasons: VideoGateReasons): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  let seen = 0;
  const checkHead = (bytes: Buffer) =>
    videoContainer(bytes) === expected ? undefined : new HttpError(400, reasons.notVideo, { file: reasons.notVideo });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(new HttpError(400, reasons.tooBig, { file: reasons.tooBig }));
      if (head === undefined) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < HEAD_BYTES) return done();
      const refused = checkHead(head);
      const held = head;
      head = undefined;
      done(refused, refused ? undefined : held);
    },
    flush(done) {
      if (head === undefined) return done();
      if (head.length === 0) return done(new HttpError(400, reasons.empty));
      const refused = checkHead(head);
      done(refused, refused ? undefined : head);
    },
  });
}
