import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  capoareaForm,
  capoareaSaveBody,
  type CapoareaProfile,
  type CapoareaSaveBody,
} from '@portal/shared/schemas/capoarea';
import { areaManagerRules } from '@portal/shared/validation/profile-rules';
import { FormSection, WideField } from '../../../components/form-section.tsx';
import {
  AddressFields,
  CodiceFiscaleField,
  CompanyFields,
  PersonNameFields,
} from '../../../components/profile-field-groups.tsx';
import { ProfileLayout, SaveButton } from '../../../components/profile-layout.tsx';
import { FormProvinceChips } from '../../../components/province-chips-field.tsx';
import { useAccountFormSave } from '../../me/components/use-account-form-save.ts';
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
 * The area-manager form: name, lastname, address, city, CAP (5 digits), province (2 characters)
 * and e-mail required; codice fiscale and partita IVA empty or valid; the provinces of competence as chips. The
 * browser checks the server's schema: a failed check -> 'Errore: {form error}', a refused save -> 'Errore:
 * {reason}'. A new area manager opens their edit screen, where the activation is sent; the admin's saves stay
 * (a quiet 'Salvato'), one's own confirms with 'Dati Salvati'.
 */
export function CapoareaForm({ profile, mode, aside }: CapoareaFormProps) {
  const formId = useId();
  const isNew = profile.uuid === '';
  const form = useForm<CapoareaSaveBody>({
    resolver: zodResolver(capoareaForm),
    defaultValues: formValues(profile),
  });
  const { submit, pending, savedQuietly } = useAccountFormSave({
    form,
    mode,
    adminSave: useSaveCapoarea(isNew ? null : profile.uuid),
    isNew,
    createdText: 'Capo area creato: ora puoi mandare l’attivazione',
    editPath: (uuid) => `/admin/capoarea/${uuid}`,
    fields,
    rules: areaManagerRules,
  });
  const { control } = form;

  return (
    <ProfileLayout aside={aside} actions={<SaveButton formId={formId} pending={pending} savedQuietly={savedQuietly} />}>
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={submit}
        aria-label={isNew ? 'Nuovo capo area' : 'Modifica Profilo'}
      >
        <Stack spacing={2}>
          <FormSection title="Dati personali">
            <PersonNameFields control={control} idPrefix="capoarea" required />
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
