import dayjs from 'dayjs';
import { onFirstUse } from './first-use.ts';

/** Avatar initials: the first letters of the first two words of the name. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** Dates travel as YYYY-MM-DD or ISO timestamps and are shown dd/mm/yyyy. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY') : '';
}

/** A day as Italy's calendar reads it: dd/mm/yyyy. */
const romeDate = { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** A moment (an ISO timestamp) as Italy's clock read it: dd/mm/yyyy hh:mm. */
const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { ...romeDate, hour: '2-digit', minute: '2-digit' }),
);
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime().format(date);
}

const romeDay = onFirstUse(() => new Intl.DateTimeFormat('it-IT', romeDate));
const romeTime = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }),
);

/** A moment (an ISO timestamp) in a sentence, as Italy's clock read it: 'il 26/11/2026 alle 09:47'. */
export function formatDayAndTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `il ${romeDay().format(date)} alle ${romeTime().format(date)}`;
}

const euro = onFirstUse(
  () =>
    new Intl.NumberFormat('it-IT', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      // it-IT leaves 4-digit amounts ungrouped by default; the spec wants 1.234,56 too.
      useGrouping: 'always',
    }),
);

/** Money travels as a number of euros and is shown 1.234,56 €. */
export function formatEuro(value: number | null | undefined): string {
  return value == null ? '' : euro().format(value);
}

/**
 * A count as the screens write it: 1.234, 50.000 (a dot every three digits, 4-digit counts too, as the money and the
 * statistics write them). Whole numbers only; a fraction is rounded. Written without Intl on purpose: the lists'
 * count line and the home's tiles draw it in their first render with data, and a page's first Intl number format
 * loads ICU's data on the main thread (docs/performance/front-end-weight.md). apps/web/test/formatters.test.ts holds
 * it to `Intl.NumberFormat('it-IT', { useGrouping: 'always' })`.
 */
export function formatCount(value: number): string {
  const whole = Math.round(value);
  const digits = Math.abs(whole)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, '.');
  return whole < 0 ? `-${digits}` : digits;
}

/**
 * A file's size as people read it: 820 kB, 4,2 MB (a comma before the decimal, as Italian writes it). The documents'
 * list, the file picker and the export's download progress write sizes this one way.
 */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  const tenths = Math.round((bytes / (1024 * 1024)) * 10);
  return `${formatCount(Math.trunc(tenths / 10))}${tenths % 10 ? `,${tenths % 10}` : ''} MB`;
}

/** One line address: 'Via Roma 1, 20100 Milano (MI)', skipping the parts that are empty. */
export function formatAddress(parts: { address: string; cap: string; city: string; state: string }): string {
  const place = [parts.cap, parts.city].filter(Boolean).join(' ');
  const withProvince = parts.state ? `${place} (${parts.state})`.trim() : place;
  return [parts.address, withProvince].filter(Boolean).join(', ');
}

/** Month fields travel as YYYY-MM-01 and are shown mm/yyyy. */
export function formatMonth(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MM/YYYY') : '';
}

const moneyInput = onFirstUse(
  () =>
    new Intl.NumberFormat('it-IT', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    }),
);

/** A money field's text: 1234.56 -> '1.234,56' (the euro sign sits beside the field). */
export function formatMoneyInput(value: number | null | undefined): string {
  return value == null || Number.isNaN(value) ? '' : moneyInput().format(value);
}

/**
 * What a money field's text means in euros (comma decimal, dot thousands): '1.234,56' and
 * '1234,56' -> 1234.56, '' -> null, anything else -> NaN (refused by the money schema as 'Importo non valido').
 * A lone dot followed by 1 or 2 digits is read as a decimal point ('12.5'), with 3 digits as thousands.
 */
export function parseMoneyInput(text: string): number | null {
  const value = text.replace(/[\s€]/g, '');
  if (value === '') return null;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(value) || /^\d+(,\d{1,2})?$/.test(value)) {
    return Number(value.replace(/\./g, '').replace(',', '.'));
  }
  if (/^\d+\.\d{1,2}$/.test(value)) return Number(value);
  return Number.NaN;
}
