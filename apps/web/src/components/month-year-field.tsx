import { lazy } from 'react';
import { fromMonthValue } from '@portal/shared/validation/common';
import { OnDemandField } from './field-placeholder.tsx';
import type { MonthYearFieldProps } from './picker-field-props.ts';

// The date pickers weigh 60 kB: a screen downloads them with its first month field, not with the area.
const MonthYearFieldPicker = lazy(async () => ({
  default: (await import('./month-year-field-picker.tsx')).MonthYearFieldPicker,
}));

/**
 * A month-year field: mm/yyyy, typed or picked from a year list of 1970 to this year + 10 and then a month; stored
 * as the first day of the month.
 */
export function MonthYearField(props: MonthYearFieldProps) {
  const month = fromMonthValue(props.value);
  const text = month ? `${String(month.month).padStart(2, '0')}/${month.year}` : '';
  return (
    <OnDemandField placeholder={{ ...props, text }}>
      {(intent) => <MonthYearFieldPicker {...props} autoFocus={props.autoFocus || intent !== 'none'} />}
    </OnDemandField>
  );
}
