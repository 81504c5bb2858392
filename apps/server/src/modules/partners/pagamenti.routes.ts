import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msg } from '@portal/shared/messages-it';
import { okReply } from '@portal/shared/schemas/auth';
import {
  PAYMENT_MAX_BYTES,
  partnerIdParam,
  paymentParams,
  paymentSaveBody,
  paymentsReply,
  paymentUploadReply,
} from '@portal/shared/schemas/partners';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { readUpload } from '../../lib/uploads.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { downloadHeaders } from '../../plugins/security-headers.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './pagamenti.service.ts';

/**
 * Partner payments: admin and the area manager in scope list, upload, edit, delete and
 * download them. Multipart is registered in this scope only, with the payment limits (one PDF up to 10 MB).
 */
export async function registerPagamentiRoutes(app: FastifyInstance, db: Db, files: FileStore): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: PAYMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['pagamenti'];
    const guard = requireCapability('partners.payments');

    r.get(
      '/api/partner/:id/pagamenti',
      { preValidation: guard, schema: { tags, params: partnerIdParam, response: { 200: paymentsReply, ...errors } } },
      (request) => service.listPayments(db, authOf(request), request.params.id),
    );

    r.post(
      '/api/caricapag/:id',
      {
        preValidation: guard,
        schema: { tags, params: partnerIdParam, response: { 200: paymentUploadReply, ...errors } },
      },
      async (request) => {
        const read = () => readUpload(request, { tooBig: msg.pdfTroppoGrande, fields: ['dtrinnovo', 'fatturato'] });
        const row = await service.uploadPayment(db, files, authOf(request), request.params.id, read);
        return { res: 'OK' as const, ...row };
      },
    );

    r.post(
      '/api/partner/:id/pagamenti/:name',
      {
        preValidation: guard,
        schema: { tags, params: paymentParams, body: paymentSaveBody, response: { 200: okReply, ...errors } },
      },
      async (request) => {
        await service.savePayment(db, authOf(request), request.params.id, request.params.name, request.body);
        return { res: 'OK' as const };
      },
    );

    r.delete(
      '/api/partner/:id/pagamenti/:name',
      { preValidation: guard, schema: { tags, params: paymentParams, response: { 200: okReply, ...errors } } },
      async (request) => {
        const { id, name } = request.params;
        await service.deletePayment(db, files, authOf(request), id, name, request.log);
        return { res: 'OK' as const };
      },
    );

    r.get(
      '/api/partner/:id/pagamenti/:name/pdf',
      // The body is the PDF itself; failures use the usual {res:"KO", reason} envelope.
      { preValidation: guard, schema: { tags, params: paymentParams } },
      async (request, reply) => {
        const { id, name } = request.params;
        const pdf = await service.readPaymentPdf(db, files, authOf(request), id, name);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(pdf.filename))
          .header('x-content-type-options', 'nosniff')
          .headers(downloadHeaders(false))
          .header('cache-control', 'private, no-store')
          .header('content-length', String(pdf.file.length))
          .send(pdf.file.body);
      },
    );
  });
}
