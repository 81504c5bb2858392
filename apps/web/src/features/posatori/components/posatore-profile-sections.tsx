import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { PosatoreSaveBody } from '@portal/shared/schemas/posatori';
import { FormCheckbox, FormComboField, FormDateField, FormMonthField } from '../../../components/form-fields.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { AddressFields, CodiceFiscaleField, CompanyFields } from '../../../components/profile-field-groups.tsx';
import { useCombo } from '../../combos/api/get-combo.ts';
import { CapoareaRivenditoreFields } from '../../combos/components/reference-field.tsx';
import type { VariantSetup } from './profile-variants.ts';

/** The three sections of the installer's profile form; what each may edit follows the screen's variant. */
type SectionProps = { control: Control<PosatoreSaveBody>; setup: VariantSetup };

/** Whether the fields are read-only, and whether the rules mark them required, for this variant. */
function access(setup: VariantSetup) {
  const ro = setup.readOnly;
  return { ro, registryRo: ro || setup.registryReadOnly, req: setup.rules && !ro };
}

/** Dati personali: names, birth date, codice fiscale and address. */
export function PersonalSection({ control, setup }: SectionProps) {
  const { ro, req } = access(setup);
  const text = { control, fullWidth: true, slotProps: { input: { readOnly: ro } } } as const;
  return (
    <FormSection title="Dati personali">
      <FormTextField {...text} name="ragsoc" id="profile-ragsoc" label="Ragione sociale" />
      <FormTextField {...text} name="name" id="profile-name" label="Nome" required={req} autoComplete="given-name" />
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
  );
}

/** Dati aziendali: the company (the admin's record: read-only on one's own profile) and the contacts. */
export function CompanySection({ control, setup }: SectionProps) {
  const { ro, req } = access(setup);
  return (
    <FormSection title="Dati aziendali">
      <FormTextField
        control={control}
        fullWidth
        name="azienda"
        id="profile-azienda"
        label="Azienda"
        slotProps={{ input: { readOnly: ro || !setup.manage } }}
      />
      <CompanyFields control={control} idPrefix="profile" readOnly={ro} emailRequired={req} />
    </FormSection>
  );
}

/** Riferimenti: the admin's code, the area manager and reseller, the qualification, the last course and the flags. */
export function ReferencesSection({ control, setup }: SectionProps) {
  const { ro, registryRo } = access(setup);
  const qualifiche = useCombo('qualifiche');
  return (
    <FormSection title="Riferimenti">
      {setup.manage && (
        <FormTextField
          control={control}
          fullWidth
          maxLength={30}
          name="code"
          id="profile-code"
          label="Codice posatore"
          helperText="Univoco: due posatori non possono avere lo stesso codice"
          slotProps={{ input: { readOnly: ro }, htmlInput: { spellCheck: false } }}
        />
      )}
      <CapoareaRivenditoreFields control={control} idPrefix="profile" readOnly={registryRo} />
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
  );
}
