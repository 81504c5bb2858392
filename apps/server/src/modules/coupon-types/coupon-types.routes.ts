import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import {
  couponTypeBlank,
  couponTypeForm,
  couponTypeIdParam,
  couponTypeRow,
  couponTypesReply,
  couponTypeUuidParam,
} from '@portal/shared/schemas/coupons';
import { errorReply } from '@portal/shared/schemas/errors';
import type { Db } from '../../db/database.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './coupon-types.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/** Coupon types: the admin's /admin/tcoupons and its forms. */
export function registerCouponTypesRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['coupon-types'];
  const manage = requireCapability('registries.manage');
  const ok = { 200: okReply, ...errors };

  r.get(
    '/api/tcoupons',
    { preValidation: manage, schema: { tags, response: { 200: couponTypesReply, ...errors } }, config: listTurns },
    () => service.listTypes(db),
  );
  r.get(
    '/api/ntcoupon',
    { preValidation: manage, schema: { tags, response: { 200: couponTypeBlank, ...errors } } },
    () => service.blankType(),
  );
  r.get(
    '/api/tcoupon/:id',
    {
      preValidation: manage,
      schema: { tags, params: couponTypeUuidParam, response: { 200: couponTypeRow, ...errors } },
    },
    (request) => service.getType(db, request.params.id),
  );
  r.post(
    '/api/tcoupon/:id',
    {
      preValidation: manage,
      schema: { tags, params: couponTypeIdParam, body: couponTypeForm, response: { 200: createdReply, ...errors } },
    },
    async (request) => {
      return { res: 'OK' as const, uuid: await service.saveType(db, authOf(request), request.params.id, request.body) };
    },
  );
  for (const [path, disabled] of [
    ['/api/enabletcoupon/:id', false],
    ['/api/disabletcoupon/:id', true],
  ] as const) {
    r.post(
      path,
      { preValidation: manage, schema: { tags, params: couponTypeUuidParam, response: ok } },
      async (request) => {
        await service.setDisabled(db, authOf(request), request.params.id, disabled);
        return { res: 'OK' as const };
      },
    );
  }
  r.delete(
    '/api/tcoupon/:id',
    { preValidation: manage, schema: { tags, params: couponTypeUuidParam, response: { ...ok, 409: errorReply } } },
    async (request) => {
      await service.deleteType(db, authOf(request), request.params.id);
      return { res: 'OK' as const };
    },
  );
}
