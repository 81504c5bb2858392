import { useState } from 'react';
import { msg } from '@portal/shared/messages-it';
import { fieldErrors } from '@portal/shared/schemas/auth-forms';
import { ApiError, errorReason } from './api-error.ts';
import { showToast } from './toast-store.ts';

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The messages under the fields of a form kept in plain state (not react-hook-form): each field's first message
 * under it, and the first one of a refusal in the toast, whether the schema refused before sending or the server
 * refused the save.
 */
export function useFieldErrors<K extends string>() {
  type Errors = Partial<Record<K, string>>;
  const [errors, setErrors] = useState<Errors>({});

  const refuse = (issues: readonly Issue[]) => {
    setErrors(fieldErrors(issues) as Errors);
    showToast(issues[0]?.message ?? msg.correggereErrori);
  };

  const saveFailed = (error: unknown) => {
    if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
    showToast(errorReason(error, msg.erroreSalvataggio));
  };

  return { errors, setErrors, refuse, saveFailed };
}
