import { describe, expect, it } from 'vitest';
import { contentRange, rangeOf } from '../../src/lib/http-range.ts';

describe('rangeOf (one byte range of a file of 1000 bytes)', () => {
  it.each([
    ['bytes=0-99', { kind: 'part', start: 0, end: 99 }],
    ['bytes=500-599', { kind: 'part', start: 500, end: 599 }],
    ['bytes=900-', { kind: 'part', start: 900, end: 999 }],
    ['bytes=-100', { kind: 'part', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'part', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'part', start: 990, end: 999 }],
    [' bytes=0-0 ', { kind: 'part', start: 0, end: 0 }],
  ])('%s is a part', (header, answer) => {
    expect(rangeOf(header, 1000)).toEqual(answer);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=5000-6000', 'bytes=-0'])('%s is unsatisfiable', (header) => {
    expect(rangeOf(header, 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([undefined, 'bytes=0-1,5-9', 'items=0-9', 'bytes=9-1', 'bytes=-', 'bytes=a-b', 'bytes=0x10-'])(
    '%s asks for the whole file',
    (header) => {
      expect(rangeOf(header, 1000)).toEqual({ kind: 'whole' });
    },
  );

  it('ignores a Range made conditional by If-Range (no validator is offered)', () => {
    expect(rangeOf('bytes=0-9', 1000, '"etag"')).toEqual({ kind: 'whole' });
  });

  it('finds nothing to give of an empty file', () => {
    expect(rangeOf('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeOf('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('writes Content-Range for a part and for a 416', () => {
    expect(contentRange(1000, { start: 0, end: 99 })).toBe('bytes 0-99/1000');
    expect(contentRange(1000)).toBe('bytes */1000');
  });
});
