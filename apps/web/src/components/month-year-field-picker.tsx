import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { fromMonthValue, MONTH_MIN_YEAR, MONTH_YEARS_AHEAD, toMonthValue } from '@portal/shared/validation/common';
import { DateLocalization } from './date-localization.tsx';
import { UNFINISHED_MONTH, type MonthYearFieldProps } from './picker-field-props.ts';
import { usePickerValue } from './use-picker-value.ts';

function toDayjs(value: string): Dayjs | null {
  const parsed = fromMonthValue(value);
  return parsed ? dayjs(new Date(parsed.year, parsed.month - 1, 1)) : null;
}

function toValue(date: Dayjs | null): string {
  return date === null ? '' : date.isValid() ? toMonthValue(date.year(), date.month() + 1) : UNFINISHED_MONTH;
}

/** The picker behind MonthYearField, loaded with the first month field a screen shows. */
export function MonthYearFieldPicker({ value, onChange, label, readOnly, ...textField }: MonthYearFieldProps) {
  const { current, change } = usePickerValue({ value, toDayjs, toValue });
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
        onChange={(next) => onChange(change(next))}
        slotProps={{
          textField: { ...textField, fullWidth: true },
          field: { clearable: !readOnly },
        }}
      />
    </DateLocalization>
  );
}
