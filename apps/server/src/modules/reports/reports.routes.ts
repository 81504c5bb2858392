import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportsReply } from '@portal/shared/schemas/reports';
import type { Db } from '../../db/database.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { PDF_TYPE } from '../../lib/pdf.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './reports.service.ts';

const subject = z.object({ id: z.uuid('Identificativo non valido') });

/** Inline, so the page's viewer shows it; the name is what a download saves. Never cached: it is personal data. */
const sendPdf = (reply: FastifyReply, pdf: service.Pdf) =>
  reply
    .header('content-type', PDF_TYPE)
    .header('content-disposition', contentDisposition(pdf.filename, 'inline'))
    .header('cache-control', 'private, no-store')
    .send(pdf.body);

/** PDF reports: the list for /admin/report and one PDF per report and subject. */
export function registerReportsRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get(
    '/api/reports',
    { preValidation: requireCapability('reports.list'), schema: { tags, response: { 200: reportsReply, ...errors } } },
    () => ({ data: service.reportDefinitions }),
  );
  r.get(
    '/api/report/posatore/:id',
    { preValidation: requireCapability('profile.own'), schema: { tags, params: subject } },
    async (request, reply) => sendPdf(reply, await service.installerSheetPdf(db, authOf(request), request.params.id)),
  );
  r.get(
    '/api/report/coupon/:id',
    { preValidation: requireCapability('coupons.view'), schema: { tags, params: subject } },
    async (request, reply) => sendPdf(reply, await service.couponVoucherPdf(db, authOf(request), request.params.id)),
  );
  r.get(
    '/api/report/pagamenti/:id',
    { preValidation: requireCapability('partners.payments'), schema: { tags, params: subject } },
    async (request, reply) => sendPdf(reply, await service.paymentSummaryPdf(db, authOf(request), request.params.id)),
  );
}
