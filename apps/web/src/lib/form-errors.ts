import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.ts';

/**
 * The server's per-field messages of a refused save (400 {fields}) marked on the same fields the form would have
 * marked; fields the form does not show are left to the form-level message.
 */
export function markServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [field, message] of Object.entries(error.fields)) {
    if (fields.includes(field)) setError(field as Path<T>, { message });
  }
}

/** The first message of each invalid field, in the order the schema reported them (for failureMessage). */
export function fieldMessages<T extends FieldValues>(errors: FieldErrors<T>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, error] of Object.entries(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}
