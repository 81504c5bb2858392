import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { formatMoneyInput, parseMoneyInput } from '../lib/formatters.ts';
import type { FieldProps } from './field-props.ts';

/** '999.999.999,99' and a little room: more is not an amount anyone types here. */
const MONEY_INPUT_MAX = 16;

type MoneyFieldProps = FieldProps & {
  /** Euros (1234.56); null when empty; NaN while the text is not an amount. */
  value: number | null;
  onChange: (value: number | null) => void;
};

/**
 * A money field: typed with a decimal comma ('1234,56', dots as thousands allowed), shown
 * as 1.234,56 with the euro sign once the field is left; a number of euros in the form, 1234.56 on the wire.
 */
export function MoneyField({ value, onChange, onBlur, readOnly, ...field }: MoneyFieldProps) {
  const [text, setText] = useState(() => formatMoneyInput(value));
  // As in DateField: a new value that is not what this field last reported comes from outside (a reset).
  const [sent, setSent] = useState<number | null>(value);
  const [received, setReceived] = useState<number | null>(value);
  if (!Object.is(value, received)) {
    setReceived(value);
    if (!Object.is(value, sent)) setText(formatMoneyInput(value));
  }

  return (
    <TextField
      {...field}
      value={text}
      fullWidth
      autoComplete="off"
      onChange={(event) => {
        // Digits, one comma and dots; anything else cannot be part of an amount. Limited after the cleaning, so a
        // pasted '€ 1.234.567,89' loses its sign and blanks, not its cents.
        const next = event.target.value.replace(/[^\d.,]/g, '').slice(0, MONEY_INPUT_MAX);
        setText(next);
        const amount = parseMoneyInput(next);
        setSent(amount);
        onChange(amount);
      }}
      onBlur={() => {
        const amount = parseMoneyInput(text);
        if (amount !== null && !Number.isNaN(amount)) setText(formatMoneyInput(amount));
        onBlur?.();
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', readOnly },
        input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
      }}
    />
  );
}

/** The money field bound to a react-hook-form field holding euros: NaN while empty or not an amount, which the
 * money schema refuses ('Importo non valido'), so a half-typed amount is never sent. */
export function FormMoneyField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<MoneyFieldProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'helperText'> & {
  control: Control<T>;
  name: FieldPathByValue<T, number>;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <MoneyField
      {...props}
      name={field.name}
      value={field.value as number}
      onChange={(amount) => field.onChange(amount ?? Number.NaN)}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
    />
  );
}
