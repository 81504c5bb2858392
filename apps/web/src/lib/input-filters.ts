import { codfisFilter } from '@portal/shared/validation/filters';

/** Partita IVA: same filter as the codice fiscale (upper case, no blanks), so a pasted 'it 0123…' is not refused. */
export function pivaFilter(value: string): string {
  return codfisFilter(value).replace(/\s/g, '');
}
