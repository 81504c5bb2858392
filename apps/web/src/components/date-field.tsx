import { lazy } from 'react';
import { OnDemandField } from './field-placeholder.tsx';
import type { DateFieldProps } from './picker-field-props.ts';

// The date pickers weigh 60 kB: a screen downloads them with its first date field, not with the area.
const DateFieldPicker = lazy(async () => ({ default: (await import('./date-field-picker.tsx')).DateFieldPicker }));

/** The date field: dd/mm/yyyy, not before 01/01/1900, YYYY-MM-DD on the wire. */
export function DateField(props: DateFieldProps) {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(props.value);
  const text = iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : '';
  return (
    <OnDemandField placeholder={{ ...props, text }}>
      {(intent) => <DateFieldPicker {...props} autoFocus={props.autoFocus || intent !== 'none'} />}
    </OnDemandField>
  );
}
