import type { Ref } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ComboOption } from '@portal/shared/schemas/combos';
import type { FieldProps } from './field-props.ts';

type ComboSelectProps = FieldProps & {
  options: readonly ComboOption[];
  value: string;
  onChange: (value: string) => void;
  /** The label of '' ('Tutti' in a filter, 'Nessuno' in a form); null when '' is not a choice. */
  emptyLabel?: string | null;
  /** Labels a value missing from the options (e.g. a reference outside the filtered list); the raw value otherwise. */
  missingLabel?: string | undefined;
  loading?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** A dropdown over a combo endpoint's {value, label} options. */
export function ComboSelect({
  options,
  value,
  onChange,
  emptyLabel = 'Tutti',
  missingLabel,
  loading = false,
  readOnly,
  ...field
}: ComboSelectProps) {
  // A current value the options do not hold still shows (and stays selected) rather than blanking the field.
  const missing = value !== '' && !options.some((option) => option.value === value);
  return (
    <TextField
      select
      {...field}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      slotProps={{ input: { readOnly } }}
    >
      {emptyLabel !== null && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {missing && <MenuItem value={value}>{loading ? '…' : (missingLabel ?? value)}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A combo over a combo endpoint's query: its options once loaded, and '…' for a current value meanwhile. */
export function QueryComboSelect({
  query,
  ...props
}: Omit<ComboSelectProps, 'options' | 'loading'> & {
  query: { data?: readonly ComboOption[] | undefined; isPending: boolean };
}) {
  return <ComboSelect {...props} options={query.data ?? []} loading={query.isPending} />;
}
