import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { provinces, type Province } from '@portal/shared/provinces';
import type { FieldProps } from './field-props.ts';
import { matchingProvinces, provinceLabel, provinceOf } from './province-options.ts';

type ProvinceChipsProps = Omit<FieldProps, 'required' | 'size'> & {
  /** Province siglas, each at most once. */
  value: readonly string[];
  onChange: (siglas: string[]) => void;
};

/**
 * Several provinces as chips (an area manager's provinces of competence): typed by sigla or name
 * like the province typeahead, each chosen one becomes a chip with its cross. Read-only shows the chips alone.
 */
export function ProvinceChips({ value, onChange, onBlur, id, readOnly, ...input }: ProvinceChipsProps) {
  const selected = value.map(provinceOf);
  return (
    <Autocomplete
      id={id}
      multiple
      options={provinces}
      value={selected}
      onChange={(_event, next) => onChange([...new Set(next.map((p) => p.sigla))])}
      onBlur={onBlur}
      getOptionLabel={provinceLabel}
      isOptionEqualToValue={(option, current) => option.sigla === current.sigla}
      filterOptions={(options, state) => matchingProvinces(options, state.inputValue)}
      filterSelectedOptions
      disableCloseOnSelect
      readOnly={readOnly}
      autoHighlight
      fullWidth
      noOptionsText="Nessuna provincia"
      renderValue={(chosen: Province[], getItemProps) =>
        chosen.map((p, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={p.sigla}
              title={p.name}
              aria-label={provinceLabel(p)}
              {...(readOnly ? { onDelete: undefined } : {})}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          {...input}
          placeholder={readOnly || value.length > 0 ? undefined : 'Aggiungi provincia'}
          slotProps={{ ...params.slotProps, input: { ...params.slotProps.input, readOnly } }}
        />
      )}
    />
  );
}

/** The provinces chips bound to a react-hook-form field holding a list of siglas. */
export function FormProvinceChips<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<ProvinceChipsProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'error'> & {
  control: Control<T>;
  name: FieldPathByValue<T, string[]>;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <ProvinceChips
      {...props}
      name={field.name}
      value={field.value as string[]}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? props.helperText}
    />
  );
}
