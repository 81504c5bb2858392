import { useState } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { fromMonthValue, MONTH_MIN_YEAR, MONTH_YEARS_AHEAD, toMonthValue } from '@portal/shared/validation/common';
import { DateLocalization } from './date-localization.tsx';
import { UNFINISHED_MONTH, type MonthYearFieldProps } from './month-year-field.tsx';

function toDayjs(value: string): Dayjs | null {
  const parsed = fromMonthValue(value);
  return parsed ? dayjs(new Date(parsed.year, parsed.month - 1, 1)) : null;
}

/** The picker behind MonthYearField, loaded with the first month field a screen shows. */
export function MonthYearFieldPicker({
  value,
  onChange,
  onBlur,
  label,
  id,
  name,
  error,
  helperText,
  required,
  readOnly,
  size,
}: MonthYearFieldProps) {
  // As in DateField: a half-typed month stays on screen while the form holds UNFINISHED_MONTH for it.
  const [current, setCurrent] = useState<Dayjs | null>(() => toDayjs(value));
  // What the field last reported, and the value it last received: a new value that is not our own report comes
  // from outside (a reset, cleared filters) and replaces what is on screen.
  const [sent, setSent] = useState(value);
  const [received, setReceived] = useState(value);
  if (value !== received) {
    setReceived(value);
    if (value !== sent) setCurrent(toDayjs(value));
  }
  const lastYear = new Date().getFullYear() + MONTH_YEARS_AHEAD;

  return (
    <DateLocalization>
      <DatePicker
        label={label}
        value={current}
        views={['year', 'month']}
        openTo="year"
        format="MM/YYYY"
        minDate={dayjs(new Date(MONTH_MIN_YEAR, 0, 1))}
        maxDate={dayjs(new Date(lastYear, 11, 31))}
        readOnly={readOnly}
        onChange={(next) => {
          setCurrent(next);
          const out =
            next === null ? '' : next.isValid() ? toMonthValue(next.year(), next.month() + 1) : UNFINISHED_MONTH;
          setSent(out);
          onChange(out);
        }}
        slotProps={{
          textField: { id, name, error, helperText, required, size, fullWidth: true, onBlur },
          field: { clearable: !readOnly },
        }}
      />
    </DateLocalization>
  );
}
