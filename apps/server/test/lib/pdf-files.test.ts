import { describe, expect, it } from 'vitest';
import { addDays, addMonths, todayInRome } from '../../src/lib/clock.ts';
import { isPdf, simplePdf } from '../../src/lib/pdf-files.ts';

describe('PDF checks', () => {
  it('accepts the PDFs it writes, with their text and a working cross-reference', () => {
    const pdf = simplePdf(['Ricevuta (prova) \\ con à è ù e €']);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(isPdf(pdf)).toBe(true);
    const text = pdf.toString('latin1');
    expect(text).toContain('(Ricevuta \\(prova\\) \\\\ con \xe0 \xe8 \xf9 e EUR) Tj');
    const offset = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(offset, offset + 4)).toBe('xref');
    const offsets = [...text.matchAll(/(\d{10}) 00000 n/g)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((at, i) => expect(text.startsWith(`${i + 1} 0 obj\n`, at)).toBe(true));
  });

  it('tolerates CRLF line ends and trailing whitespace after %%EOF', () => {
    const crlf = Buffer.from(`${simplePdf(['x']).toString('latin1')}\r\n  \r\n`, 'latin1');
    expect(isPdf(crlf)).toBe(true);
  });

  it('refuses anything else', () => {
    const pdf = simplePdf(['x']);
    expect(isPdf(Buffer.from('%PDF-1.4 but nothing else'))).toBe(false);
    expect(isPdf(Buffer.concat([Buffer.from(' '), pdf]))).toBe(false);
    expect(isPdf(Buffer.from(pdf.toString('latin1').replace('%PDF-1.4', '%PDF-9.9'), 'latin1'))).toBe(false);
    expect(isPdf(pdf.subarray(0, pdf.length - 7))).toBe(false);
    expect(isPdf(Buffer.from(pdf.toString('latin1').replace(/startxref\n\d+/, 'startxref\n12'), 'latin1'))).toBe(false);
    expect(isPdf(Buffer.alloc(2000, 0x41))).toBe(false);
  });
});

describe('calendar helpers', () => {
  it('adds months keeping the day, or the month’s last day when it has none', () => {
    expect(addMonths('2025-01-15', 12)).toBe('2026-01-15');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-12-31', 2)).toBe('2026-02-28');
  });

  it('adds days across months and years, and knows today in Rome', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    // 23:30 UTC on 31 December is already New Year's Day in Rome.
    expect(todayInRome(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(todayInRome(new Date('2025-07-01T21:59:00Z'))).toBe('2025-07-01');
  });
});
