import { TextInput } from '../../../components/text-input.tsx';

type CodeInputProps = {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: boolean;
  helperText: string | undefined;
  /** A recovery code has letters: then the phone shows its full keyboard instead of the digits. */
  recovery?: boolean;
  autoFocus?: boolean;
};

/**
 * The code of the authenticator app: digits on a phone's keyboard, and offered by the phone from an SMS or the
 * app where it can (autocomplete one-time-code).
 */
export function TwoFactorCodeInput({ recovery = false, ...field }: CodeInputProps) {
  return (
    <TextInput
      {...field}
      label={recovery ? 'Codice di recupero' : 'Codice a 6 cifre'}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      fullWidth
      margin="normal"
      slotProps={{
        htmlInput: recovery
          ? { inputMode: 'text', autoCapitalize: 'none', spellCheck: false }
          : { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
      }}
    />
  );
}
