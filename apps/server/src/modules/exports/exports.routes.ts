import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partnersQuery } from '@portal/shared/schemas/partners';
import { posatoriQuery, type PosatoriQuery } from '@portal/shared/schemas/posatori';
import type { Db } from '../../db/database.ts';
import { sendWorkbook as sendSheets, sheetOf, type ExportColumn } from '../../lib/xlsx-export.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './exports.service.ts';

const filters = posatoriQuery.omit({ page: true, size: true, order: true });
const withType = filters.extend({ tipocoupon: z.union([z.literal(''), z.uuid()]).optional() });

/** One sheet named after the report, streamed as the reply; the audit trail records who took which, how filtered. */
async function sendWorkbook<R>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  report: string,
  columns: readonly ExportColumn<R>[],
  pages: AsyncIterable<readonly R[]>,
) {
  await service.recordExport(db, authOf(request), report, { ...(request.params ?? {}), ...(request.query ?? {}) });
  return sendSheets(request, reply, report, [sheetOf(report, columns, pages)]);
}

/**
 * The spreadsheet exports, each following its list's filters and the user's reach. The body is
 * the workbook; failures use the usual {res:"KO", reason} envelope.
 */
export function registerExportsRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exports'];

  /** The administrator's sheets: every installer, with the registry list's filters. */
  const adminSheet = <R>(
    path: string,
    report: string,
    columns: readonly ExportColumn<R>[],
    pages: (db: Db, query: PosatoriQuery) => AsyncIterable<readonly R[]>,
  ) =>
    r.get(
      path,
      { preValidation: requireCapability('registries.manage'), schema: { tags, querystring: filters } },
      (request, reply) => sendWorkbook(db, request, reply, report, columns, pages(db, request.query)),
    );

  adminSheet('/api/export', 'posatori', service.registryColumns, service.adminRegistry);
  r.get(
    '/api/exportpartner',
    {
      preValidation: requireCapability('partners.view'),
      schema: { tags, querystring: partnersQuery.omit({ page: true, size: true }) },
    },
    (request, reply) =>
      sendWorkbook(
        db,
        request,
        reply,
        'partner',
        service.partnerColumns,
        service.partners(db, authOf(request), request.query),
      ),
  );
  adminSheet('/api/exports/punti', 'log-coupon', service.couponLogColumns, service.adminCouponLog);
  adminSheet('/api/exports/puntiriv', 'coupon', service.resellerCouponColumns, service.adminCouponFigures);
  r.get(
    '/api/riven/export',
    { preValidation: requireCapability('posatori.reseller'), schema: { tags, querystring: filters } },
    async (request, reply) =>
      sendWorkbook(
        db,
        request,
        reply,
        'posatori',
        service.registryColumns,
        await service.resellerRegistry(db, authOf(request), request.query),
      ),
  );
  r.get(
    '/api/exportrivenditori',
    { preValidation: requireCapability('posatori.area'), schema: { tags, querystring: withType } },
    async (request, reply) => {
      const { tipocoupon = '', ...rest } = request.query;
      return sendWorkbook(
        db,
        request,
        reply,
        'coupon-rivenditori',
        service.resellerCouponColumns,
        await service.areaResellerCoupons(db, authOf(request), rest, tipocoupon),
      );
    },
  );
  r.get(
    '/api/exportrivenditore/:id',
    {
      preValidation: requireCapability('posatori.area'),
      schema: { tags, params: z.object({ id: z.uuid() }) },
    },
    async (request, reply) =>
      sendWorkbook(
        db,
        request,
        reply,
        'coupon-rivenditore',
        service.resellerCouponColumns,
        await service.oneResellerCoupons(db, authOf(request), request.params.id),
      ),
  );
}
