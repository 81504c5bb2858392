import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msg } from '@portal/shared/messages-it';
import {
  PAYMENT_MAX_BYTES,
  paymentUploadReply,
  type PaymentSaveBody,
  type PaymentUploadReply,
} from '@portal/shared/schemas/partners';
import { apiUpload } from '../../../lib/api-client.ts';
import { partnersKeys } from './partners-keys.ts';

/** Partner payments are uploaded with .pdf. */
export const PAYMENT_ACCEPT = '.pdf,application/pdf';

/** The upload limits, checked before the upload; the server checks the bytes again. null when it may go. */
export function paymentFileProblem(file: File): string | null {
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!pdf) return msg.pdfNonValido;
  if (file.size > PAYMENT_MAX_BYTES) return msg.pdfTroppoGrande;
  return null;
}

export type PaymentUpload = { file: File } & PaymentSaveBody;

/**
 * POST /api/caricapag/{uuid}: multipart with the PDF, its renewal date (YYYY-MM-DD) and amount (euros, '1234.56');
 * answers the new payment. The partner's dtrinnovo and dtscad move with it.
 */
export function uploadPayment(partnerId: string, upload: PaymentUpload): Promise<PaymentUploadReply> {
  return apiUpload(`/api/caricapag/${encodeURIComponent(partnerId)}`, upload.file, paymentUploadReply, {
    fields: { dtrinnovo: upload.dtrinnovo, fatturato: upload.fatturato.toFixed(2) },
  });
}

export function useUploadPayment(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: PaymentUpload) => uploadPayment(partnerId, upload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKeys.all }),
  });
}
