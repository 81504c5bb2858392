/**
 * The calendars' Italian names: weekdays as two letters (Sunday first, as Date.getDay() and dayjs' day() count)
 * and months capitalised, as calendar headings write them. The home's day strip and the date pickers share them.
 */
export const WEEKDAYS = ['Do', 'Lu', 'Ma', 'Me', 'Gi', 'Ve', 'Sa'] as const;

export const MONTHS = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
] as const;
