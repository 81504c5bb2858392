import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { comboProvQuery, comboReply, tableCombos } from '@portal/shared/schemas/combos';
import { errorReply } from '@portal/shared/schemas/errors';
import type { Db } from '../../db/database.ts';
import { requireAuth } from '../../plugins/session.ts';
import * as service from './combos.service.ts';

/** The combo endpoints: lists of {value, label} that any logged-in user may read. */
export function registerCombosRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['combos'], response: { 200: comboReply, 400: errorReply, 401: errorReply } };
  const opts = { preValidation: requireAuth, schema };
  const provOpts = { preValidation: requireAuth, schema: { ...schema, querystring: comboProvQuery } };

  for (const combo of tableCombos) r.get(`/api/${combo}`, opts, () => service.tableCombo(db, combo));
  r.get('/api/liststates', opts, async () => service.listStates());
  r.get('/api/cbocapoarea', provOpts, (request) => service.capoareaCombo(db, request.query.prov));
  r.get('/api/cborivenditori', provOpts, (request) => service.rivenditoriCombo(db, request.query.prov));
  r.get('/api/cbotcoupons', opts, () => service.couponTypesCombo(db, false));
  r.get('/api/cbotcoupons2', opts, () => service.couponTypesCombo(db, true));
}
