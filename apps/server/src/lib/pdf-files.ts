/**
 * Uploaded PDFs (partner payments): the type comes from the bytes and the structure must hold together, so a text
 * file, an image or a truncated download renamed .pdf is refused whatever its name or declared type.
 */

const HEADER = /^%PDF-(1\.[0-7]|2\.0)/;
/** Readers look for %%EOF near the end; a little slack for trailing whitespace or garbage some tools add. */
const TAIL_BYTES = 2048;
const STARTXREF = /startxref\s+(\d+)\s+%%EOF/g;
const XREF_AT = /^\s*(xref|\d+\s+\d+\s+obj)/;

/**
 * True for a plausible PDF: the %PDF-1.x / 2.0 header at the start, %%EOF at the end, and the last startxref
 * pointing inside the file at a cross-reference table or stream. Not a full parse: enough to refuse anything that
 * is not a PDF, cheaply, without a PDF library.
 */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.length < 64 || !HEADER.test(bytes.subarray(0, 8).toString('latin1'))) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)).toString('latin1');
  let offset: number | undefined;
  for (const match of tail.matchAll(STARTXREF)) offset = Number(match[1]);
  if (offset === undefined || offset <= 8 || offset >= bytes.length) return false;
  return XREF_AT.test(bytes.subarray(offset, offset + 64).toString('latin1'));
}

/** PDF literal string: backslash, parentheses escaped; WinAnsi (Latin-1) text, anything else as '?'. */
function pdfString(text: string): string {
  const latin = text.replace(/€/g, 'EUR').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A small real one-page A4 PDF showing lines of text in Helvetica, with a correct cross-reference table: demo
 * receipts and test files, without a PDF library.
 */
export function simplePdf(lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 12 Tf',
    '16 TL',
    '56 780 Td',
    ...lines.flatMap((line, i) => (i === 0 ? [`${pdfString(line)} Tj`] : ['T*', `${pdfString(line)} Tj`])),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
