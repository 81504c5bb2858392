import { Suspense, useState, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

/**
 * What somebody did to a placeholder while its control was loading: the loaded control takes the focus ('focus') and
 * also opens ('open': a tap, a click, Enter, Space or an arrow key, which would have opened a dropdown), or neither
 * once the focus has moved on ('none').
 */
export type FieldIntent = 'none' | 'focus' | 'open';

const opensWith = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

type FieldPlaceholderProps = {
  id: string;
  label: string;
  /** The value as the loaded field will show it ('' when empty). */
  text: string;
  error?: boolean;
  helperText?: string | undefined;
  required?: boolean;
  size?: 'small' | 'medium';
  /** Told what was done to the placeholder, so the control that replaces it can carry it on. */
  onIntent?: ((intent: FieldIntent) => void) | undefined;
};

/**
 * What a field whose control loads on demand (a date or month picker, a dropdown, the province typeahead) shows
 * meanwhile: the same outlined field, read-only, with the value as text, so nothing moves when the control
 * replaces it. What is done to it meanwhile goes to `onIntent`, for OnDemandField below to hand to the control.
 */
function FieldPlaceholder({ id, label, text, error, helperText, required, size, onIntent }: FieldPlaceholderProps) {
  return (
    <FormControl fullWidth size={size} error={error} required={required}>
      <InputLabel htmlFor={id} shrink={text !== ''}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={text}
        readOnly
        notched={text !== ''}
        onFocus={() => onIntent?.('focus')}
        onBlur={() => onIntent?.('none')}
        onClick={() => onIntent?.('open')}
        onKeyDown={(event) => {
          if (!opensWith.has(event.key)) return;
          event.preventDefault();
          onIntent?.('open');
        }}
      />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}

/**
 * A field whose control loads on demand: the placeholder until its code has arrived, then the control, told what
 * was done to the placeholder meanwhile (`intent`: it takes the focus, and a dropdown opens), so that a tap on a slow
 * phone is not lost.
 */
export function OnDemandField({
  placeholder,
  children,
}: {
  placeholder: Omit<FieldPlaceholderProps, 'onIntent'>;
  children: (intent: FieldIntent) => ReactNode;
}) {
  const [intent, setIntent] = useState<FieldIntent>('none');
  return <Suspense fallback={<FieldPlaceholder {...placeholder} onIntent={setIntent} />}>{children(intent)}</Suspense>;
}
