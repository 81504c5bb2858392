import type { FieldProps } from './field-props.ts';

/**
 * What a date field reports while its text is not a whole date: a value every date schema refuses ('Data non valida'),
 * so an unfinished date blocks the save instead of being sent as empty.
 */
export const UNFINISHED_DATE = 'data-incompleta';

/** What a month field reports while its text is not a whole month: refused by every month schema ('Mese non valido'). */
export const UNFINISHED_MONTH = 'mese-incompleto';

/** What the date and the month field share: the outlined text field around the picker. */
type PickerFieldProps = FieldProps;

export type DateFieldProps = PickerFieldProps & {
  /** YYYY-MM-DD, '' when empty. */
  value: string;
  /** Every change as it is typed: a form keeps it, and its own check refuses an unfinished date on submit. */
  onChange?: (value: string) => void;
  /**
   * A field that saves on its own: called with a whole date within the field's range once the person settles on it
   * (a day chosen in the calendar, Enter, or the field left after typing), and only when it differs from `value`.
   * Never with what is half typed: each key of '15/03/2027' makes a whole but different date on the way.
   */
  onCommit?: (value: string) => void;
};

export type MonthYearFieldProps = PickerFieldProps & {
  /** Stored as the first day of the month, YYYY-MM-01; '' when not set. */
  value: string;
  /** '' (cleared), YYYY-MM-01, or UNFINISHED_MONTH while a month is half typed. */
  onChange: (value: string) => void;
};
