import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { msg } from '@portal/shared/messages-it';
import { paymentSaveBody, type PaymentRow, type PaymentSaveBody } from '@portal/shared/schemas/partners';
import { reportUrl } from '@portal/shared/schemas/reports';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { FileDrop } from '../../../components/file-drop.tsx';
import { FormDateField } from '../../../components/form-fields.tsx';
import { FormMoneyField } from '../../../components/money-field.tsx';
import { usePdfReport } from '../../../components/pdf-report-dialog.tsx';
import { deleteAction, editAction, RowMenu } from '../../../components/row-menu.tsx';
import { markServerErrors } from '../../../lib/form-errors.ts';
import { formatDate, formatEuro } from '../../../lib/formatters.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDeletePayment } from '../api/delete-payment.ts';
import { usePayments } from '../api/get-payments.ts';
import { useSavePayment } from '../api/save-payment.ts';
import { PAYMENT_ACCEPT, paymentFileProblem, useUploadPayment } from '../api/upload-payment.ts';
import { LazyDialog } from '../../../components/lazy-overlays.tsx';

const paymentFields = Object.keys(paymentSaveBody.shape);
const today = () => dayjs().format('YYYY-MM-DD');

/** A new payment: the PDF, its renewal date (today unless told) and the amount, typed with a comma. */
function UploadPayment({ partnerId }: { partnerId: string }) {
  const upload = useUploadPayment(partnerId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const { control, handleSubmit, reset, setError } = useForm<PaymentSaveBody>({
    resolver: zodResolver(paymentSaveBody),
    defaultValues: { dtrinnovo: today(), fatturato: Number.NaN },
  });

  const submit = handleSubmit(
    (values) => {
      if (!file) {
        setFileError(msg.selezionareFile);
        return;
      }
      upload.mutate(
        { file, ...values },
        {
          onSuccess: () => {
            setFile(null);
            reset({ dtrinnovo: today(), fatturato: Number.NaN });
            showToast('Pagamento caricato', 'success');
          },
          onError: (error) => markServerErrors(error, setError, paymentFields),
        },
      );
    },
    () => {
      if (!file) setFileError(msg.selezionareFile);
    },
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Carica pagamento">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1.5 }}>
        Carica pagamento
      </Typography>
      <Stack spacing={2}>
        <FileDrop
          label="PDF del pagamento"
          file={file}
          onChange={(next) => {
            setFile(next);
            setFileError(undefined);
          }}
          accept={PAYMENT_ACCEPT}
          problemOf={paymentFileProblem}
          disabled={upload.isPending}
          error={fileError}
        />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr)) auto' },
            alignItems: 'start',
          }}
        >
          <FormDateField control={control} name="dtrinnovo" id="payment-new-dtrinnovo" label="Data rinnovo" required />
          <FormMoneyField control={control} name="fatturato" id="payment-new-fatturato" label="Importo" required />
          <Button
            type="submit"
            variant="contained"
            startIcon={<UploadIcon />}
            loading={upload.isPending}
            sx={{ height: 56 }}
          >
            CARICA
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The edit of a payment's renewal date and amount, in a dialog. */
function EditPaymentDialog({
  partnerId,
  payment,
  onClose,
}: {
  partnerId: string;
  payment: PaymentRow;
  onClose: () => void;
}) {
  const save = useSavePayment(partnerId);
  const { control, handleSubmit, setError } = useForm<PaymentSaveBody>({
    resolver: zodResolver(paymentSaveBody),
    defaultValues: { dtrinnovo: payment.dtrinnovo, fatturato: payment.fatturato },
  });
  const submit = handleSubmit((values) =>
    save.mutate(
      { name: payment.name, body: values },
      {
        onSuccess: () => {
          showToast('Pagamento aggiornato', 'success');
          onClose();
        },
        onError: (error) => markServerErrors(error, setError, paymentFields),
      },
    ),
  );
  return (
    <LazyDialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="payment-edit-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="payment-edit-title">Modifica pagamento</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormDateField control={control} name="dtrinnovo" id="payment-dtrinnovo" label="Data rinnovo" required />
            <FormMoneyField control={control} name="fatturato" id="payment-fatturato" label="Importo" required />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annulla</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            SALVA
          </Button>
        </DialogActions>
      </Box>
    </LazyDialog>
  );
}

/**
 * 'Pagamenti' of the partner edit: the payments with their renewal date (dd/mm/yyyy),
 * amount (1.234,56 €) and PDF (a new tab); upload of a PDF with date and amount, edit of both, delete after
 * 'Confermi cancellazione pagamento?'. Each change moves the partner's renewal and expiry, here and in the lists.
 */
export function PartnerPayments({ partnerId }: { partnerId: string }) {
  const payments = usePayments(partnerId);
  const remove = useDeletePayment(partnerId);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<PaymentRow | null>(null);
  const pdf = usePdfReport();

  const columns: Column<PaymentRow>[] = [
    { key: 'dtrinnovo', header: 'Data rinnovo', render: (row) => formatDate(row.dtrinnovo) },
    { key: 'fatturato', header: 'Importo', align: 'right', render: (row) => formatEuro(row.fatturato) },
    {
      // The icon alone, under a short header: the table keeps a phone's width with the row menu in view.
      key: 'url',
      header: 'PDF',
      align: 'center',
      width: 64,
      render: (row) =>
        row.url && (
          <Tooltip title="Apri il PDF">
            <Link
              href={row.url}
              target="_blank"
              rel="noopener"
              aria-label={`PDF del pagamento del ${formatDate(row.dtrinnovo)} (si apre in una nuova scheda)`}
              sx={{ display: 'inline-flex', alignItems: 'center', p: 0.5 }}
            >
              <PictureAsPdfIcon />
            </Link>
          </Tooltip>
        ),
    },
  ];

  return (
    <Paper variant="outlined" component="section" aria-label="Pagamenti" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 500 }}>
          Pagamenti
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          onClick={() => pdf.show(reportUrl('pagamenti', partnerId), 'Riepilogo pagamenti')}
        >
          Riepilogo PDF
        </Button>
      </Box>
      <DataTable
        label="Elenco pagamenti"
        rows={payments.data ?? []}
        columns={columns}
        rowKey={(row) => row.name}
        rowLabel={(row) => formatDate(row.dtrinnovo)}
        rowActions={(row) => (
          <RowMenu
            label={`Azioni per il pagamento del ${formatDate(row.dtrinnovo)}`}
            actions={[
              editAction(() => setEditing(row)),
              deleteAction(async () => {
                if (!(await confirm(msg.confermaEliminaPagamento))) return;
                remove.mutate(row.name, { onSuccess: () => showToast('Pagamento eliminato', 'success') });
              }),
            ]}
          />
        )}
        loading={payments.isFetching}
        emptyText="Nessun pagamento"
      />
      <Box sx={{ mt: 3 }}>
        <UploadPayment partnerId={partnerId} />
      </Box>
      {editing && <EditPaymentDialog partnerId={partnerId} payment={editing} onClose={() => setEditing(null)} />}
      {dialog}
      {pdf.dialog}
    </Paper>
  );
}
