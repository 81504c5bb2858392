import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { msg } from '@portal/shared/messages-it';
import {
  posatoreAdminForm,
  posatoreProfileForm,
  posatoreSaveBody,
  type PosatoreProfile,
  type PosatoreSaveBody,
} from '@portal/shared/schemas/posatori';
import { FormCheckbox, FormComboField, FormDateField, FormMonthField } from '../../../components/form-fields.tsx';
import { AddressFields, CodiceFiscaleField, CompanyFields } from '../../../components/profile-field-groups.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ProfileLayout, SaveButton } from '../../../components/profile-layout.tsx';
import { RedeemCouponDialog } from '../../coupons/components/redeem-coupon-dialog.tsx';
import { markServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useCombo } from '../../combos/api/get-combo.ts';
import { ReferenceField } from '../../combos/components/reference-field.tsx';
import { useSavePosatore } from '../api/save-posatore.ts';
import type { VariantSetup } from './profile-variants.ts';

/** The editable record of a loaded profile: the save body's fields, nothing the server owns. */
function formValues(profile: PosatoreProfile): PosatoreSaveBody {
  const { shape } = posatoreSaveBody;
  return Object.fromEntries(
    Object.keys(shape).map((key) => [key, profile[key as keyof PosatoreSaveBody]]),
  ) as PosatoreSaveBody;
}

type PosatoreProfileFormProps = {
  profile: PosatoreProfile;
  setup: VariantSetup;
  /** The list filters to return to (the edit screen was opened from a filtered, paged list). */
  listSearch: string;
  /** The image side panel, with SALVA under it on wider screens (the column stays in view while the form scrolls). */
  aside: ReactNode;
  /** What follows the form in the main column: the gallery, which saves on its own. */
  after: ReactNode;
  /** Marks what the rules refuse as soon as the form opens: an incomplete profile shows what is left to fix. */
  checkOnOpen?: boolean;
};

/**
 * 'Modifica Profilo' (spec 'Profile edit screens'): Dati personali, Dati aziendali, Riferimenti and SALVA. The
 * browser checks the same zod schema as the server: invalid -> 'Attenzione, correggere i campi segnalati' with the
 * fields marked and nothing sent; a refused save -> 'Errore salvataggio'; saved -> 'Dati Salvati' (not for admins).
 */
export function PosatoreProfileForm({
  profile,
  setup,
  listSearch,
  aside,
  after,
  checkOnOpen = false,
}: PosatoreProfileFormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const save = useSavePosatore(profile.uuid);
  const qualifiche = useCombo('qualifiche');
  const [redeeming, setRedeeming] = useState(false);
  const { control, handleSubmit, setError, reset, formState, trigger } = useForm<PosatoreSaveBody>({
    resolver: zodResolver(setup.rules ? posatoreProfileForm : posatoreAdminForm),
    defaultValues: formValues(profile),
  });
  useEffect(() => {
    if (checkOnOpen) void trigger();
  }, [checkOnOpen, trigger]);
  const ro = setup.readOnly;
  const registryRo = ro || setup.registryReadOnly;
  const req = setup.rules && !ro;
  const text = { control, fullWidth: true, slotProps: { input: { readOnly: ro } } } as const;

  const onValid = (values: PosatoreSaveBody) =>
    save.mutate(values, {
      onSuccess: () => {
        // The saved values become the form's new starting point (nothing left to save).
        reset(values);
        if (setup.confirmSave) showToast(msg.datiSalvati, 'success');
        if (setup.backAfterSave && setup.listPath) navigate({ pathname: setup.listPath, search: listSearch });
      },
      onError: (error) => {
        markServerErrors(error, setError, Object.keys(posatoreSaveBody.shape));
        showToast(msg.erroreSalvataggio, 'error');
      },
    });
  const submit = handleSubmit(onValid, () => showToast(msg.correggereCampi, 'warning'));

  // SALVA, or the reseller's USA COUPON.
  const actions = ro ? (
    <Button
      variant="contained"
      color="secondary"
      size="large"
      fullWidth
      startIcon={<ConfirmationNumberIcon />}
      onClick={() => setRedeeming(true)}
    >
      USA COUPON
    </Button>
  ) : (
    <SaveButton
      formId={formId}
      pending={save.isPending}
      savedQuietly={!setup.confirmSave && save.isSuccess && !formState.isDirty}
    />
  );

  return (
    <ProfileLayout aside={aside} actions={actions} actionsFirst={ro} after={after}>
      <Box component="form" id={formId} noValidate onSubmit={submit} aria-label="Modifica Profilo">
        <Stack spacing={2}>
          <FormSection title="Dati personali">
            <FormTextField {...text} name="ragsoc" id="profile-ragsoc" label="Ragione sociale" />
            <FormTextField
              {...text}
              name="name"
              id="profile-name"
              label="Nome"
              required={req}
              autoComplete="given-name"
            />
            <FormTextField {...text} name="lastname" id="profile-lastname" label="Cognome" autoComplete="family-name" />
            <FormDateField
              control={control}
              name="dtnasc"
              id="profile-dtnasc"
              label="Data di nascita"
              required={req}
              readOnly={ro}
            />
            <CodiceFiscaleField control={control} idPrefix="profile" readOnly={ro} required={req} />
            <AddressFields control={control} idPrefix="profile" readOnly={ro} required={req} addressSpan="two-sm" />
          </FormSection>

          <FormSection title="Dati aziendali">
            {/* Spec: Azienda is read-only in the self-edit; the company is the admin's record (issue 8). */}
            <FormTextField
              {...text}
              name="azienda"
              id="profile-azienda"
              label="Azienda"
              slotProps={{ input: { readOnly: ro || !setup.manage } }}
            />
            <CompanyFields control={control} idPrefix="profile" readOnly={ro} emailRequired={req} />
          </FormSection>

          <FormSection title="Riferimenti">
            {setup.manage && (
              <FormTextField
                maxLength={30}
                {...text}
                name="code"
                id="profile-code"
                label="Codice posatore"
                helperText="Univoco: due posatori non possono avere lo stesso codice"
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
            )}
            <ReferenceField
              control={control}
              name="capoarea"
              provinceField="state"
              combo="cbocapoarea"
              id="profile-capoarea"
              label="Capo area"
              readOnly={registryRo}
            />
            <ReferenceField
              control={control}
              name="rivenditore"
              provinceField="state"
              combo="cborivenditori"
              id="profile-rivenditore"
              label="Rivenditore"
              readOnly={registryRo}
            />
            <FormComboField
              control={control}
              name="tipo"
              id="profile-tipo"
              label="Qualifica"
              emptyLabel="Nessuna"
              options={qualifiche.data ?? []}
              loading={qualifiche.isPending}
              readOnly={registryRo}
            />
            <FormMonthField
              control={control}
              name="dtstart"
              id="profile-dtstart"
              label="Data ultimo corso"
              readOnly={registryRo}
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', gridColumn: { sm: 'span 2', lg: 'span 2' } }}>
              <FormCheckbox control={control} name="certificato" label="Certificato" readOnly={registryRo} />
              {setup.diisocianati && (
                <FormCheckbox control={control} name="diisocianati" label="Formazione diisocianati" readOnly={ro} />
              )}
              <FormCheckbox control={control} name="web" label="Visibile sul web" readOnly={ro} />
              <FormCheckbox control={control} name="contoterzi" label="Lavora per conto terzi" readOnly={ro} />
            </Box>
          </FormSection>
        </Stack>
      </Box>
      {redeeming && <RedeemCouponDialog posatore={profile.uuid} onClose={() => setRedeeming(false)} />}
    </ProfileLayout>
  );
}
