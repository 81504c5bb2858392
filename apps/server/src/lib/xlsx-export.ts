import { PassThrough, type Writable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { todayInRome } from './clock.ts';
import { contentDisposition } from './content-disposition.ts';
import { utf8, XmlBytes } from './xml-bytes.ts';

/**
 * Spreadsheet exports (docs/decisions/0019-fast-xlsx-writer.md): one column map per export drives the header, the cell
 * type and the width; rows are written as they are read, so memory stays flat whatever the size. The SpreadsheetML
 * is written here as text, row by row, with a fixed style sheet:
 * - text: an inline string (never a formula, whatever it starts with) in a cell formatted as text '@', so '=1+1'
 *   or '+39 02 1234' stays what it is, and editing the cell in Excel later does not turn it into a formula either;
 * - date (YYYY-MM-DD) and month (YYYY-MM-01): real dates (serial numbers), shown dd/mm/yyyy and mm/yyyy;
 * - money: euros as numbers with two decimals and the euro sign; int: whole numbers.
 * The header row is bold and frozen; each column is at least as wide as its header and its kind need. The rows are
 * written as UTF-8 bytes directly (`XmlBytes`), the markup around each value encoded once per sheet.
 */
export type CellType = 'text' | 'date' | 'month' | 'money' | 'int';
export type ExportColumn<R> = { header: string; width: number; type: CellType; value: (row: R) => string | number };

/** The file name of an export: the report's name and today's date, 'posatori-2026-11-25.xlsx'. */
const exportFileName = (report: string, today: string) => `${report}-${today}.xlsx`;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One sheet of a workbook: its name and its XML (UTF-8), produced in pieces as its rows are read. */
export type Sheet = { readonly name: string; xml(): AsyncIterable<Uint8Array | typeof SHEET_BREAK> };

/** What a sheet yields when its rows go on in a new sheet of the same name: Excel holds 1,048,576 rows a sheet. */
export const SHEET_BREAK: unique symbol = Symbol('nuovo foglio');
/** Data rows a sheet holds below its header. */
const SHEET_MAX_ROWS = 1_048_575;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The cell styles of styles.xml, by their index in cellXfs. */
const HEADER_STYLE = 1;
const cellStyle: Record<CellType, number> = { text: 2, date: 3, month: 4, money: 5, int: 6 };

/** One font plain and one bold; text '@' (49), the dates and the money as custom formats, int '0' (1). */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="mm/yyyy"/>' +
  '<numFmt numFmtId="166" formatCode="#,##0.00 &quot;€&quot;"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** Text as the content of an XML element, escaped as the cells' text is (`XmlBytes.text`). */
export const xmlText = (value: string): string => new XmlBytes(0).text(value).take().toString('utf8');

/** Spreadsheet's letters of a column: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = (n - r - 1) / 26;
  }
  return s;
}

/** Excel's serial day of a YYYY-MM-DD date (1 = 1900-01-01 after Excel's leap day), or null for anything else. */
export function dateSerial(value: string): number | null {
  if (value.length < 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const ms = Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)));
  return Number.isFinite(ms) ? ms / 86_400_000 + 25_569 : null;
}

const minWidth: Record<CellType, number> = { text: 6, date: 11, month: 9, money: 12, int: 6 };

/**
 * A column's width in Excel's units (the width of a digit): what its map asks, at least what its kind needs
 * (dd/mm/yyyy, a sum in euros) and what its bold capital header needs, so no header is cut.
 */
export function columnWidth(column: { header: string; width: number; type: CellType }): number {
  return Math.max(column.width, minWidth[column.type], Math.ceil(column.header.length * 1.2) + 2);
}

/**
 * The writer of a column's cells, made once per sheet: the cell of a row (r is its number) with the column's style,
 * or nothing for an empty cell (empty text, no date), which the column's own style still formats.
 */
function cellWriter<R>(column: ExportColumn<R>, index: number): (out: XmlBytes, row: R, r: number) => void {
  const open = utf8(`<c r="${columnLetters(index)}`);
  const style = `" s="${cellStyle[column.type]}"`;
  switch (column.type) {
    case 'text': {
      const start = utf8(`${style} t="inlineStr"><is><t>`);
      const preserve = utf8(`${style} t="inlineStr"><is><t xml:space="preserve">`);
      const end = utf8('</t></is></c>');
      return (out, row, r) => {
        const value = column.value(row);
        if (value === null || value === undefined || value === '') return;
        const s = String(value);
        const spaced = s.charCodeAt(0) <= 32 || s.charCodeAt(s.length - 1) <= 32;
        out
          .bytes(open)
          .ascii(r)
          .bytes(spaced ? preserve : start)
          .text(s)
          .bytes(end);
      };
    }
    case 'date':
    case 'month': {
      const start = utf8(`${style}><v>`);
      const end = utf8('</v></c>');
      return (out, row, r) => {
        const value = column.value(row);
        const serial = typeof value === 'string' ? dateSerial(value) : null;
        if (serial !== null) out.bytes(open).ascii(r).bytes(start).ascii(serial).bytes(end);
      };
    }
    default: {
      const start = utf8(`${style}><v>`);
      const end = utf8('</v></c>');
      return (out, row, r) => {
        const value = column.value(row);
        const n = typeof value === 'number' ? value : Number(value) || 0;
        if (Number.isFinite(n)) out.bytes(open).ascii(r).bytes(start).ascii(n).bytes(end);
      };
    }
  }
}

/** Bytes handed on at about this size: a few per page of rows, each compressed in one go. */
const PIECE = 256 * 1024;

/**
 * A sheet: the header row frozen and bold, the columns' widths and formats, then every row the pages give (an async
 * iterable of arrays, read one page at a time, when the workbook is written).
 */
export function sheetOf<R>(
  name: string,
  columns: readonly ExportColumn<R>[],
  pages: AsyncIterable<readonly R[]>,
  maxRows = SHEET_MAX_ROWS,
): Sheet {
  return {
    name,
    async *xml() {
      const cells = columns.map(cellWriter);
      const cols = columns
        .map(
          (c, i) =>
            `<col min="${i + 1}" max="${i + 1}" width="${columnWidth(c)}" style="${cellStyle[c.type]}" customWidth="1"/>`,
        )
        .join('');
      const header = columns
        .map(
          (c, i) =>
            `<c r="${columnLetters(i)}1" s="${HEADER_STYLE}" t="inlineStr"><is><t>${xmlText(c.header)}</t></is></c>`,
        )
        .join('');
      const head = utf8(
        `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
          '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
          '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
          `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
      );
      const tail = utf8('</sheetData></worksheet>');
      const rowStart = utf8('<row r="');
      const rowOpened = utf8('">');
      const rowEnd = utf8('</row>');
      const out = new XmlBytes().bytes(head);
      let r = 1;
      for await (const page of pages) {
        for (const row of page) {
          if (r > maxRows) {
            // The sheet is full: its rows go on in the next one, under the same header.
            yield out.bytes(tail).take();
            yield SHEET_BREAK;
            out.bytes(head);
            r = 1;
          }
          r += 1;
          out.bytes(rowStart).ascii(r).bytes(rowOpened);
          for (const cell of cells) cell(out, row, r);
          out.bytes(rowEnd);
          if (out.length >= PIECE) yield out.take();
        }
      }
      yield out.bytes(tail).take();
    },
  };
}

/** Rows already in memory (a few hundred figures) as the one page of a sheet. */
export async function* onePage<R>(rows: readonly R[]): AsyncGenerator<readonly R[]> {
  await Promise.resolve();
  yield rows;
}

/** Deflate level: 1 is several times faster than 6 for files a few percent larger (decision 0019). */
const LEVEL = 1;
/** Pieces being compressed at once on the thread pool, at most: the two cores, and one more ready. */
const IN_FLIGHT = 3;

/** A piece deflated on its own, flushed to a byte boundary and not marked as the stream's last block. */
const PIECE_OPTIONS: zlib.ZlibOptions = {
  level: LEVEL,
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
  // One output buffer for a piece (about 40 kB of a 256 kB piece), not several joined.
  chunkSize: 128 * 1024,
};
/** zlib's own buffers, never on shared memory: the ArrayBuffer fflate's handler asks for. */
const own = (b: Buffer) => b as Buffer<ArrayBuffer>;
const deflateRaw = promisify(zlib.deflateRaw);
const deflatePiece = async (bytes: Uint8Array) => own(await deflateRaw(bytes, PIECE_OPTIONS));
/** A deflate stream's last block, empty: what ends a run of pieces each compressed on its own. */
const LAST_BLOCK = own(zlib.deflateRawSync(Buffer.alloc(0), { level: LEVEL }));

/** Resolves once `stream` can take more, rejects if it closes first (the client went away). */
export function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('stream chiuso'));
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('stream chiuso'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/**
 * A file of the zip, deflated by Node's zlib and framed by fflate's streaming Zip, which takes any entry that tells
 * its CRC and size. Each piece is deflated on its own (pigz's way: flushed to a byte boundary and not marked last, so
 * the pieces' outputs joined in order, then an empty last block, are one deflate stream); so several compress at
 * once on the thread pool while the next rows are read, none waiting for the main thread between them, for files
 * under 1% larger than one stream would make.
 */
export class DeflatedEntry implements ZipInputFile {
  readonly compression = 8;
  size = 0;
  crc = 0;
  ondata: AsyncFlateStreamHandler = () => undefined;
  readonly filename: string;
  /** Pieces handed to zlib, in the file's order, their output not yet passed on. */
  readonly #pending: Promise<Buffer<ArrayBuffer>>[] = [];
  #terminated = false;

  constructor(filename: string) {
    this.filename = filename;
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.crc = zlib.crc32(bytes, this.crc);
    this.size += bytes.length;
    const deflated = deflatePiece(bytes);
    // A failure is the rejection awaited below; this keeps it from being unhandled meanwhile.
    deflated.catch(() => undefined);
    this.#pending.push(deflated);
    while (this.#pending.length > IN_FLIGHT) await this.#passOn();
  }

  async #passOn(): Promise<void> {
    const next = this.#pending.shift();
    if (!next) return;
    const out = await next;
    if (!this.#terminated) this.ondata(null, out, false);
  }

  async end(): Promise<void> {
    while (this.#pending.length > 0) await this.#passOn();
    if (!this.#terminated) this.ondata(null, LAST_BLOCK, true);
  }

  terminate(): void {
    this.#terminated = true;
  }
}

const attr = (s: string) => xmlText(s).replace(/"/g, '&quot;');

/** Excel's rules for a sheet name: at most 31 characters, none of : \ / ? * [ ], and unique in the workbook. */
function sheetNames(wanted: readonly string[]): string[] {
  const used = new Set<string>();
  return wanted.map((want, i) => {
    let name =
      want
        .replace(/[:\\/?*[\]]/g, ' ')
        .slice(0, 31)
        .trim() || `Foglio${i + 1}`;
    if (used.has(name.toLowerCase())) name = `${name.slice(0, 26)} (${i + 1})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** The package's parts that describe the workbook: content types, relationships, the sheets' list, the styles. */
function workbookParts(names: readonly string[]): [string, string][] {
  const sheetOverrides = names
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  const contentTypes =
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    `${sheetOverrides}</Types>`;
  const rootRels =
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook =
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView activeTab="0"/></bookViews><sheets>` +
    names.map((n, i) => `<sheet name="${attr(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
    '</sheets></workbook>';
  const workbookRels =
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    names
      .map(
        (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join('') +
    `<Relationship Id="rId${names.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
  return [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', rootRels],
    ['xl/workbook.xml', workbook],
    ['xl/_rels/workbook.xml.rels', workbookRels],
    ['xl/styles.xml', STYLES],
  ];
}

/**
 * Writes the workbook to `out` and ends it: the sheets one after the other, streaming their rows, then the parts that
 * describe the workbook (a zip's order is free; they name every sheet, so they come once the sheets are known); it
 * waits whenever `out` (the HTTP reply) has enough in hand, so memory stays flat.
 */
export async function writeXlsx(out: Writable, sheets: readonly Sheet[]): Promise<void> {
  let failure: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const entries: DeflatedEntry[] = [];
  const add = (filename: string) => {
    const entry = new DeflatedEntry(filename);
    entries.push(entry);
    zip.add(entry);
    return entry;
  };
  try {
    // The sheets first, as their rows come (a sheet may go on in a second one), then the parts that list them.
    const names: string[] = [];
    for (const sheet of sheets) {
      names.push(sheet.name);
      let part = add(`xl/worksheets/sheet${names.length}.xml`);
      let continued = 1;
      for await (const piece of sheet.xml()) {
        if (piece === SHEET_BREAK) {
          await part.end();
          continued += 1;
          names.push(`${sheet.name} (${continued})`);
          part = add(`xl/worksheets/sheet${names.length}.xml`);
          continue;
        }
        await part.write(piece);
        if (failure) throw failure;
        await drained(out);
      }
      await part.end();
    }
    for (const [filename, text] of workbookParts(sheetNames(names))) {
      const part = add(filename);
      await part.write(utf8(text));
      await part.end();
    }
    zip.end();
    if (failure) throw failure;
  } catch (err) {
    entries.at(-1)?.terminate();
    throw err;
  }
}

/**
 * Streams a workbook as the reply: headers first, then rows as they are read. A failure before the first byte is
 * the usual error reply (the rows are only read once the checks passed); one while writing ends the download,
 * which the browser reports as failed, and is logged.
 */
export function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  report: string,
  sheets: readonly Sheet[],
): FastifyReply {
  const out = new PassThrough();
  writeXlsx(out, sheets).catch((err: unknown) => {
    // The client that goes away (Annulla, a closed tab) ends the stream first: no error of ours.
    if (out.destroyed) {
      request.log.info(`export ${report} interrotto dal client`);
      return;
    }
    request.log.error({ err }, `export ${report} interrotto`);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(exportFileName(report, todayInRome()), 'attachment'))
    .header('cache-control', 'private, no-store')
    .send(out);
}
