import { useId, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { msg } from '@portal/shared/messages-it';
import {
  rivenditoreForm,
  rivenditoreSaveBody,
  type RivenditoreProfile,
  type RivenditoreSaveBody,
} from '@portal/shared/schemas/rivenditori';
import { resellerRules } from '@portal/shared/validation/profile-rules';
import { failureMessage } from '@portal/shared/validation/rules';
import { FormSection, WideField } from '../../../components/form-section.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { AddressFields, CodiceFiscaleField, CompanyFields } from '../../../components/profile-field-groups.tsx';
import { ProfileLayout, SaveButton } from '../../../components/profile-layout.tsx';
import { FormProvinceChips } from '../../../components/province-chips-field.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { fieldMessages, markServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { ReferenceField } from '../../combos/components/reference-field.tsx';
import { useSaveMyProfile } from '../../me/api/save-my-profile.ts';
import { useSaveRivenditore } from '../api/save-rivenditore.ts';

/**
 * admin: /admin/newrivenditori and /admin/rivenditore/{id}; capoarea: /capoarea/rivenditore/{id}, read-only with
 * no save button (spec section 2); self: /rivenditori/profilo (code, area manager and provinces are the admin's).
 */
export type RivenditoreFormMode = 'admin' | 'capoarea' | 'self';

function formValues(profile: RivenditoreProfile): RivenditoreSaveBody {
  return Object.fromEntries(
    Object.keys(rivenditoreSaveBody.shape).map((key) => [key, profile[key as keyof RivenditoreSaveBody]]),
  ) as RivenditoreSaveBody;
}

const fields = Object.keys(rivenditoreSaveBody.shape);

type RivenditoreFormProps = {
  profile: RivenditoreProfile;
  mode: RivenditoreFormMode;
  aside: ReactNode;
};

/**
 * The reseller form (spec section 5): name, lastname and e-mail required. A failed check -> 'Errore: {form
 * error}', a refused save -> 'Errore: {reason}'. A new reseller opens their edit screen, where the activation is
 * sent; the admin's saves stay (a quiet 'Salvato'), one's own confirms with 'Dati Salvati'.
 */
export function RivenditoreForm({ profile, mode, aside }: RivenditoreFormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const isNew = profile.uuid === '';
  const saveAdmin = useSaveRivenditore(isNew ? null : profile.uuid);
  const saveOwn = useSaveMyProfile();
  const save = mode === 'self' ? saveOwn : saveAdmin;
  const { control, handleSubmit, setError, reset, formState } = useForm<RivenditoreSaveBody>({
    resolver: zodResolver(rivenditoreForm),
    defaultValues: formValues(profile),
  });
  const ro = mode === 'capoarea';
  const registryRo = mode !== 'admin';
  const req = !ro;
  const text = { control, fullWidth: true, slotProps: { input: { readOnly: ro } } } as const;

  const onSuccess = (values: RivenditoreSaveBody, uuid: unknown) => {
    reset(values);
    if (mode === 'self') showToast(msg.datiSalvati, 'success');
    else if (isNew && typeof uuid === 'string') {
      showToast('Rivenditore creato: ora puoi mandare l’attivazione', 'success');
      navigate(`/admin/rivenditore/${uuid}`, { replace: true });
    }
  };
  const onError = (error: unknown) => {
    markServerErrors(error, setError, fields);
    showToast(msg.errore(errorReason(error, msg.erroreInterno)), 'error');
  };
  const onValid = (values: RivenditoreSaveBody) => {
    if (mode === 'admin') saveAdmin.mutate(values, { onSuccess: (uuid) => onSuccess(values, uuid), onError });
    else if (mode === 'self') saveOwn.mutate(values, { onSuccess: () => onSuccess(values, null), onError });
  };
  const onInvalid = (errors: FieldErrors<RivenditoreSaveBody>) =>
    showToast(failureMessage(resellerRules, fieldMessages(errors)), 'warning');

  return (
    <ProfileLayout
      aside={aside}
      actions={
        ro ? undefined : (
          <SaveButton
            formId={formId}
            pending={save.isPending}
            savedQuietly={mode === 'admin' && !isNew && save.isSuccess && !formState.isDirty}
          />
        )
      }
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        aria-label={isNew ? 'Nuovo rivenditore' : 'Modifica Profilo'}
      >
        <Stack spacing={2}>
          {ro && <Alert severity="info">Scheda in sola lettura: i rivenditori li gestisce l’amministrazione.</Alert>}
          <FormSection title="Dati personali">
            <WideField span="two">
              <FormTextField {...text} name="ragsoc" id="rivenditore-ragsoc" label="Ragione sociale" />
            </WideField>
            <FormTextField
              {...text}
              name="name"
              id="rivenditore-name"
              label="Nome"
              required={req}
              autoComplete="given-name"
            />
            <FormTextField
              {...text}
              name="lastname"
              id="rivenditore-lastname"
              label="Cognome"
              required={req}
              autoComplete="family-name"
            />
            <CodiceFiscaleField control={control} idPrefix="rivenditore" readOnly={ro} />
            <AddressFields control={control} idPrefix="rivenditore" readOnly={ro} addressSpan="two-sm" />
          </FormSection>

          <FormSection title="Dati aziendali">
            <CompanyFields
              control={control}
              idPrefix="rivenditore"
              readOnly={ro}
              emailRequired={req}
              emailHelperText={isNew ? 'Sarà anche il nome utente per l’accesso' : undefined}
            />
          </FormSection>

          <FormSection title="Riferimenti">
            <FormTextField
              maxLength={30}
              {...text}
              name="code"
              id="rivenditore-code"
              label="Codice"
              slotProps={{ input: { readOnly: registryRo } }}
            />
            <ReferenceField
              control={control}
              name="capoarea"
              provinceField="state"
              combo="cbocapoarea"
              id="rivenditore-capoarea"
              label="Capo area"
              readOnly={registryRo}
            />
            <WideField>
              <FormProvinceChips
                control={control}
                name="provs"
                id="rivenditore-provs"
                label="Province servite"
                readOnly={registryRo}
                helperText={mode === 'self' ? 'Le assegna l’amministrazione' : undefined}
              />
            </WideField>
          </FormSection>
        </Stack>
      </Box>
    </ProfileLayout>
  );
}
