import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { msg } from '@portal/shared/messages-it';
import {
  COUPON_TYPE_DESCRI_MAX,
  COUPON_TYPE_NAME_MAX,
  couponTypeForm,
  type CouponTypeBlank,
  type CouponTypeForm,
} from '@portal/shared/schemas/coupons';
import { BackToList } from '../../../components/back-to-list.tsx';
import { FormSection, WideField } from '../../../components/form-section.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { FormMoneyField } from '../../../components/money-field.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorReason } from '../../../lib/api-error.ts';
import { markServerErrors } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useCouponType, useSaveCouponType } from '../api/coupon-types.ts';
import { LoadError } from '../../../components/load-error.tsx';

/** /admin/newtcoupon and /admin/edittcoupon/{id}: both return to /admin/tcoupons. */
export function CouponTypeEdit({ id }: { id?: string | undefined }) {
  const type = useCouponType(id);
  const title = id ? 'Modifica tipo coupon' : 'Nuovo tipo coupon';
  const back = <BackToList pathname="/admin/tcoupons" search="" />;
  if (type.isPending) return <FullPageSpinner />;
  return (
    <>
      {back}
      <PageTitle title={title} />
      {type.data === undefined ? (
        <LoadError error={type.error} />
      ) : (
        <TypeForm id={id} initial={type.data} title={title} />
      )}
    </>
  );
}

const fieldNames = ['tipo', 'valore', 'descri', 'colore', 'ncoupon', 'minima', 'mesi'] as const;

function TypeForm({ id, initial, title }: { id: string | undefined; initial: CouponTypeBlank; title: string }) {
  const formId = useId();
  const navigate = useNavigate();
  const save = useSaveCouponType();
  const { control, handleSubmit, setError } = useForm<CouponTypeForm>({
    resolver: zodResolver(couponTypeForm),
    defaultValues: Object.fromEntries(fieldNames.map((k) => [k, initial[k]])) as CouponTypeForm,
  });
  const submit = handleSubmit(
    (values) =>
      save.mutate(
        { id, body: values },
        {
          onSuccess: () => {
            showToast(id ? 'Tipo coupon salvato' : 'Tipo coupon creato', 'success');
            void navigate('/admin/tcoupons');
          },
          onError: (error) => {
            markServerErrors(error, setError, fieldNames);
            showToast(errorReason(error, msg.erroreSalvataggio));
          },
        },
      ),
    () => showToast(msg.correggereCampi, 'warning'),
  );

  const wholeNumber = (name: 'ncoupon' | 'mesi', label: string, helper: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={`tcoupon-${name}`}
          label={label}
          required
          type="number"
          value={Number.isNaN(field.value) ? '' : field.value}
          onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helper}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
          fullWidth
        />
      )}
    />
  );

  return (
    <Box component="form" id={formId} noValidate onSubmit={submit} aria-label={title}>
      <FormSection title="Tipo coupon">
        <WideField span="two">
          <FormTextField
            maxLength={COUPON_TYPE_NAME_MAX}
            control={control}
            name="tipo"
            id="tcoupon-tipo"
            label="Tipo"
            required
            fullWidth
          />
        </WideField>
        <Controller
          control={control}
          name="colore"
          render={({ field, fieldState }) => (
            <TextField
              id="tcoupon-colore"
              label="Colore"
              type="color"
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? field.value}
              fullWidth
            />
          )}
        />
        <FormMoneyField control={control} name="valore" id="tcoupon-valore" label="Valore" required />
        <FormMoneyField control={control} name="minima" id="tcoupon-minima" label="Spesa minima" required />
        {wholeNumber('mesi', 'Mesi di validità', 'Scadenza: oggi più questi mesi')}
        {wholeNumber('ncoupon', 'Coupon per assegnazione', 'Quanti coupon riceve ogni posatore')}
        <WideField span="two">
          <FormTextField
            maxLength={COUPON_TYPE_DESCRI_MAX}
            control={control}
            name="descri"
            id="tcoupon-descri"
            label="Descrizione"
            fullWidth
          />
        </WideField>
      </FormSection>
      <Box sx={{ mt: 2 }}>
        <Button type="submit" form={formId} variant="contained" startIcon={<SaveIcon />} loading={save.isPending}>
          Salva
        </Button>
      </Box>
    </Box>
  );
}
