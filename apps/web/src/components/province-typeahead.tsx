import type { Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { provinces, type Province } from '@portal/shared/provinces';
import type { FieldProps } from './field-props.ts';

/** A typeahead shows at most 20 results. */
const MAX_RESULTS = 20;

const bySigla = new Map(provinces.map((p) => [p.sigla, p]));

/** The province of a sigla; a stored value outside today's list (an old import) is kept, named by its sigla. */
export function provinceOf(sigla: string): Province {
  return bySigla.get(sigla) ?? { sigla, name: sigla, region: '' };
}

export const provinceLabel = (p: Province) => `${p.sigla} - ${p.name}`;
const optionLabel = provinceLabel;

/** Sigla matches first (typing 'MI' means Milano), then names starting with the text, then names containing it. */
export function matchingProvinces(options: readonly Province[], typed: string): Province[] {
  const text = typed.trim().toLowerCase();
  if (text === '') return options.slice(0, MAX_RESULTS);
  const rank = (p: Province) => {
    const name = p.name.toLowerCase();
    if (p.sigla.toLowerCase() === text) return 0;
    if (name.startsWith(text)) return 1;
    if (p.sigla.toLowerCase().startsWith(text)) return 2;
    if (name.includes(text) || optionLabel(p).toLowerCase().includes(text)) return 3;
    return 4;
  };
  return options
    .map((p) => ({ p, r: rank(p) }))
    .filter(({ r }) => r < 4)
    .sort((a, b) => a.r - b.r)
    .slice(0, MAX_RESULTS)
    .map(({ p }) => p);
}

type ProvinceTypeaheadProps = Omit<FieldProps, 'label' | 'id'> & {
  /** A province sigla ('MI', 'EE' for abroad) or '' for none. */
  value: string;
  onChange: (sigla: string) => void;
  label?: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  fullWidth?: boolean;
};

/** The province typeahead: over the shared list of provinces plus EE, by sigla or name. */
export function ProvinceTypeahead({
  value,
  onChange,
  onBlur,
  label = 'Provincie',
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
      getOptionLabel={optionLabel}
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
