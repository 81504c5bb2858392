/** What every outlined form field of the portal takes around its value: label, id, error and the read-only state. */
export type FieldProps = {
  onBlur?: () => void;
  label: string;
  id: string;
  name?: string;
  error?: boolean;
  helperText?: string | undefined;
  required?: boolean;
  readOnly?: boolean;
  size?: 'small' | 'medium';
  /** Takes the focus when it mounts (a control that loaded while its placeholder had it: field-placeholder.tsx). */
  autoFocus?: boolean;
};
