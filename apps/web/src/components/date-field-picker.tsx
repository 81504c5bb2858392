import { useState } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { MIN_DATE } from '@portal/shared/validation/common';
import { DateLocalization } from './date-localization.tsx';
import { UNFINISHED_DATE, type DateFieldProps } from './date-field.tsx';

const ISO = 'YYYY-MM-DD';
const minDate = dayjs(MIN_DATE);

function toDayjs(value: string): Dayjs | null {
  if (value === '') return null;
  const date = dayjs(value, ISO);
  return date.isValid() ? date : null;
}

/** The picker behind DateField, loaded with the first date field a screen shows. */
export function DateFieldPicker({
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
}: DateFieldProps) {
  // The picker keeps a half-typed date as an invalid Dayjs; our own string for it must not wipe what was typed.
  const [current, setCurrent] = useState<Dayjs | null>(() => toDayjs(value));
  // What the field last reported, and the value it last received: a new value that is not our own report comes
  // from outside (a reset, cleared filters) and replaces what is on screen.
  const [sent, setSent] = useState(value);
  const [received, setReceived] = useState(value);
  if (value !== received) {
    setReceived(value);
    if (value !== sent) setCurrent(toDayjs(value));
  }

  return (
    <DateLocalization>
      <DatePicker
        label={label}
        value={current}
        minDate={minDate}
        format="DD/MM/YYYY"
        readOnly={readOnly}
        onChange={(next) => {
          setCurrent(next);
          const out = next === null ? '' : next.isValid() ? next.format(ISO) : UNFINISHED_DATE;
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
