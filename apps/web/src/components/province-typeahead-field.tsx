import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { provinces, type Province } from '@portal/shared/provinces';
import { matchingProvinces, provinceLabel, provinceOf } from './province-options.ts';
import type { ProvinceTypeaheadProps } from './province-typeahead.tsx';

/** The typeahead itself, MUI's Autocomplete: loaded by ProvinceTypeahead (province-typeahead.tsx), which names it. */
export function ProvinceTypeaheadField({
  value,
  onChange,
  onBlur,
  label,
  id,
  readOnly,
  size,
  fullWidth = true,
  ...input
}: ProvinceTypeaheadProps) {
  // A stored value outside today's list (an old import) is still shown, not silently dropped.
  const selected: Province | null = value === '' ? null : provinceOf(value);
  return (
    <Autocomplete
      id={id}
      options={provinces}
      value={selected}
      onChange={(_event, next) => onChange(next?.sigla ?? '')}
      onBlur={onBlur}
      getOptionLabel={provinceLabel}
      isOptionEqualToValue={(option, current) => option.sigla === current.sigla}
      filterOptions={(options, state) => matchingProvinces(options, state.inputValue)}
      readOnly={readOnly}
      size={size}
      fullWidth={fullWidth}
      autoHighlight
      noOptionsText="Nessuna provincia"
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          // name, error, helper text, the asterisk of `required` (the form's rules decide; the browser's own check
          // stays off) and the input ref.
          {...input}
          // Read-only reaches the input base too, so the field looks like the other read-only ones.
          slotProps={{ ...params.slotProps, input: { ...params.slotProps.input, readOnly } }}
        />
      )}
    />
  );
}
