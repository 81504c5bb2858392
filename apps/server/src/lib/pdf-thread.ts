import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';
import type { Content } from 'pdfmake';
import { itDate, type PdfReport } from './pdf.ts';

/**
 * The PDF reports' thread (lib/pdf.ts): pdfmake draws on it, so the tens of milliseconds a report takes are not
 * taken from the requests of the process. Roboto ships with pdfmake, so every accented letter and the euro sign
 * print, and no other font file is ever read: the local access policy allows that one folder only (a document
 * definition cannot name a path on the server).
 */
const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'build',
  'fonts',
  'Roboto',
);

pdfmake.setFonts({
  Roboto: {
    normal: join(fontDir, 'Roboto-Regular.ttf'),
    bold: join(fontDir, 'Roboto-Medium.ttf'),
    italics: join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontDir));
pdfmake.setUrlAccessPolicy(() => false);
// Layouts are functions, which cannot cross to this thread in a report's content: the content names them.
pdfmake.addTableLayouts({
  fieldGrid: { hLineWidth: () => 0, vLineWidth: () => 0, paddingTop: () => 3, paddingBottom: () => 3 },
});

type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];

/** The portal's brand colour, as in the web theme. */
const BRAND = '#1f5f99';

/** One look for every report: A4, the title on top, the date it was made and the page numbers at the foot. */
export async function drawPdf(opts: PdfReport): Promise<Uint8Array> {
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 56],
    info: { title: opts.title, creator: 'Portale Posatori', producer: 'Portale Posatori' },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 18, bold: true, color: BRAND, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 11, color: '#555555', margin: [0, 0, 0, 14] },
      section: { fontSize: 12, bold: true, color: BRAND, margin: [0, 14, 0, 6] },
      label: { color: '#666666' },
      th: { bold: true, color: '#333333' },
    },
    content: [
      { text: opts.title, style: 'title' },
      ...(opts.subtitle ? [{ text: opts.subtitle, style: 'subtitle' }] : [{ text: '', margin: [0, 0, 0, 12] }]),
      ...opts.content,
    ] as Content[],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `Portale Posatori · generato il ${itDate(opts.generatedOn)}`, color: '#888888' },
        { text: `Pagina ${page} di ${pages}`, alignment: 'right', color: '#888888' },
      ],
      fontSize: 8,
      margin: [40, 20, 40, 0],
    }),
  };
  return pdfmake.createPdf(doc).getBuffer();
}
