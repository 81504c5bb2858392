import type { Content } from 'pdfmake';
import { backgroundThread, type BackgroundThread } from './background-thread.ts';
import { requestSignal } from './client-gone.ts';

/**
 * PDF reports, drawn by pdfmake on a thread of their own (lib/pdf-thread.ts): a report costs tens of milliseconds
 * of CPU, which on the request thread every other request of the process would wait out.
 */
export const PDF_TYPE = 'application/pdf';

/**
 * A report: its title, the date it was made and its content. The content crosses to the drawing thread, so it is
 * data only (text, tables, images as data URLs, table layouts by name), no functions.
 */
export type PdfReport = { title: string; subtitle?: string; generatedOn: string; content: Content[] };

let thread: BackgroundThread | undefined;

/** How many reports wait for the PDF thread, and how many were dropped, their client gone (for /metrics). */
export const pdfWaiting = (): number => thread?.waiting() ?? 0;
export const pdfDropped = (): number => thread?.dropped() ?? 0;

/**
 * The report as a PDF file, drawn on the PDF thread (started by the first report); not drawn if the client that
 * asked for it has gone before its turn (lib/client-gone.ts).
 */
export async function renderPdf(report: PdfReport): Promise<Buffer> {
  thread ??= backgroundThread(new URL('./pdf-thread.ts', import.meta.url), 'drawPdf');
  const bytes = (await thread.run(report, requestSignal())) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** YYYY-MM-DD as an Italian reads it, dd/mm/yyyy; '' stays '' (a form left empty prints empty). */
export function itDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** YYYY-MM-… as mm/yyyy (course months). */
export function itMonth(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[2]}/${m[1]}` : '';
}

const euroFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
/** Euros as on the screens: '1.234,56 €'. */
export const itEuro = (euros: number) => euroFormat.format(euros);

/** Label and value pairs in two columns, the way the forms show them; empty values print a dash. */
export function fieldGrid(fields: readonly (readonly [string, string])[]): Content {
  const rows = [];
  for (let i = 0; i < fields.length; i += 2) {
    const cell = (f: readonly [string, string] | undefined) =>
      f ? { stack: [{ text: f[0], style: 'label', fontSize: 8 }, { text: f[1] || '—' }] } : { text: '' };
    rows.push([cell(fields[i]), cell(fields[i + 1])]);
  }
  // No lines, 3 points above and below each field (lib/pdf-thread.ts).
  return { table: { widths: ['*', '*'], body: rows }, layout: 'fieldGrid' } as Content;
}
