import { useState } from 'react';
import type { Dayjs } from 'dayjs';

type PickerValueOptions = {
  /** The value the form holds, in its wire form ('' when empty). */
  value: string;
  toDayjs: (value: string) => Dayjs | null;
  toValue: (date: Dayjs | null) => string;
  /** Told, while rendering, each time the form hands the field a different value (its own report or not). */
  onNewValue?: (value: string) => void;
};

/**
 * The date on screen for a picker whose form holds a string. The picker keeps a half-typed date as an invalid Dayjs;
 * the form's string for it (an "unfinished" marker) must not wipe what was typed. So the hook remembers what the
 * field last reported and the value it last received: a new value that is not the field's own report comes from
 * outside and replaces what is on screen.
 */
export function usePickerValue({ value, toDayjs, toValue, onNewValue }: PickerValueOptions) {
  const [current, setCurrent] = useState<Dayjs | null>(() => toDayjs(value));
  const [sent, setSent] = useState(value);
  const [received, setReceived] = useState(value);
  if (value !== received) {
    setReceived(value);
    onNewValue?.(value);
    if (value !== sent) setCurrent(toDayjs(value));
  }

  /** Shows `next` and returns the string the form is to hold for it. */
  const change = (next: Dayjs | null): string => {
    setCurrent(next);
    const out = toValue(next);
    setSent(out);
    return out;
  };

  return { current, change };
}
