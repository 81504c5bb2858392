import type { Ref } from 'react';
import type { ComboOption } from '@portal/shared/schemas/combos';
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

/**
 * What the dropdown shows for its value: nothing for '', the option's label, and for a value the options do not hold
 * (a reference outside the filtered list) '…' while they load, then its missingLabel or the raw value.
 */
export function shownText({
  value,
  options,
  missingLabel,
  loading = false,
}: Pick<ComboSelectProps, 'value' | 'options' | 'missingLabel' | 'loading'>): string {
  if (value === '') return '';
  return options.find((option) => option.value === value)?.label ?? (loading ? '…' : (missingLabel ?? value));
}
