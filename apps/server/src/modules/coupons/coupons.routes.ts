import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okReply } from '@portal/shared/schemas/auth';
import {
  assignCouponsBody,
  assignCouponsReply,
  couponIdParam,
  couponsPage,
  couponsQuery,
  installerIdParam,
  redeemBody,
  redeemReply,
  setCouponBody,
} from '@portal/shared/schemas/coupons';
import { errorReply } from '@portal/shared/schemas/errors';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './coupons.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/** Coupons: the admin's dialog, the read-only views and the reseller's redemption. */
export function registerCouponsRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['coupons'];
  const edit = requireCapability('coupons.edit');
  const view = requireCapability('coupons.view');
  const locked = { 200: okReply, ...errors, 409: errorReply };
  const pageSchema = {
    tags,
    params: installerIdParam,
    querystring: couponsQuery,
    response: { 200: couponsPage, ...errors },
  };

  r.get('/api/coupons/:id', { preValidation: edit, schema: pageSchema, config: listTurns }, (request) =>
    service.installerCoupons(db, authOf(request), request.params.id, request.query, 'edit'),
  );
  r.get('/api/readcoupons/:id', { preValidation: view, schema: pageSchema, config: listTurns }, (request) =>
    service.installerCoupons(db, authOf(request), request.params.id, request.query, 'read'),
  );
  r.post(
    '/api/setcoupon/:id',
    {
      preValidation: edit,
      schema: { tags, params: couponIdParam, body: setCouponBody, response: locked },
    },
    async (request) => {
      await service.setCoupon(db, authOf(request), request.params.id, request.body);
      return { res: 'OK' as const };
    },
  );
  r.delete(
    '/api/coupon/:id',
    { preValidation: edit, schema: { tags, params: couponIdParam, response: locked } },
    async (request) => {
      await service.deleteCoupon(db, authOf(request), request.params.id);
      return { res: 'OK' as const };
    },
  );
  r.post(
    '/api/assegnacoupon',
    {
      preValidation: edit,
      schema: { tags, body: assignCouponsBody, response: { 200: assignCouponsReply, ...errors } },
    },
    (request) => {
      return service.assignCoupons(db, authOf(request), request.body);
    },
  );
  r.post(
    '/api/posatori/:uuid/coupon',
    {
      preValidation: requireCapability('coupons.redeem'),
      schema: {
        tags,
        params: z.object({ uuid: z.uuid() }),
        body: redeemBody,
        response: { 200: redeemReply, ...errors },
      },
    },
    (request) => {
      return service.redeemCoupon(db, authOf(request), request.params.uuid, request.body.code);
    },
  );
}
