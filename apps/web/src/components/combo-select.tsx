import { lazy } from 'react';
import type { ComboOption } from '@portal/shared/schemas/combos';
import { shownText, type ComboSelectProps } from './combo-select-props.ts';
import { OnDemandField } from './field-placeholder.tsx';

// TextField's select mode is MUI's Select with its Menu, Popover and Modal: a screen fetches them with its first
// dropdown, which meanwhile shows its value in the same outlined field (docs/decisions/0008-front-end-weight.md).
const ComboSelectField = lazy(async () => ({ default: (await import('./combo-select-field.tsx')).ComboSelectField }));

/**
 * A dropdown over a combo endpoint's {value, label} options. Tapped before its code has arrived (a slow phone), it
 * opens when the code arrives, with the focus, instead of leaving the tap unanswered.
 */
export function ComboSelect(props: ComboSelectProps) {
  const { id, label, error, helperText, required, size } = props;
  const text = shownText(props);
  return (
    <OnDemandField placeholder={{ id, label, text, error, helperText, required, size }}>
      {(intent) => (
        <ComboSelectField {...props} autoFocus={props.autoFocus || intent !== 'none'} defaultOpen={intent === 'open'} />
      )}
    </OnDemandField>
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
