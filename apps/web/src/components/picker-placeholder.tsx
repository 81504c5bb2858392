import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type PickerPlaceholderProps = {
  id: string;
  label: string;
  /** The value as the picker will show it ('' when empty). */
  text: string;
  error?: boolean;
  helperText?: string | undefined;
  required?: boolean;
  size?: 'small' | 'medium';
};

/**
 * What a date or month field shows while its picker is loading: the same outlined field, read-only, with the value
 * as text, so nothing moves when the picker replaces it.
 */
export function PickerPlaceholder({ id, label, text, error, helperText, required, size }: PickerPlaceholderProps) {
  return (
    <FormControl fullWidth size={size} error={error} required={required}>
      <InputLabel htmlFor={id} shrink={text !== ''}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} value={text} readOnly notched={text !== ''} />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
