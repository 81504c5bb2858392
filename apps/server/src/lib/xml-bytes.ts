/** Excel's limit for the text of one cell. */
export const MAX_TEXT = 32_767;

/** Bytes a writer's buffer starts with, by default; it grows when a write needs more (a long text). */
const INITIAL = 512 * 1024;

/** Whether `s` has Excel's own escape `_xHHHH_` at `i` (which a reader would turn into the character). */
function escapeAt(s: string, i: number): boolean {
  if (s.charCodeAt(i + 1) !== 120 || s.charCodeAt(i + 6) !== 95) return false;
  for (let k = i + 2; k < i + 6; k++) {
    const c = s.charCodeAt(k);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/**
 * XML written straight into UTF-8 bytes (decision 0019): a sheet of 100,000 rows is about 140 MB of XML, and building
 * it as JavaScript strings, then encoding them, cost three times as much as writing the bytes once. Constant markup
 * goes in pre-encoded; text is escaped and encoded in one pass.
 */
export class XmlBytes {
  readonly #size: number;
  #buf: Buffer;
  #pos = 0;

  constructor(size = INITIAL) {
    this.#size = size;
    this.#buf = Buffer.allocUnsafe(size);
  }

  /** Bytes written and not yet taken. */
  get length(): number {
    return this.#pos;
  }

  /** What was written since the last take, as a buffer of its own (the writer goes on in a new one). */
  take(): Buffer {
    const out = this.#buf.subarray(0, this.#pos);
    this.#buf = Buffer.allocUnsafe(this.#size);
    this.#pos = 0;
    return out;
  }

  #room(n: number): void {
    if (this.#pos + n <= this.#buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.#buf.length * 2, this.#pos + n));
    this.#buf.copy(bigger, 0, 0, this.#pos);
    this.#buf = bigger;
  }

  /** Markup encoded once (see `utf8`). */
  bytes(b: Uint8Array): this {
    this.#room(b.length);
    this.#buf.set(b, this.#pos);
    this.#pos += b.length;
    return this;
  }

  /** A number, or other text known to be ASCII with nothing to escape. */
  ascii(s: string | number): this {
    const text = typeof s === 'string' ? s : String(s);
    this.#room(text.length);
    const buf = this.#buf;
    let p = this.#pos;
    for (let i = 0; i < text.length; i++) buf[p++] = text.charCodeAt(i);
    this.#pos = p;
    return this;
  }

  /**
   * Text as the content of an XML element, at most Excel's 32,767 characters: & < > as entities; what XML cannot
   * carry (controls other than tab and newline, U+FFFE, U+FFFF) in SpreadsheetML's `_xHHHH_`; the underscore of a
   * literal `_xHHHH_` escaped as `_x005F_` so it reads back as written; a lone surrogate as U+FFFD.
   */
  text(value: string): this {
    const s = value.length > MAX_TEXT ? value.slice(0, MAX_TEXT) : value;
    // At most 7 bytes a character (`_x0001_`; a surrogate pair is 2 characters and 4 bytes): reserved here, so the
    // escapes written through ascii() below never move the buffer.
    this.#room(s.length * 7);
    const buf = this.#buf;
    let p = this.#pos;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 32 ? c !== 38 && c !== 60 && c !== 62 && c !== 95 : c === 9 || c === 10) {
          buf[p++] = c;
          continue;
        }
        this.#pos = p;
        if (c === 38) this.ascii('&amp;');
        else if (c === 60) this.ascii('&lt;');
        else if (c === 62) this.ascii('&gt;');
        else if (c === 95) this.ascii(escapeAt(s, i) ? '_x005F_' : '_');
        else this.ascii(`_x${c.toString(16).toUpperCase().padStart(4, '0')}_`);
        p = this.#pos;
      } else if (c < 0x800) {
        buf[p++] = 0xc0 | (c >> 6);
        buf[p++] = 0x80 | (c & 63);
      } else if (c < 0xd800 || c > 0xdfff) {
        if (c >= 0xfffe) {
          this.#pos = p;
          this.ascii(`_x${c.toString(16).toUpperCase()}_`);
          p = this.#pos;
          continue;
        }
        buf[p++] = 0xe0 | (c >> 12);
        buf[p++] = 0x80 | ((c >> 6) & 63);
        buf[p++] = 0x80 | (c & 63);
      } else {
        const d = s.charCodeAt(i + 1);
        if (c < 0xdc00 && d >= 0xdc00 && d <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          buf[p++] = 0xf0 | (cp >> 18);
          buf[p++] = 0x80 | ((cp >> 12) & 63);
          buf[p++] = 0x80 | ((cp >> 6) & 63);
          buf[p++] = 0x80 | (cp & 63);
          i++;
        } else {
          buf[p++] = 0xef;
          buf[p++] = 0xbf;
          buf[p++] = 0xbd;
        }
      }
    }
    this.#pos = p;
    return this;
  }
}

/** Markup as bytes, encoded once where a writer is made. */
export const utf8 = (markup: string): Buffer => Buffer.from(markup, 'utf8');
