import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { shownText, type ComboSelectProps } from './combo-select-props.ts';

/**
 * The dropdown itself, MUI's select: loaded by ComboSelect (combo-select.tsx), which asks it to take the focus and
 * open when it mounts if its placeholder was tapped meanwhile.
 */
export function ComboSelectField({
  options,
  value,
  onChange,
  emptyLabel = 'Tutti',
  missingLabel,
  loading,
  readOnly,
  defaultOpen = false,
  ...field
}: ComboSelectProps & { defaultOpen?: boolean }) {
  // A current value the options do not hold still shows (and stays selected) rather than blanking the field.
  const missing = value !== '' && !options.some((option) => option.value === value);
  return (
    <TextField
      select
      {...field}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      slotProps={{ input: { readOnly }, select: { defaultOpen: defaultOpen && !readOnly } }}
    >
      {emptyLabel !== null && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {missing && <MenuItem value={value}>{shownText({ value, options, missingLabel, loading })}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
