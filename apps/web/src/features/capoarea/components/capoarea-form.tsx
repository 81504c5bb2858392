import { useId, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { msg } from '@portal/shared/messages-it';
import {
  capoareaForm,
  capoareaSaveBody,
  type CapoareaProfile,
  type CapoareaSaveBody,
} from '@portal/shared/schemas/capoarea';
import { areaManagerRules } from '@portal/shared/validation/profile-rules';
import { failureMessage } from '@portal/shared/validation/rules';
import { FormSection, WideField } from '../../../components/form-section.tsx';
import { AddressFields, CodiceFiscaleField, CompanyFields } from '../../../components/profile-field-groups.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ProfileLayout, SaveButton } from '../../../components/profile-layout.tsx';
import { FormProvinceChips } from '../../../components/province-chips-field.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { fieldMessages, markServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSaveMyProfile } from '../../me/api/save-my-profile.ts';
import { useSaveCapoarea } from '../api/save-capoarea.ts';

/** admin: /admin/newcapoarea and /admin/capoarea/{id}; self: /capoarea/profilo (the provinces are the admin's). */
export type CapoareaFormMode = 'admin' | 'self';

function formValues(profile: CapoareaProfile): CapoareaSaveBody {
  return Object.fromEntries(
    Object.keys(capoareaSaveBody.shape).map((key) => [key, profile[key as keyof CapoareaSaveBody]]),
  ) as CapoareaSaveBody;
}

const fields = Object.keys(capoareaSaveBody.shape);

type CapoareaFormProps = {
  profile: CapoareaProfile;
  mode: CapoareaFormMode;
  aside: ReactNode;
};

/**
 * The area-manager form (spec section 5): name, lastname, address, city, CAP (5 digits), province (2 characters)
 * and e-mail required; codice fiscale and partita IVA empty or valid; the provinces of competence as chips. The
 * browser checks the server's schema: a failed check -> 'Errore: {form error}', a refused save -> 'Errore:
 * {reason}'. A new area manager opens their edit screen, where the activation is sent; the admin's saves stay
 * (a quiet 'Salvato'), one's own confirms with 'Dati Salvati'.
 */
export function CapoareaForm({ profile, mode, aside }: CapoareaFormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const isNew = profile.uuid === '';
  const saveAdmin = useSaveCapoarea(isNew ? null : profile.uuid);
  const saveOwn = useSaveMyProfile();
  const save = mode === 'admin' ? saveAdmin : saveOwn;
  const { control, handleSubmit, setError, reset, formState } = useForm<CapoareaSaveBody>({
    resolver: zodResolver(capoareaForm),
    defaultValues: formValues(profile),
  });
  const text = { control, fullWidth: true } as const;

  const onSuccess = (values: CapoareaSaveBody, uuid: unknown) => {
    reset(values);
    if (mode === 'self') showToast(msg.datiSalvati, 'success');
    else if (isNew && typeof uuid === 'string') {
      showToast('Capo area creato: ora puoi mandare l’attivazione', 'success');
      navigate(`/admin/capoarea/${uuid}`, { replace: true });
    }
  };
  const onError = (error: unknown) => {
    markServerErrors(error, setError, fields);
    showToast(msg.errore(errorReason(error, msg.erroreInterno)), 'error');
  };
  const onValid = (values: CapoareaSaveBody) => {
    if (mode === 'admin') saveAdmin.mutate(values, { onSuccess: (uuid) => onSuccess(values, uuid), onError });
    else saveOwn.mutate(values, { onSuccess: () => onSuccess(values, null), onError });
  };
  const onInvalid = (errors: FieldErrors<CapoareaSaveBody>) =>
    showToast(failureMessage(areaManagerRules, fieldMessages(errors)), 'warning');

  return (
    <ProfileLayout
      aside={aside}
      actions={
        <SaveButton
          formId={formId}
          pending={save.isPending}
          savedQuietly={mode === 'admin' && !isNew && save.isSuccess && !formState.isDirty}
        />
      }
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        aria-label={isNew ? 'Nuovo capo area' : 'Modifica Profilo'}
      >
        <Stack spacing={2}>
          <FormSection title="Dati personali">
            <FormTextField {...text} name="name" id="capoarea-name" label="Nome" required autoComplete="given-name" />
            <FormTextField
              {...text}
              name="lastname"
              id="capoarea-lastname"
              label="Cognome"
              required
              autoComplete="family-name"
            />
            <CodiceFiscaleField control={control} idPrefix="capoarea" />
            <AddressFields control={control} idPrefix="capoarea" required addressSpan="two" />
          </FormSection>

          <FormSection title="Dati aziendali">
            <CompanyFields
              control={control}
              idPrefix="capoarea"
              emailRequired
              emailHelperText={isNew ? 'Sarà anche il nome utente per l’accesso' : undefined}
            />
          </FormSection>

          <FormSection title="Area di competenza">
            <WideField>
              <FormProvinceChips
                control={control}
                name="provs"
                id="capoarea-provs"
                label="Province di competenza"
                readOnly={mode === 'self'}
                helperText={mode === 'self' ? 'Le assegna l’amministrazione' : undefined}
              />
            </WideField>
          </FormSection>
        </Stack>
      </Box>
    </ProfileLayout>
  );
}
