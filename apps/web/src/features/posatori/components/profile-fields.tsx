import type { ReactNode } from 'react';
import { useController, type Control, type Path } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { PosatoreSaveBody } from '@portal/shared/schemas/posatori';
import { ComboSelect } from '../../../components/combo-select.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { MonthYearField } from '../../../components/month-year-field.tsx';
import { ProvinceTypeahead } from '../../../components/province-typeahead.tsx';
import { useCombo } from '../../combos/api/get-combo.ts';

export type ProfileControl = Control<PosatoreSaveBody>;
type FieldName = Path<PosatoreSaveBody>;

/** A titled block of the form ('Dati personali', ...) whose fields reflow from one column on a phone to three. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 500 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}

type ControlledProps = { control: ProfileControl; readOnly: boolean };

export function ProvinceField({ control, readOnly, required }: ControlledProps & { required: boolean }) {
  const { field, fieldState } = useController({ control, name: 'state' });
  return (
    <ProvinceTypeahead
      id="profile-state"
      name={field.name}
      label={required ? 'Provincia *' : 'Provincia'}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
      readOnly={readOnly}
    />
  );
}

export function BirthDateField({ control, readOnly, required }: ControlledProps & { required: boolean }) {
  const { field, fieldState } = useController({ control, name: 'dtnasc' });
  return (
    <DateField
      id="profile-dtnasc"
      name={field.name}
      label={required ? 'Data di nascita *' : 'Data di nascita'}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
      readOnly={readOnly}
    />
  );
}

export function CourseMonthField({ control, readOnly }: ControlledProps) {
  const { field, fieldState } = useController({ control, name: 'dtstart' });
  return (
    <MonthYearField
      id="profile-dtstart"
      name={field.name}
      label="Data ultimo corso"
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
      readOnly={readOnly}
    />
  );
}

export function QualificationField({ control, readOnly }: ControlledProps) {
  const { field, fieldState } = useController({ control, name: 'tipo' });
  const qualifiche = useCombo('qualifiche');
  return (
    <ComboSelect
      id="profile-tipo"
      name={field.name}
      label="Qualifica"
      emptyLabel="Nessuna"
      options={qualifiche.data ?? []}
      loading={qualifiche.isPending}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
      readOnly={readOnly}
    />
  );
}

/**
 * The area manager and reseller of the installer: options of the chosen province (spec: combos filtered by
 * province). A reference outside that list keeps its name, looked up in the whole list.
 */
export function ReferenceField({
  control,
  readOnly,
  name,
  label,
  province,
}: ControlledProps & { name: 'capoarea' | 'rivenditore'; label: string; province: string }) {
  const { field, fieldState } = useController({ control, name });
  const combo = name === 'capoarea' ? 'cbocapoarea' : 'cborivenditori';
  const filtered = useCombo(combo, province);
  const missing =
    field.value !== '' && filtered.data !== undefined && !filtered.data.some((o) => o.value === field.value);
  const all = useCombo(combo, '', { enabled: missing });
  return (
    <ComboSelect
      id={`profile-${name}`}
      name={field.name}
      label={label}
      emptyLabel="Nessuno"
      options={filtered.data ?? []}
      missingLabel={all.data?.find((o) => o.value === field.value)?.label}
      loading={filtered.isPending || all.isFetching}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
      readOnly={readOnly}
    />
  );
}

export function FlagField({
  control,
  readOnly,
  name,
  label,
}: ControlledProps & {
  name: Extract<FieldName, 'certificato' | 'diisocianati' | 'web' | 'contoterzi'>;
  label: string;
}) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      label={label}
      disabled={readOnly}
      control={
        <Checkbox
          name={field.name}
          checked={field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
}
