import * as XLSX from '@e965/xlsx';
import { PassThrough, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  columnLetters,
  columnWidth,
  dateSerial,
  onePage,
  sheetOf,
  writeXlsx,
  xmlText,
  type ExportColumn,
} from '../../src/lib/xlsx-export.ts';

type Row = { text: string; day: string; month: string; cents: number; n: number };

const columns: ExportColumn<Row>[] = [
  { header: 'TESTO', width: 20, type: 'text', value: (r) => r.text },
  { header: 'DATA DI NASCITA', width: 8, type: 'date', value: (r) => r.day },
  { header: 'MESE', width: 8, type: 'month', value: (r) => r.month },
  { header: 'VALORE', width: 8, type: 'money', value: (r) => r.cents / 100 },
  { header: 'COUPON UTILIZZATI', width: 8, type: 'int', value: (r) => r.n },
];

/** Text a spreadsheet or an XML parser could get wrong. */
const tricky = [
  '=HYPERLINK("http://esempio.it","clic")',
  '+39 02 1234',
  '-1',
  '@SUM(A1)',
  '00184',
  'Rossi & Figli <srl> "x" \'y\'',
  '  spazi davanti e dietro  ',
  'riga uno\nriga due\ttab',
  'Nicolò Ærø 😀 €',
  '_x0041_ resta così',
  'controllo\u0001\u001f fine',
];

async function write(sheets: Parameters<typeof writeXlsx>[1]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeXlsx(out, sheets);
  await ended;
  return Buffer.concat(chunks);
}

const read = (file: Buffer) => XLSX.read(file, { type: 'buffer', cellDates: true, cellNF: true, bookFiles: true });
const part = (book: XLSX.WorkBook, name: string) =>
  Buffer.from(
    (book as unknown as { files: Record<string, { content: Uint8Array }> }).files[name]?.content ?? [],
  ).toString('utf8');

describe('the xlsx writer', () => {
  it('goes on in a second sheet of the same name, under the same header, when a sheet is full', async () => {
    const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({
      text: `riga ${i + 1}`,
      day: '2026-01-01',
      month: '2026-01-01',
      cents: 100,
      n: i + 1,
    }));
    async function* twoPages() {
      await Promise.resolve();
      yield rows.slice(0, 4);
      yield rows.slice(4);
    }
    const book = read(
      await write([sheetOf('Log coupon', columns, twoPages(), 3), sheetOf('Altro', columns, onePage([]))]),
    );
    expect(book.SheetNames).toEqual(['Log coupon', 'Log coupon (2)', 'Log coupon (3)', 'Altro']);
    const texts = book.SheetNames.slice(0, 3).map((name) =>
      XLSX.utils.sheet_to_json<string[]>(book.Sheets[name]!, { header: 1, raw: false }).map((r) => r[0]),
    );
    expect(texts).toEqual([
      ['TESTO', 'riga 1', 'riga 2', 'riga 3'],
      ['TESTO', 'riga 4', 'riga 5', 'riga 6'],
      ['TESTO', 'riga 7'],
    ]);
    expect(part(book, 'xl/worksheets/sheet2.xml')).toContain('state="frozen"');
  });

  it('keeps every text as it is, never a formula, with real dates and numbers', async () => {
    const rows: Row[] = tricky.map((text, i) => ({
      text,
      day: '1985-12-10',
      month: '2024-05-01',
      cents: 123456 + i,
      n: i,
    }));
    const book = read(await write([sheetOf('Prova', columns, onePage(rows))]));
    const sheet = book.Sheets.Prova;
    if (!sheet) throw new Error('no sheet');
    tricky.forEach((text, i) => {
      const cell = sheet[`A${i + 2}`] as XLSX.CellObject;
      expect(cell.t).toBe('s');
      expect(cell.f).toBeUndefined();
      expect(cell.v).toBe(text);
    });
    const day = sheet.B2 as XLSX.CellObject;
    expect((day.v as Date).toISOString().slice(0, 10)).toBe('1985-12-10');
    expect(day.z).toBe('dd/mm/yyyy');
    expect((sheet.C2 as XLSX.CellObject).z).toBe('mm/yyyy');
    const money = sheet.D2 as XLSX.CellObject;
    expect(money).toMatchObject({ t: 'n', v: 1234.56 });
    expect(String(money.z)).toBe('#,##0.00 "€"');
    expect(sheet.E3).toMatchObject({ t: 'n', v: 1 });
    expect(XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0]).toEqual(columns.map((c) => c.header));
  });

  it('freezes the bold header row and sizes every column before the rows', async () => {
    const book = read(await write([sheetOf('Prova', columns, onePage([]))]));
    const xml = part(book, 'xl/worksheets/sheet1.xml');
    expect(xml).toMatch(/<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/);
    expect(xml.indexOf('<cols>')).toBeLessThan(xml.indexOf('<sheetData>'));
    const widths = [...xml.matchAll(/<col min="(\d+)" max="\d+" width="([\d.]+)"/g)].map((m) => Number(m[2]));
    expect(widths).toEqual(columns.map(columnWidth));
    columns.forEach((c, i) => {
      expect(widths[i]).toBeGreaterThanOrEqual(c.width);
      expect(widths[i]).toBeGreaterThan(c.header.length);
    });
    expect(columnWidth(columns[1] as ExportColumn<Row>)).toBeGreaterThanOrEqual('dd/mm/yyyy'.length);
    // The header's style is bold text; the styles hold the bold font.
    expect(xml).toMatch(/<c r="A1" s="1" t="inlineStr">/);
    expect(part(book, 'xl/styles.xml')).toMatch(/<font><b\/>/);
  });

  it('leaves empty and invalid values as empty cells', async () => {
    const book = read(
      await write([sheetOf('Prova', columns, onePage([{ text: '', day: '', month: 'mai', cents: 0, n: 0 }]))]),
    );
    const sheet = book.Sheets.Prova ?? {};
    expect(sheet.A2).toBeUndefined();
    expect(sheet.B2).toBeUndefined();
    expect(sheet.C2).toBeUndefined();
    expect(sheet.D2).toMatchObject({ v: 0 });
  });

  it('writes several sheets, each with its name, and many pages of rows', async () => {
    async function* pages() {
      for (let p = 0; p < 5; p++) {
        await Promise.resolve();
        yield Array.from({ length: 2_000 }, (_, i) => ({
          text: `riga ${p * 2_000 + i}`,
          day: '2026-11-25',
          month: '2026-11-01',
          cents: i,
          n: i,
        }));
      }
    }
    const book = read(
      await write([sheetOf('Tante righe', columns, pages()), sheetOf('Nome: [strano]?', columns, onePage([]))]),
    );
    expect(book.SheetNames).toEqual(['Tante righe', 'Nome   strano']);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Tante righe'] ?? {});
    expect(rows).toHaveLength(10_000);
    expect(rows[9_999]?.TESTO).toBe('riga 9999');
  });

  it('writes a zip whose every file inflates to the size and CRC its directory declares', async () => {
    async function* pages() {
      for (let p = 0; p < 10; p++) {
        await Promise.resolve();
        yield Array.from({ length: 2_000 }, (_, i) => ({
          text: `${p}-${i}-${Math.random()} Nicolò 😀`,
          day: '2026-11-25',
          month: '2026-11-01',
          cents: i,
          n: i,
        }));
      }
    }
    const file = await write([sheetOf('Prova', columns, pages())]);
    // The central directory: its end record, then one header per file (APPNOTE 4.3.12, 4.3.16).
    const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let at = file.readUInt32LE(end + 16);
    const files: { name: string; crc: number; size: number; data: Buffer }[] = [];
    for (let n = file.readUInt16LE(end + 10); n > 0; n--) {
      const nameLength = file.readUInt16LE(at + 28);
      const local = file.readUInt32LE(at + 42);
      const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      files.push({
        name: file.toString('utf8', at + 46, at + 46 + nameLength),
        crc: file.readUInt32LE(at + 16),
        size: file.readUInt32LE(at + 24),
        data: zlib.inflateRawSync(file.subarray(start, start + file.readUInt32LE(at + 20))),
      });
      at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    }
    expect(files.map((f) => f.name)).toContain('xl/worksheets/sheet1.xml');
    for (const f of files) {
      expect(f.data.length).toBe(f.size);
      expect(zlib.crc32(f.data)).toBe(f.crc);
    }
    expect(files.find((f) => f.name === 'xl/worksheets/sheet1.xml')?.size).toBeGreaterThan(2_000_000);
  });

  it('waits for a slow reader, and stops reading rows when the reader goes away', async () => {
    let pagesRead = 0;
    async function* pages() {
      for (let p = 0; p < 1_000; p++) {
        pagesRead += 1;
        await Promise.resolve();
        yield Array.from({ length: 1_000 }, (_, i) => ({
          text: `${p}-${i}-${Math.random()}`,
          day: '2026-11-25',
          month: '2026-11-01',
          cents: i,
          n: i,
        }));
      }
    }
    let received = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (received > 200_000) this.destroy();
        setTimeout(done, 1);
      },
    });
    await expect(writeXlsx(out, [sheetOf('Prova', columns, pages())])).rejects.toThrow();
    expect(pagesRead).toBeLessThan(50);
  });
});

describe('the writer’s pieces', () => {
  it('escapes text for XML and for Excel’s _xHHHH_ escapes', () => {
    expect(xmlText('a & b < c > d')).toBe('a &amp; b &lt; c &gt; d');
    expect(xmlText('_x0041_')).toBe('_x005F_x0041_');
    expect(xmlText('a\u0001b')).toBe('a_x0001_b');
    expect(xmlText('lone \uD800 surrogate')).toBe('lone \uFFFD surrogate');
    expect(xmlText('plain text 😀')).toBe('plain text 😀');
  });

  it('names columns and dates as Excel does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(dateSerial('1900-03-01')).toBe(61);
    expect(dateSerial('2026-11-25')).toBe(46351);
    expect(dateSerial('')).toBeNull();
    expect(dateSerial('25/11/2026')).toBeNull();
  });
});
