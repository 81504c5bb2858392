import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  errorsWorkbook,
  readImportSheet,
  REASON_HEADER,
  spreadsheetProblem,
  workbookMsg,
  type ImportSheet,
} from '@portal/shared/import-workbook';

/** Written by LibreOffice Calc from the .fods sources beside them (see e2e/fixtures/imports/README.md). */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../../e2e/fixtures/imports/${name}`, import.meta.url)));

const sheetOf = (name: string): ImportSheet => {
  const read = readImportSheet(XLSX, fixture(name));
  if ('problem' in read) throw new Error(read.problem);
  return read;
};

describe.each(['posatori.xlsx', 'posatori.xls'])('the installers of %s', (name) => {
  const sheet = sheetOf(name);

  it('finds the header on the fourth row and numbers the rows as the sheet does', () => {
    expect(sheet.kind).toBe('posatori');
    expect(sheet.headers[0]).toBe('CODICE FISCALE');
    expect(sheet.rows[0]?.riga).toBe(5);
    expect(sheet.rows).toHaveLength(9);
  });

  it('reads every value as a person reads it: CAP with its zeros, dates, phone digits', () => {
    const first = sheet.rows[0]?.record;
    expect(first).toMatchObject({
      codfis: 'BNCLCU80C15H501I',
      cap: '00184',
      dtnasc: '1980-03-15',
      cell: '3331234567',
      phone: '61234567',
      rivenditore: 'RIV001',
    });
    expect(sheet.rows[1]?.record).toMatchObject({ dtnasc: '05/11/1975', cell: '+39 347 765 4321', cap: '20124' });
    expect(sheet.rows[4]?.record).toMatchObject({ cap: '00157', piva: '01234567897' });
    expect(sheet.rows[7]?.record).toMatchObject({ cap: '0016', state: 'ROM' });
  });
});

describe('the company file', () => {
  it('is recognised by its headers, with validity dates as dates', () => {
    const sheet = sheetOf('aziende.xlsx');
    expect(sheet.kind).toBe('azienda');
    expect(sheet.rows[0]?.record).toMatchObject({
      code: 'CRM-0001',
      cap: '60121',
      dtstart: '2025-02-01',
      dtend: '2026-12-31',
    });
    expect(sheet.rows[1]?.record.phone).toBe('24567890');
  });
});

describe('files that cannot be imported', () => {
  it('says which columns are missing when no header row is found in the first 10 rows', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['CODICE FISCALE', 'COGNOME', 'NOME'],
        ['X', 'Y', 'Z'],
      ]),
      'A',
    );
    const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const read = readImportSheet(XLSX, data);
    expect('problem' in read && read.problem).toContain('mancano le colonne EMAIL, CELLULARE');
  });

  it('refuses other extensions, files over 10 MB and bytes that are not a spreadsheet', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    expect(spreadsheetProblem('elenco.csv', 10, zip)).toBe(workbookMsg.soloXlsXlsx);
    expect(spreadsheetProblem('elenco.xlsx', 11 * 1024 * 1024, zip)).toBe(workbookMsg.troppoGrande);
    expect(spreadsheetProblem('elenco.xlsx', 10, new TextEncoder().encode('CODICE;COGNOME'))).toBe(
      workbookMsg.nonLeggibile,
    );
    expect(spreadsheetProblem('elenco.XLS', 10, fixture('posatori.xls').slice(0, 8))).toBeUndefined();
  });
});

describe('errors.xlsx', () => {
  it('puts each error group on its own sheet, with the original headers, the rows as they were and the reason', () => {
    const sheet = sheetOf('posatori.xlsx');
    const book = errorsWorkbook(XLSX, sheet, [
      { riga: 5, esito: 'nuovo', motivo: '' },
      { riga: 10, esito: 'errore', motivo: 'CODICE FISCALE: Codice fiscale non valido' },
      { riga: 11, esito: 'errore', motivo: 'COGNOME: Campo obbligatorio' },
      { riga: 13, esito: 'errore', motivo: 'CODICE FISCALE: Codice fiscale non valido' },
    ]);
    const back = XLSX.read(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer, { type: 'array' });
    expect(back.SheetNames).toEqual(['Errori 1', 'Errori 2']);
    const first = XLSX.utils.sheet_to_json<string[]>(back.Sheets['Errori 1']!, { header: 1, raw: false });
    expect(first[0]).toEqual([...sheet.headers, REASON_HEADER]);
    expect(first).toHaveLength(3);
    expect(first[1]?.[0]).toBe('RSSMRA80A01H501X');
    expect(first[1]?.[10]).toBe('00185');
    expect(first[1]?.at(-1)).toBe('CODICE FISCALE: Codice fiscale non valido');
  });
});
