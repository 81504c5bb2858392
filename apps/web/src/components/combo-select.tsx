import { lazy, Suspense, type Ref } from 'react';
import type { ComboOption } from '@portal/shared/schemas/combos';
import { FieldPlaceholder } from './field-placeholder.tsx';
import type { FieldProps } from './field-props.ts';

export type ComboSelectProps = FieldProps & {
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

// TextField's select mode is MUI's Select with its Menu, Popover and Modal: a screen fetches them with its first
// dropdown, which meanwhile shows its value in the same outlined field (docs/decisions/0008-front-end-weight.md).
const ComboSelectField = lazy(async () => ({ default: (await import('./combo-select-field.tsx')).ComboSelectField }));

/** A dropdown over a combo endpoint's {value, label} options. */
export function ComboSelect(props: ComboSelectProps) {
  const { id, label, value, options, missingLabel, loading, error, helperText, required, size } = props;
  // As the select will show it: nothing for '', the option's label, '…' or the raw value for one it does not hold.
  const text =
    value === '' ? '' : (options.find((o) => o.value === value)?.label ?? (loading ? '…' : (missingLabel ?? value)));
  return (
    <Suspense fallback={<FieldPlaceholder {...{ id, label, text, error, helperText, required, size }} />}>
      <ComboSelectField {...props} />
    </Suspense>
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
