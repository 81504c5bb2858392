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

/** The props every bound picker takes, and the input's ref for those that can take focus on an error. */
function useBound<T extends FieldValues, V>(props: Bound<T, V>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return {
    bound: {
      id: props.id,
      name: field.name,
      label: props.label,
      required: props.required,
      readOnly: props.readOnly,
      value: field.value as V,
      onChange: field.onChange,
      onBlur: field.onBlur,
      error: fieldState.error !== undefined,
      helperText: fieldState.error?.message,
    },
    ref: field.ref,
  };
}

/** A province (sigla) through the typeahead. */
export function FormProvinceField<T extends FieldValues>(props: Bound<T, string>) {
  const { bound, ref } = useBound<T, string>(props);
  return <ProvinceTypeahead {...bound} inputRef={ref} />;
}

/** A date, dd/mm/yyyy on screen and YYYY-MM-DD in the form. */
export function FormDateField<T extends FieldValues>(props: Bound<T, string>) {
  return <DateField {...useBound<T, string>(props).bound} />;
}

/** A month, mm/yyyy on screen and YYYY-MM-01 in the form. */
export function FormMonthField<T extends FieldValues>(props: Bound<T, string>) {
  return <MonthYearField {...useBound<T, string>(props).bound} />;
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
  const { bound, ref } = useBound<T, string>(props);
  return (
    <ComboSelect
      {...bound}
      emptyLabel={props.emptyLabel === undefined ? 'Nessuno' : props.emptyLabel}
      options={props.options}
      missingLabel={props.missingLabel}
      loading={props.loading}
      inputRef={ref}
    />
  );
}

/** A yes/no flag as a checkbox. */
export function FormCheckbox<T extends FieldValues>(props: Omit<Bound<T, boolean>, 'id' | 'required'>) {
  const { field } = useController({ control: props.control, name: props.name });
  return (
    <FormControlLabel
      label={props.label}
      disabled={props.readOnly}
      control={
        <Checkbox
          name={field.name}
          checked={field.value as boolean}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
}

export type { Bound as BoundFieldProps };
