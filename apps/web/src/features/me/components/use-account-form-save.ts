import { useNavigate } from 'react-router';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { msg } from '@portal/shared/messages-it';
import { failureMessage, type RuleSet } from '@portal/shared/validation/rules';
import { errorReason } from '../../../lib/api-error.ts';
import { fieldMessages, markServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSaveMyProfile, type MyProfileBody } from '../api/save-my-profile.ts';

type AccountFormSaveOptions<B extends FieldValues> = {
  form: UseFormReturn<B>;
  /** admin: the registry's save; self: one's own profile; anything else reads only. */
  mode: 'admin' | 'self' | 'capoarea';
  adminSave: UseMutationResult<string, Error, B>;
  isNew: boolean;
  /** Said when the admin creates one: the activation is sent from the edit screen it opens. */
  createdText: string;
  editPath: (uuid: string) => string;
  /** The record's fields, which a refusal may mark. */
  fields: readonly string[];
  rules: RuleSet;
};

/**
 * The save of an account's form (capo area, rivenditore), by the admin or by the person: a failed check ->
 * 'Errore: {form error}', a refused save -> 'Errore: {reason}' with the fields marked. A new account opens its edit
 * screen, where the activation is sent; the admin's saves stay (a quiet 'Salvato'), one's own confirms with 'Dati
 * Salvati'.
 */
export function useAccountFormSave<B extends FieldValues & MyProfileBody>(options: AccountFormSaveOptions<B>) {
  const { form, mode, adminSave, isNew, createdText, editPath, fields, rules } = options;
  const navigate = useNavigate();
  const ownSave = useSaveMyProfile();
  const save = mode === 'self' ? ownSave : adminSave;

  const onSuccess = (values: B, uuid: string | null) => {
    // One's own new e-mail waits for the link sent to it: the form goes on showing the address in use.
    const email: unknown = form.formState.defaultValues?.['email'];
    form.reset(mode === 'self' && typeof email === 'string' ? { ...values, email } : values);
    if (mode === 'self') showToast(msg.datiSalvati, 'success');
    else if (isNew && uuid !== null) {
      showToast(createdText, 'success');
      navigate(editPath(uuid), { replace: true });
    }
  };
  const onError = (error: unknown) => {
    markServerErrors(error, form.setError, fields);
    showToast(msg.errore(errorReason(error, msg.erroreInterno)), 'error');
  };
  const onValid = (values: B) => {
    if (mode === 'admin') adminSave.mutate(values, { onSuccess: (uuid) => onSuccess(values, uuid), onError });
    else if (mode === 'self') ownSave.mutate(values, { onSuccess: () => onSuccess(values, null), onError });
  };
  const onInvalid = (errors: FieldErrors<B>) => showToast(failureMessage(rules, fieldMessages(errors)), 'warning');

  return {
    submit: form.handleSubmit(onValid, onInvalid),
    pending: save.isPending,
    /** The admin's save of a known account says only 'Salvato' on its button. */
    savedQuietly: mode === 'admin' && !isNew && save.isSuccess && !form.formState.isDirty,
  };
}
