import * as z from 'zod/mini';

/**
 * Zod's own messages in plain Italian, for the issues our schemas leave without a message of their own (paging
 * sizes, enums, uuids in paths, wrong JSON types). Zod's Italian locale names the JavaScript type ('Troppo grande:
 * number deve essere <=200'); these say what a person can act on ('Il valore deve essere al massimo 200').
 * Import once at start-up.
 */

const typeNames: Record<string, string> = {
  string: 'un testo',
  number: 'un numero',
  int: 'un numero intero',
  boolean: 'sì o no (true o false)',
  array: 'un elenco',
  object: 'un oggetto',
  record: 'un oggetto',
  map: 'un oggetto',
  date: 'una data',
  bigint: 'un numero intero',
};

const sizeUnits: Record<string, string> = {
  string: 'caratteri',
  array: 'elementi',
  set: 'elementi',
  map: 'elementi',
  file: 'byte',
};

const formatNames: Record<string, string> = {
  email: 'Indirizzo e-mail non valido',
  uuid: 'Identificativo non valido',
  guid: 'Identificativo non valido',
  url: 'Indirizzo web non valido',
  date: 'Data non valida (AAAA-MM-GG)',
  datetime: 'Data e ora non valide',
};

function bound(n: number | bigint): string {
  return typeof n === 'bigint' ? n.toString() : n.toLocaleString('it-IT');
}

export function italianIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Campo obbligatorio';
      return `Valore non valido: atteso ${typeNames[issue.expected] ?? 'un altro tipo di valore'}`;
    }
    case 'too_big': {
      const unit = sizeUnits[issue.origin];
      const max = bound(issue.maximum);
      if (unit) return `Massimo ${max} ${unit}`;
      return issue.inclusive ? `Il valore deve essere al massimo ${max}` : `Il valore deve essere minore di ${max}`;
    }
    case 'too_small': {
      const unit = sizeUnits[issue.origin];
      const min = bound(issue.minimum);
      if (unit === 'caratteri' && Number(issue.minimum) === 1) return 'Campo obbligatorio';
      if (unit) return `Almeno ${min} ${unit}`;
      return issue.inclusive ? `Il valore deve essere almeno ${min}` : `Il valore deve essere maggiore di ${min}`;
    }
    case 'invalid_format':
      return formatNames[issue.format] ?? 'Formato non valido';
    case 'not_multiple_of':
      return `Il valore deve essere un multiplo di ${bound(issue.divisor)}`;
    case 'invalid_value':
      return 'Valore non ammesso';
    case 'unrecognized_keys':
      return `Campi non previsti: ${issue.keys.join(', ')}`;
    default:
      return 'Valore non valido';
  }
}

z.config({ localeError: italianIssue });
