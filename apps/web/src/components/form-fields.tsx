import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { ComboOption } from '@portal/shared/schemas/combos';
import { ComboSelect } from './combo-select.tsx';
import { DateField } from './date-field.tsx';
import { MonthYearField } from './month-year-field.tsx';
import { ProvinceTypeahead } from './province-typeahead.tsx';

/**
 * The form-bound versions of the pickers: each binds one field of a react-hook-form to its picker, and shows the
 * field's zod message as the helper text. Required fields get the label's asterisk (the form's rules decide).
 */
type Bound<T extends FieldValues, V> = {
  control: Control<T>;
  name: FieldPathByValue<T, V>;
  id: string;
  label: string;
  required?: boolean;
  readOnly?: boolean;
};

function useBound<T extends FieldValues, V>({ control, name }: { control: Control<T>; name: FieldPathByValue<T, V> }) {
  const { field, fieldState } = useController({ control, name });
  return {
    field: { ...field, value: field.value as V },
    error: fieldState.error !== undefined,
    helperText: fieldState.error?.message,
  };
}

/** A province (sigla) through the typeahead. */
export function FormProvinceField<T extends FieldValues>(props: Bound<T, string>) {
  const { field, error, helperText } = useBound<T, string>(props);
  return (
    <ProvinceTypeahead
      id={props.id}
      name={field.name}
      label={props.label}
      required={props.required}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
      helperText={helperText}
      readOnly={props.readOnly}
    />
  );
}

/** A date, dd/mm/yyyy on screen and YYYY-MM-DD in the form. */
export function FormDateField<T extends FieldValues>(props: Bound<T, string>) {
  const { field, error, helperText } = useBound<T, string>(props);
  return (
    <DateField
      id={props.id}
      name={field.name}
      label={props.label}
      required={props.required}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      helperText={helperText}
      readOnly={props.readOnly}
    />
  );
}

/** A month, mm/yyyy on screen and YYYY-MM-01 in the form. */
export function FormMonthField<T extends FieldValues>(props: Bound<T, string>) {
  const { field, error, helperText } = useBound<T, string>(props);
  return (
    <MonthYearField
      id={props.id}
      name={field.name}
      label={props.label}
      required={props.required}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      helperText={helperText}
      readOnly={props.readOnly}
    />
  );
}

/** A dropdown over combo options; '' is "none" (emptyLabel). */
export function FormComboField<T extends FieldValues>(
  props: Bound<T, string> & {
    options: readonly ComboOption[];
    loading?: boolean;
    emptyLabel?: string | null;
    missingLabel?: string | undefined;
  },
) {
  const { field, error, helperText } = useBound<T, string>(props);
  return (
    <ComboSelect
      id={props.id}
      name={field.name}
      label={props.label}
      required={props.required}
      emptyLabel={props.emptyLabel === undefined ? 'Nessuno' : props.emptyLabel}
      options={props.options}
      missingLabel={props.missingLabel}
      loading={props.loading}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error}
      helperText={helperText}
      readOnly={props.readOnly}
    />
  );
}

/** A yes/no flag as a checkbox. */
export function FormCheckbox<T extends FieldValues>(props: Omit<Bound<T, boolean>, 'id' | 'required'>) {
  const { field } = useBound<T, boolean>(props);
  return (
    <FormControlLabel
      label={props.label}
      disabled={props.readOnly}
      control={
        <Checkbox
          name={field.name}
          checked={field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
}

export type { Bound as BoundFieldProps };
