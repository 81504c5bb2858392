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
import { ProfileLayout, SaveButton } from '../../../components/profile-layout.tsx';
import { RedeemCouponDialog } from '../../coupons/components/redeem-coupon-dialog.tsx';
import { markServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSavePosatore } from '../api/save-posatore.ts';
import { CompanySection, PersonalSection, ReferencesSection } from './posatore-profile-sections.tsx';
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

/** The form's record and its save: the saved values become the new starting point (nothing left to save). */
function usePosatoreForm({
  profile,
  setup,
  listSearch,
  checkOnOpen,
}: Omit<PosatoreProfileFormProps, 'aside' | 'after'>) {
  const navigate = useNavigate();
  const save = useSavePosatore(profile.uuid);
  const form = useForm<PosatoreSaveBody>({
    resolver: zodResolver(setup.rules ? posatoreProfileForm : posatoreAdminForm),
    defaultValues: formValues(profile),
  });
  const { handleSubmit, setError, reset, trigger } = form;
  useEffect(() => {
    if (checkOnOpen) void trigger();
  }, [checkOnOpen, trigger]);

  const onValid = (values: PosatoreSaveBody) =>
    save.mutate(values, {
      onSuccess: () => {
        reset(setup.ownAddress ? { ...values, email: form.formState.defaultValues?.email ?? values.email } : values);
        if (setup.confirmSave) showToast(msg.datiSalvati, 'success');
        if (setup.backAfterSave && setup.listPath) navigate({ pathname: setup.listPath, search: listSearch });
      },
      onError: (error) => {
        markServerErrors(error, setError, Object.keys(posatoreSaveBody.shape));
        showToast(msg.erroreSalvataggio, 'error');
      },
    });
  const submit = handleSubmit(onValid, () => showToast(msg.correggereCampi, 'warning'));
  return { form, save, submit };
}

/** USA COUPON: the reseller's reason to open an installer's profile at the counter. */
function RedeemButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="contained"
      color="secondary"
      size="large"
      fullWidth
      startIcon={<ConfirmationNumberIcon />}
      onClick={onClick}
    >
      USA COUPON
    </Button>
  );
}

/**
 * 'Modifica Profilo': Dati personali, Dati aziendali, Riferimenti and SALVA (USA COUPON on the reseller's read-only
 * view). The browser checks the same zod schema as the server: invalid -> 'Attenzione, correggere i campi
 * segnalati' with the fields marked and nothing sent; a refused save -> 'Errore salvataggio'; saved -> 'Dati
 * Salvati' (not for admins).
 */
export function PosatoreProfileForm({ aside, after, checkOnOpen = false, ...props }: PosatoreProfileFormProps) {
  const formId = useId();
  const { setup, profile } = props;
  const [redeeming, setRedeeming] = useState(false);
  const { form, save, submit } = usePosatoreForm({ ...props, checkOnOpen });
  const { control, formState } = form;
  const ro = setup.readOnly;
  const actions = ro ? (
    <RedeemButton onClick={() => setRedeeming(true)} />
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
          <PersonalSection control={control} setup={setup} />
          <CompanySection control={control} setup={setup} />
          <ReferencesSection control={control} setup={setup} />
        </Stack>
      </Box>
      {redeeming && <RedeemCouponDialog posatore={profile.uuid} onClose={() => setRedeeming(false)} />}
    </ProfileLayout>
  );
}
