import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { msg } from '@portal/shared/messages-it';
import {
  partnerForm,
  partnerSaveBody,
  type PartnerProfile,
  type PartnerSaveBody,
} from '@portal/shared/schemas/partners';
import { FormComboField, FormMonthField } from '../../../components/form-fields.tsx';
import { FormSection, WideField } from '../../../components/form-section.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { AddressFields, CodiceFiscaleField, CompanyFields } from '../../../components/profile-field-groups.tsx';
import { ProfileLayout, SaveButton } from '../../../components/profile-layout.tsx';
import { markServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useCombo } from '../../combos/api/get-combo.ts';
import { CapoareaRivenditoreFields } from '../../combos/components/reference-field.tsx';
import { useSavePartner } from '../api/save-partner.ts';
import type { PartnerAreaSetup } from './partner-areas.ts';

/** The editable record of a loaded partner: the save body's fields, nothing the server owns. */
function formValues(partner: PartnerProfile): PartnerSaveBody {
  return Object.fromEntries(
    Object.keys(partnerSaveBody.shape).map((key) => [key, partner[key as keyof PartnerSaveBody]]),
  ) as PartnerSaveBody;
}

type PartnerFormProps = {
  partner: PartnerProfile;
  setup: PartnerAreaSetup;
  /** The list filters to return to after saving. */
  listSearch: string;
  aside: ReactNode;
  /** The payments, which save on their own. */
  after?: ReactNode;
};

/**
 * The partner variant of 'Modifica Profilo', for editing and for creating
 * (partner.uuid ''). Checked in the browser with the server's schema: invalid -> 'Attenzione, correggere i campi
 * segnalati'; refused -> 'Errore salvataggio' with the fields marked; saved -> back to the area's list ('Dati
 * Salvati' but for admins). A new partner opens its edit screen instead, where the logo and payments go.
 */
export function PartnerForm({ partner, setup, listSearch, aside, after }: PartnerFormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const isNew = partner.uuid === '';
  const save = useSavePartner(isNew ? null : partner.uuid);
  const priorita = useCombo('priolist');
  const { control, handleSubmit, setError } = useForm<PartnerSaveBody>({
    resolver: zodResolver(partnerForm),
    defaultValues: formValues(partner),
  });
  const ro = !partner.editable;
  const text = { control, fullWidth: true, slotProps: { input: { readOnly: ro } } } as const;

  const onValid = (values: PartnerSaveBody) =>
    save.mutate(values, {
      onSuccess: (uuid) => {
        if (isNew) {
          showToast('Partner creato: ora puoi aggiungere il logo e i pagamenti', 'success');
          navigate(setup.editPath(uuid), { replace: true });
          return;
        }
        if (setup.confirmSave) showToast(msg.datiSalvati, 'success');
        navigate({ pathname: setup.listPath, search: listSearch });
      },
      onError: (error) => {
        markServerErrors(error, setError, Object.keys(partnerSaveBody.shape));
        showToast(msg.erroreSalvataggio, 'error');
      },
    });
  const submit = handleSubmit(onValid, () => showToast(msg.correggereCampi, 'warning'));

  return (
    <ProfileLayout
      aside={aside}
      actions={ro ? undefined : <SaveButton formId={formId} pending={save.isPending} />}
      after={after}
    >
      <Box component="form" id={formId} noValidate onSubmit={submit} aria-label="Modifica Profilo">
        <Stack spacing={2}>
          {ro && (
            <Alert severity="info">
              Puoi consultare questo partner; lo modifica chi lo segue (il partner non è assegnato a te).
            </Alert>
          )}
          <FormSection title="Dati personali">
            <WideField span="two">
              <FormTextField {...text} name="ragsoc" id="partner-ragsoc" label="Ragione sociale" required={!ro} />
            </WideField>
            <CodiceFiscaleField control={control} idPrefix="partner" readOnly={ro} />
            <AddressFields control={control} idPrefix="partner" readOnly={ro} addressSpan="two" />
          </FormSection>

          <FormSection title="Dati aziendali">
            <CompanyFields control={control} idPrefix="partner" readOnly={ro} />
          </FormSection>

          <FormSection title="Riferimenti">
            <FormTextField
              maxLength={30}
              {...text}
              name="code"
              id="partner-code"
              label="Codice"
              slotProps={{ input: { readOnly: ro } }}
            />
            <FormComboField
              control={control}
              name="priorita"
              id="partner-priorita"
              label="Priorità"
              emptyLabel="Nessuna"
              options={priorita.data ?? []}
              loading={priorita.isPending}
              readOnly={ro}
            />
            <CapoareaRivenditoreFields control={control} idPrefix="partner" readOnly={ro || setup.referencesReadOnly} />
            <FormMonthField control={control} name="dtstart" id="partner-dtstart" label="Partner dal" readOnly={ro} />
            <FormMonthField control={control} name="dtend" id="partner-dtend" label="Valido fino a" readOnly={ro} />
          </FormSection>
        </Stack>
      </Box>
    </ProfileLayout>
  );
}
