import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { msg } from '@portal/shared/messages-it';
import {
  posatoreProfileForm,
  posatoreSaveBody,
  type PosatoreProfile,
  type PosatoreSaveBody,
} from '@portal/shared/schemas/posatori';
import { capFilter, codfisFilter, phoneFilter } from '@portal/shared/validation/filters';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useInPreparazione } from '../../../components/in-preparazione-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSavePosatore } from '../api/save-posatore.ts';
import {
  BirthDateField,
  CourseMonthField,
  FlagField,
  FormSection,
  ProvinceField,
  QualificationField,
  ReferenceField,
} from './profile-fields.tsx';
import type { VariantSetup } from './profile-variants.ts';

/** The editable record of a loaded profile: the save body's fields, nothing the server owns. */
function formValues(profile: PosatoreProfile): PosatoreSaveBody {
  const { shape } = posatoreSaveBody;
  return Object.fromEntries(
    Object.keys(shape).map((key) => [key, profile[key as keyof PosatoreSaveBody]]),
  ) as PosatoreSaveBody;
}

/** Partita IVA: same filter as the codice fiscale (upper case, no blanks), so a pasted 'it 0123…' is not refused. */
const pivaFilter = (value: string) => codfisFilter(value).replace(/\s/g, '');

type PosatoreProfileFormProps = {
  profile: PosatoreProfile;
  setup: VariantSetup;
  /** The list filters to return to (the edit screen was opened from a filtered, paged list). */
  listSearch: string;
  /** The image side panel, with SALVA under it on wider screens (the column stays in view while the form scrolls). */
  aside: ReactNode;
  /** What follows the form in the main column: the gallery, which saves on its own. */
  after: ReactNode;
};

/**
 * 'Modifica Profilo' (spec 'Profile edit screens'): Dati personali, Dati aziendali, Riferimenti and SALVA. The
 * browser checks the same zod schema as the server: invalid -> 'Attenzione, correggere i campi segnalati' with the
 * fields marked and nothing sent; a refused save -> 'Errore salvataggio'; saved -> 'Dati Salvati' (not for admins).
 */
export function PosatoreProfileForm({ profile, setup, listSearch, aside, after }: PosatoreProfileFormProps) {
  const formId = useId();
  const navigate = useNavigate();
  const save = useSavePosatore(profile.uuid);
  const { showInPreparazione, dialog } = useInPreparazione();
  const { control, handleSubmit, setError, reset, formState } = useForm<PosatoreSaveBody>({
    resolver: zodResolver(setup.rules ? posatoreProfileForm : posatoreSaveBody),
    defaultValues: formValues(profile),
  });
  const province = useWatch({ control, name: 'state' });
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
        // The server's per-field messages mark the same fields the form would have.
        if (error instanceof ApiError && error.fields) {
          for (const [field, message] of Object.entries(error.fields)) {
            if (field in posatoreSaveBody.shape) setError(field as keyof PosatoreSaveBody, { message });
          }
        }
        showToast(msg.erroreSalvataggio, 'error');
      },
    });
  const submit = handleSubmit(onValid, () => showToast(msg.correggereCampi, 'warning'));

  // SALVA (or the reseller's USA COUPON) sits under the side panel from md up and after the sections on a phone;
  // the copy for the other width is display:none, so there is one button for the user and for screen readers.
  const actions = (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
      {ro ? (
        <Button
          variant="contained"
          color="secondary"
          size="large"
          startIcon={<ConfirmationNumberIcon />}
          onClick={() => showInPreparazione('Copoun')}
        >
          USA COUPON
        </Button>
      ) : (
        <>
          <Button type="submit" form={formId} variant="contained" size="large" loading={save.isPending}>
            SALVA
          </Button>
          {/* Admins get no 'Dati Salvati' (spec section 6); this quiet line still tells them it went through. */}
          {!setup.confirmSave && save.isSuccess && !formState.isDirty && (
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 0.5,
              }}
            >
              <CheckIcon fontSize="small" color="success" /> Salvato
            </Typography>
          )}
        </>
      )}
    </Box>
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)', lg: '300px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ position: { md: 'sticky' }, top: { md: 88 }, display: 'grid', gap: 2 }}>
        {aside}
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>{actions}</Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
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
              <FormTextField
                {...text}
                name="lastname"
                id="profile-lastname"
                label="Cognome"
                autoComplete="family-name"
              />
              <BirthDateField control={control} readOnly={ro} required={req} />
              <FormTextField
                {...text}
                name="codfis"
                id="profile-codfis"
                label="Codice fiscale"
                required={req}
                filter={codfisFilter}
                slotProps={{
                  input: { readOnly: ro },
                  htmlInput: { maxLength: 16, autoCapitalize: 'characters', spellCheck: false },
                }}
              />
              <Box sx={{ gridColumn: { sm: 'span 2', lg: 'span 1' } }}>
                <FormTextField
                  {...text}
                  name="address"
                  id="profile-address"
                  label="Indirizzo e numero civico"
                  required={req}
                  autoComplete="street-address"
                />
              </Box>
              <FormTextField
                {...text}
                name="city"
                id="profile-city"
                label="Città"
                required={req}
                autoComplete="address-level2"
              />
              <FormTextField
                {...text}
                name="cap"
                id="profile-cap"
                label="CAP"
                required={req}
                filter={capFilter}
                autoComplete="postal-code"
                slotProps={{ input: { readOnly: ro }, htmlInput: { maxLength: 5, inputMode: 'numeric' } }}
              />
              <ProvinceField control={control} readOnly={ro} required={req} />
            </FormSection>

            <FormSection title="Dati aziendali">
              <FormTextField
                {...text}
                name="azienda"
                id="profile-azienda"
                label="Azienda"
                slotProps={{ input: { readOnly: true } }}
              />
              <FormTextField
                {...text}
                name="phone"
                id="profile-phone"
                label="Telefono"
                filter={phoneFilter}
                type="tel"
                autoComplete="tel"
              />
              <FormTextField
                {...text}
                name="cell"
                id="profile-cell"
                label="Cellulare"
                filter={phoneFilter}
                type="tel"
              />
              <FormTextField
                {...text}
                name="email"
                id="profile-email"
                label="Email"
                required={req}
                type="email"
                autoComplete="email"
              />
              <FormTextField
                {...text}
                name="website"
                id="profile-website"
                label="Sito Web"
                type="url"
                autoComplete="url"
              />
              <FormTextField
                {...text}
                name="piva"
                id="profile-piva"
                label="Partita IVA"
                filter={pivaFilter}
                slotProps={{ input: { readOnly: ro }, htmlInput: { maxLength: 11, inputMode: 'numeric' } }}
              />
            </FormSection>

            <FormSection title="Riferimenti">
              <ReferenceField
                control={control}
                readOnly={registryRo}
                name="capoarea"
                label="Capo area"
                province={province}
              />
              <ReferenceField
                control={control}
                readOnly={registryRo}
                name="rivenditore"
                label="Rivenditore"
                province={province}
              />
              <QualificationField control={control} readOnly={registryRo} />
              <CourseMonthField control={control} readOnly={ro} />
              <Box sx={{ display: 'flex', flexDirection: 'column', gridColumn: { sm: 'span 2', lg: 'span 2' } }}>
                <FlagField control={control} readOnly={registryRo} name="certificato" label="Certificato" />
                {setup.diisocianati && (
                  <FlagField control={control} readOnly={ro} name="diisocianati" label="Formazione diisocianati" />
                )}
                <FlagField control={control} readOnly={ro} name="web" label="Visibile sul web" />
                <FlagField control={control} readOnly={ro} name="contoterzi" label="Lavora per conto terzi" />
              </Box>
            </FormSection>
          </Stack>
          <Box sx={{ display: { xs: 'block', md: 'none' }, mt: 2 }}>{actions}</Box>
        </Box>
        {after}
      </Box>
      {dialog}
    </Box>
  );
}
