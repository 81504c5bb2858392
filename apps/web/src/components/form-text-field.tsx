import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, TOut extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef'
> & {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** An input filter of spec section 5 (CAP digits only, codice fiscale upper case, ...), applied as the user types. */
  filter?: (value: string) => string;
};

/**
 * A MUI TextField bound to react-hook-form: the field's zod message becomes the helper text.
 * `error` and `helperText` add a live warning of the screen's own (shown while no zod message is).
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  helperText,
  error,
  filter,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(filter ? filter(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined || error === true}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
