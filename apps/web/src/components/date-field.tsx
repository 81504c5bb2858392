import { lazy, Suspense } from 'react';
import { PickerPlaceholder } from './picker-placeholder.tsx';

/**
 * What the field reports while its text is not a whole date: a value every date schema refuses ('Data non valida'),
 * so an unfinished date blocks the save instead of being sent as empty.
 */
export const UNFINISHED_DATE = 'data-incompleta';

export type DateFieldProps = {
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
  onBlur?: () => void;
  label: string;
  id: string;
  name?: string;
  error?: boolean;
  helperText?: string | undefined;
  required?: boolean;
  readOnly?: boolean;
  size?: 'small' | 'medium';
};

// The date pickers weigh 60 kB: a screen downloads them with its first date field, not with the area.
const DateFieldPicker = lazy(async () => ({ default: (await import('./date-field-picker.tsx')).DateFieldPicker }));

/** The date field (spec sections 5 and 9): dd/mm/yyyy, not before 01/01/1900, YYYY-MM-DD on the wire. */
export function DateField(props: DateFieldProps) {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(props.value);
  const text = iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : '';
  return (
    <Suspense fallback={<PickerPlaceholder {...props} text={text} />}>
      <DateFieldPicker {...props} />
    </Suspense>
  );
}
