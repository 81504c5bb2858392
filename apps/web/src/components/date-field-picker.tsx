import { useState } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { isValidDate, MAX_DATE, MIN_DATE } from '@portal/shared/validation/common';
import { DateLocalization } from './date-localization.tsx';
import { UNFINISHED_DATE, type DateFieldProps } from './picker-field-props.ts';
import { usePickerValue } from './use-picker-value.ts';

const ISO = 'YYYY-MM-DD';
const minDate = dayjs(MIN_DATE);
const maxDate = dayjs(MAX_DATE);

function toDayjs(value: string): Dayjs | null {
  if (value === '') return null;
  const date = dayjs(value, ISO);
  return date.isValid() ? date : null;
}

function toValue(date: Dayjs | null): string {
  return date === null ? '' : date.isValid() ? date.format(ISO) : UNFINISHED_DATE;
}

/** The picker behind DateField, loaded with the first date field a screen shows. */
export function DateFieldPicker({ value, onChange, onCommit, onBlur, label, readOnly, ...textField }: DateFieldProps) {
  // The last date handed to onCommit: leaving the field again before the save comes back does not send it twice.
  const [committed, setCommitted] = useState(value);
  const { current, change } = usePickerValue({ value, toDayjs, toValue, onNewValue: setCommitted });

  const commit = (date: Dayjs | null) => {
    const out = toValue(date);
    if (!onCommit || !isValidDate(out) || out === value || out === committed) return;
    setCommitted(out);
    onCommit(out);
  };

  return (
    <DateLocalization>
      <DatePicker
        label={label}
        value={current}
        minDate={minDate}
        maxDate={maxDate}
        format="DD/MM/YYYY"
        readOnly={readOnly}
        onChange={(next) => {
          // Shown even when nobody listens (a field that only commits): `onChange?.(change(next))` would skip it.
          const out = change(next);
          onChange?.(out);
        }}
        // A day picked in the calendar is a choice made; a typed key is not (the field's own changes come here too).
        onAccept={(next, context) => {
          if (context.source === 'view') commit(next);
        }}
        slotProps={{
          textField: {
            ...textField,
            fullWidth: true,
            onBlur: () => {
              commit(current);
              onBlur?.();
            },
            onKeyDown: (event) => {
              if (event.key === 'Enter') commit(current);
            },
          },
          field: { clearable: !readOnly },
        }}
      />
    </DateLocalization>
  );
}
