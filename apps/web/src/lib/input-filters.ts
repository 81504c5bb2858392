import { codfisFilter } from '@portal/shared/validation/filters';

/** Partita IVA: same filter as the codice fiscale (upper case, no blanks), so a pasted 'it 0123…' is not refused. */
export function pivaFilter(value: string): string {
  return codfisFilter(value).replace(/\s/g, '');
}

/**
 * What a filtered field keeps of what was typed or pasted: the filter first, then the length limit, so a pasted
 * '20 121' is the CAP '20121' and not '20 12' cut before its space was taken out.
 */
export function applyInputFilter(
  value: string,
  filter: ((value: string) => string) | undefined,
  maxLength: number | undefined,
): string {
  return (filter ? filter(value) : value).slice(0, maxLength);
}
