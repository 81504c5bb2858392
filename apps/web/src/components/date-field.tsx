import { useState } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { MIN_DATE } from '@portal/shared/validation/common';

/**
 * What the field reports while its text is not a whole date: a value every date schema refuses ('Data non valida'),
 * so an unfinished date blocks the save instead of being sent as empty.
 */
export const UNFINISHED_DATE = 'data-incompleta';

const ISO = 'YYYY-MM-DD';
const minDate = dayjs(MIN_DATE);

function toDayjs(value: string): Dayjs | null {
  if (value === '') return null;
  const date = dayjs(value, ISO);
  return date.isValid() ? date : null;
}

type DateFieldProps = {
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

/** The date field (spec sections 5 and 9): dd/mm/yyyy, not before 01/01/1900, YYYY-MM-DD on the wire. */
export function DateField({
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
  );
}
