import { useId, type ReactNode } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  rivenditoreForm,
  rivenditoreSaveBody,
  type RivenditoreProfile,
  type RivenditoreSaveBody,
} from '@portal/shared/schemas/rivenditori';
import { resellerRules } from '@portal/shared/validation/profile-rules';
import { FormSection, WideField } from '../../../components/form-section.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import {
  AddressFields,
  CodiceFiscaleField,
  CompanyFields,
  PersonNameFields,
} from '../../../components/profile-field-groups.tsx';
import { ProfileLayout, SaveButton } from '../../../components/profile-layout.tsx';
import { FormProvinceChips } from '../../../components/province-chips-field.tsx';
import { ReferenceField } from '../../combos/components/reference-field.tsx';
import { useAccountFormSave } from '../../me/components/use-account-form-save.ts';
import { useSaveRivenditore } from '../api/save-rivenditore.ts';

/**
 * admin: /admin/newrivenditori and /admin/rivenditore/{id}; capoarea: /capoarea/rivenditore/{id}, read-only with
 * no save button; self: /rivenditori/profilo (code, area manager and provinces are the admin's).
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
 * The reseller form: name, lastname and e-mail required. A failed check -> 'Errore: {form
 * error}', a refused save -> 'Errore: {reason}'. A new reseller opens their edit screen, where the activation is
 * sent; the admin's saves stay (a quiet 'Salvato'), one's own confirms with 'Dati Salvati'.
 */
export function RivenditoreForm({ profile, mode, aside }: RivenditoreFormProps) {
  const formId = useId();
  const isNew = profile.uuid === '';
  const form = useForm<RivenditoreSaveBody>({
    resolver: zodResolver(rivenditoreForm),
    defaultValues: formValues(profile),
  });
  const { submit, pending, savedQuietly } = useAccountFormSave({
    form,
    mode,
    adminSave: useSaveRivenditore(isNew ? null : profile.uuid),
    isNew,
    createdText: 'Rivenditore creato: ora puoi mandare l’attivazione',
    editPath: (uuid) => `/admin/rivenditore/${uuid}`,
    fields,
    rules: resellerRules,
  });
  const { control } = form;
  const ro = mode === 'capoarea';
  const req = !ro;
  const text = { control, fullWidth: true, slotProps: { input: { readOnly: ro } } } as const;

  return (
    <ProfileLayout
      aside={aside}
      actions={ro ? undefined : <SaveButton formId={formId} pending={pending} savedQuietly={savedQuietly} />}
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={submit}
        aria-label={isNew ? 'Nuovo rivenditore' : 'Modifica Profilo'}
      >
        <Stack spacing={2}>
          {ro && <Alert severity="info">Scheda in sola lettura: i rivenditori li gestisce l’amministrazione.</Alert>}
          <FormSection title="Dati personali">
            <WideField span="two">
              <FormTextField {...text} name="ragsoc" id="rivenditore-ragsoc" label="Ragione sociale" />
            </WideField>
            <PersonNameFields control={control} idPrefix="rivenditore" readOnly={ro} required={req} />
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

          <RivenditoreReferences control={control} mode={mode} />
        </Stack>
      </Box>
    </ProfileLayout>
  );
}

/** Riferimenti: the code, the area manager and the provinces served, which only the admin edits. */
function RivenditoreReferences({
  control,
  mode,
}: {
  control: Control<RivenditoreSaveBody>;
  mode: RivenditoreFormMode;
}) {
  const registryRo = mode !== 'admin';
  return (
    <FormSection title="Riferimenti">
      <FormTextField
        maxLength={30}
        control={control}
        fullWidth
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
  );
}
