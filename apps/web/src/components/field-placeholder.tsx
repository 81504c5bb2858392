import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type FieldPlaceholderProps = {
  id: string;
  label: string;
  /** The value as the loaded field will show it ('' when empty). */
  text: string;
  error?: boolean;
  helperText?: string | undefined;
  required?: boolean;
  size?: 'small' | 'medium';
};

/**
 * What a field whose control loads on demand (a date or month picker, a dropdown, the province typeahead) shows
 * meanwhile: the same outlined field, read-only, with the value as text, so nothing moves when the control
 * replaces it.
 */
export function FieldPlaceholder({ id, label, text, error, helperText, required, size }: FieldPlaceholderProps) {
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
