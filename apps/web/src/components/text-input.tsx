import type { HTMLInputTypeAttribute, KeyboardEvent, ReactNode, Ref } from 'react';
import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export type TextInputProps = {
  /** Ties the label and the helper text to the input; also what the journeys find it by. */
  id: string;
  label: ReactNode;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  margin?: FormControlProps['margin'];
  sx?: FormControlProps['sx'];
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  size?: FormControlProps['size'];
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** What the field shows at its end, inside the outline (a list filter's magnifier). */
  endAdornment?: ReactNode;
  /** The same shape as TextField's: `input` for the MUI input, `htmlInput` for the <input> element. */
  slotProps?: { input?: { readOnly?: boolean }; htmlInput?: InputBaseComponentProps };
};

/**
 * An outlined text field, built from the parts MUI's TextField renders for the outlined variant (FormControl,
 * InputLabel, OutlinedInput, FormHelperText), the composition MUI documents for custom fields. TextField itself
 * imports Select, Menu, Popover and Modal for its `select` mode, which no field here uses: 15 kB gzip that the
 * login page does not load. FormTextField binds it to react-hook-form; the public screens use it directly.
 */
export function TextInput({
  id,
  label,
  value,
  onChange,
  inputRef,
  helperText,
  error,
  required,
  disabled,
  fullWidth,
  margin,
  size,
  sx,
  slotProps,
  ...input
}: TextInputProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      margin={margin}
      size={size}
      sx={sx}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputRef={inputRef}
        readOnly={slotProps?.input?.readOnly}
        inputProps={slotProps?.htmlInput}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
