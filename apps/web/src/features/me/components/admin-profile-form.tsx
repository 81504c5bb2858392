import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { msg } from '@portal/shared/messages-it';
import {
  adminProfileBody,
  adminProfileForm,
  type AdminProfile,
  type AdminProfileBody,
} from '@portal/shared/schemas/me';
import { phoneFilter } from '@portal/shared/validation/filters';
import { FormSection } from '../../../components/form-section.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ProfileLayout, SaveButton } from '../../../components/profile-layout.tsx';
import { markServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSaveMyProfile } from '../api/save-my-profile.ts';

/**
 * The admin's own profile (/admin/profilo): a name to show and the e-mail for password resets. No 'Dati Salvati'
 * for admins: a quiet 'Salvato' under SALVA.
 */
export function AdminProfileForm({ profile, aside }: { profile: AdminProfile; aside: ReactNode }) {
  const formId = useId();
  const save = useSaveMyProfile();
  const { control, handleSubmit, setError, reset, formState } = useForm<AdminProfileBody>({
    resolver: zodResolver(adminProfileForm),
    defaultValues: { name: profile.name, lastname: profile.lastname, email: profile.email, phone: profile.phone },
  });
  const text = { control, fullWidth: true } as const;
  const submit = handleSubmit(
    (values) =>
      save.mutate(values, {
        // A new e-mail waits for the link sent to it: the form goes on showing the address in use.
        onSuccess: () => reset({ ...values, email: formState.defaultValues?.email ?? values.email }),
        onError: (error) => {
          markServerErrors(error, setError, Object.keys(adminProfileBody.shape));
          showToast(msg.erroreSalvataggio, 'error');
        },
      }),
    () => showToast(msg.correggereCampi, 'warning'),
  );

  return (
    <ProfileLayout
      aside={aside}
      actions={
        <SaveButton formId={formId} pending={save.isPending} savedQuietly={save.isSuccess && !formState.isDirty} />
      }
    >
      <Box component="form" id={formId} noValidate onSubmit={submit} aria-label="Modifica Profilo">
        <FormSection title="Dati personali">
          <FormTextField {...text} name="name" id="admin-name" label="Nome" required autoComplete="given-name" />
          <FormTextField {...text} name="lastname" id="admin-lastname" label="Cognome" autoComplete="family-name" />
          <FormTextField
            {...text}
            name="email"
            id="admin-email"
            label="Email"
            required
            type="email"
            autoComplete="email"
          />
          <FormTextField
            {...text}
            name="phone"
            id="admin-phone"
            label="Telefono"
            filter={phoneFilter}
            type="tel"
            autoComplete="tel"
          />
        </FormSection>
      </Box>
    </ProfileLayout>
  );
}
