/**
 * HTTP Range requests (RFC 9110 §14) for downloads: one range of bytes. What a request asks of a file of `size`
 * bytes: all of it (no Range header, one the server may ignore, or a Range an If-Range makes conditional), one part
 * (206), or nothing it can give (416 with `Content-Range: bytes *\/size`).
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const ONE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function rangeOf(header: string | undefined, size: number, ifRange?: string): RangeAnswer {
  // No validator (ETag, date) is offered, so a conditional range cannot be honoured: the whole file, as the RFC says.
  if (header === undefined || ifRange !== undefined) return { kind: 'whole' };
  // Several ranges (multipart/byteranges) or a malformed header may be ignored; players ask for one range.
  const m = ONE_RANGE.exec(header.trim());
  if (!m) return { kind: 'whole' };
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // bytes=-N: the last N bytes (all of them when N is over the size).
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // bytes=9-1 is not a range at all (ignored); one that starts past the last byte is one we cannot give.
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'part', start, end };
}

/** The Content-Range of an answer: 'bytes 0-99/1000', or 'bytes *\/1000' with a 416. */
export const contentRange = (size: number, part?: { start: number; end: number }) =>
  part ? `bytes ${part.start}-${part.end}/${size}` : `bytes */${size}`;
