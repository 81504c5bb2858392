import { lazy, useId, type Ref } from 'react';
import { OnDemandField } from './field-placeholder.tsx';
import type { FieldProps } from './field-props.ts';
import { provinceLabel, provinceOf } from './province-options.ts';

export type ProvinceTypeaheadProps = Omit<FieldProps, 'label' | 'id'> & {
  /** A province sigla ('MI', 'EE' for abroad) or '' for none. */
  value: string;
  onChange: (sigla: string) => void;
  label?: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  fullWidth?: boolean;
};

// MUI's Autocomplete, with Popper and its positioning engine: a screen fetches it with its first province field,
// which meanwhile shows its value in the same outlined field (docs/decisions/0008-front-end-weight.md).
const ProvinceTypeaheadField = lazy(async () => ({
  default: (await import('./province-typeahead-field.tsx')).ProvinceTypeaheadField,
}));

/** The province typeahead: over the shared list of provinces plus EE, by sigla or name. */
export function ProvinceTypeahead(props: ProvinceTypeaheadProps) {
  const generatedId = useId();
  const { value, label = 'Provincie', id = generatedId, error, helperText, required, size } = props;
  const text = value === '' ? '' : provinceLabel(provinceOf(value));
  return (
    <OnDemandField placeholder={{ id, label, text, error, helperText, required, size }}>
      {(intent) => (
        <ProvinceTypeaheadField {...props} label={label} id={id} autoFocus={props.autoFocus || intent !== 'none'} />
      )}
    </OnDemandField>
  );
}
