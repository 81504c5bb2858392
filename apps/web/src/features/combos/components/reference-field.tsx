import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { FormComboField } from '../../../components/form-fields.tsx';
import { useCombo } from '../api/get-combo.ts';

type ReferenceFieldProps<T extends FieldValues> = {
  control: Control<T>;
  /** The form field holding the area manager's or reseller's uuid ('' for none). */
  name: FieldPathByValue<T, string>;
  /** The form field holding the province the options are filtered by. */
  provinceField: FieldPathByValue<T, string>;
  combo: 'cbocapoarea' | 'cborivenditori';
  id: string;
  label: string;
  readOnly?: boolean;
};

/**
 * An area manager or reseller reference: the options of the record's province (combos filtered by
 * province). A reference outside that list keeps its name, looked up in the whole list.
 */
export function ReferenceField<T extends FieldValues>({
  control,
  name,
  provinceField,
  combo,
  id,
  label,
  readOnly,
}: ReferenceFieldProps<T>) {
  const province = useWatch({ control, name: provinceField }) as string;
  const value = useWatch({ control, name }) as string;
  const filtered = useCombo(combo, province);
  const missing = value !== '' && filtered.data !== undefined && !filtered.data.some((o) => o.value === value);
  const all = useCombo(combo, '', { enabled: missing });
  return (
    <FormComboField
      control={control}
      name={name}
      id={id}
      label={label}
      options={filtered.data ?? []}
      missingLabel={all.data?.find((o) => o.value === value)?.label}
      loading={filtered.isPending || all.isFetching}
      readOnly={readOnly}
    />
  );
}

type ReferencesValues = { capoarea: string; rivenditore: string; state: string };

/** Capo area and Rivenditore of a record, both offered from the record's province (ids `{idPrefix}-capoarea`, ...). */
export function CapoareaRivenditoreFields<T extends FieldValues & ReferencesValues>({
  control,
  idPrefix,
  readOnly,
}: {
  control: Control<T>;
  idPrefix: string;
  readOnly?: boolean;
}) {
  // The record has these fields under these names (the constraint on T); TypeScript cannot see it for a generic T.
  const field = (name: keyof ReferencesValues) => name as FieldPathByValue<T, string>;
  return (
    <>
      <ReferenceField
        control={control}
        name={field('capoarea')}
        provinceField={field('state')}
        combo="cbocapoarea"
        id={`${idPrefix}-capoarea`}
        label="Capo area"
        readOnly={readOnly}
      />
      <ReferenceField
        control={control}
        name={field('rivenditore')}
        provinceField={field('state')}
        combo="cborivenditori"
        id={`${idPrefix}-rivenditore`}
        label="Rivenditore"
        readOnly={readOnly}
      />
    </>
  );
}
