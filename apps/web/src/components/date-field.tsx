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
  onChange: (value: string) => void;
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
