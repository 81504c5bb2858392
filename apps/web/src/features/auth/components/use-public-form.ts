import { useState } from 'react';
import type * as z from 'zod/mini';
import { fieldErrors } from '@portal/shared/schemas/auth-forms';

/**
 * The state of a public screen's form: the values, the message under each field, and a check with the form's
 * shared schema (the one its route validates with) before anything is sent.
 */
export function usePublicForm<T extends Record<string, string>>(schema: z.ZodMiniType<T, T>, initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name] !== undefined,
    helperText: errors[name],
  });

  /** The parsed values, or undefined after showing each field's message. */
  const check = (): T | undefined => {
    const parsed = schema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    return parsed.success ? parsed.data : undefined;
  };

  return { values, field, check, setErrors };
}
