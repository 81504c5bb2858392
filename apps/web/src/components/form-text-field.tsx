import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { applyInputFilter } from '../lib/input-filters.ts';
import { TextInput, type TextInputProps } from './text-input.tsx';

type FormTextFieldProps<T extends FieldValues, TOut extends FieldValues> = Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef'
> & {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** An input filter (CAP digits only, codice fiscale upper case, ...), applied as the user types. */
  filter?: (value: string) => string;
  /**
   * The most characters the field keeps, counted after the filter: an HTML maxlength would cut a pasted '20 121'
   * to '20 12' before the filter took the space out. Every form field's limit goes here, not in htmlInput.
   */
  maxLength?: number;
};

/**
 * An outlined text field bound to react-hook-form: the field's zod message becomes the helper text.
 * `error` and `helperText` add a live warning of the screen's own (shown while no zod message is).
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  filter,
  maxLength,
  helperText,
  error,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput
      {...props}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(value) => field.onChange(applyInputFilter(value, filter, maxLength))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined || error === true}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
