import { lazy, Suspense } from 'react';
import { fromMonthValue } from '@portal/shared/validation/common';
import { PickerPlaceholder } from './picker-placeholder.tsx';

/** What the field reports while its text is not a whole month: refused by every month schema ('Mese non valido'). */
export const UNFINISHED_MONTH = 'mese-incompleto';

export type MonthYearFieldProps = {
  /** Stored as the first day of the month, YYYY-MM-01; '' when not set. */
  value: string;
  /** '' (cleared), YYYY-MM-01, or UNFINISHED_MONTH while a month is half typed. */
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

// The date pickers weigh 60 kB: a screen downloads them with its first month field, not with the area.
const MonthYearFieldPicker = lazy(async () => ({
  default: (await import('./month-year-field-picker.tsx')).MonthYearFieldPicker,
}));

/**
 * A month-year field (spec sections 5 and 9): mm/yyyy, typed or picked from a year list of 1970 to this year + 10
 * and then a month; stored as the first day of the month.
 */
export function MonthYearField(props: MonthYearFieldProps) {
  const month = fromMonthValue(props.value);
  const text = month ? `${String(month.month).padStart(2, '0')}/${month.year}` : '';
  return (
    <Suspense fallback={<PickerPlaceholder {...props} text={text} />}>
      <MonthYearFieldPicker {...props} />
    </Suspense>
  );
}
