import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Capability } from '@portal/shared/permissions';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import {
  partnerCa2Reply,
  partnerIdParam,
  partnerProfile,
  partnerForm,
  partnersPage,
  partnersQuery,
} from '@portal/shared/schemas/partners';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './partners.service.ts';
import type { PartnersScopePart } from '../reach/partners-reach.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/**
 * Partner companies. Payments are in pagamenti.routes.ts; the logo goes through
 * /api/saveimg/{uuid}/profile (images registry).
 */
export function registerPartnersRoutes(app: FastifyInstance, db: Db, files: FileStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['partner'];
  const listSchema = { tags, querystring: partnersQuery, response: { 200: partnersPage, ...errors } };

  const lists: [string, Capability, PartnersScopePart][] = [
    // Admin: every partner; area manager and reseller: their reach (the same rows as the lists below).
    ['/api/partner', 'partners.view', 'any'],
    ['/api/partner_ca', 'partners.area', 'capoarea'],
    ['/api/partner_ri', 'partners.reseller', 'rivenditori'],
  ];
  for (const [url, capability, part] of lists) {
    r.get(url, { preValidation: requireCapability(capability), schema: listSchema, config: listTurns }, (request) =>
      service.listPartners(db, authOf(request), part, request.query),
    );
  }

  r.get(
    '/api/partner_ca2',
    {
      preValidation: requireCapability('partners.area'),
      schema: { tags, response: { 200: partnerCa2Reply, ...errors } },
      config: listTurns,
    },
    (request) => service.capoareaHome(db, authOf(request)),
  );

  r.get(
    '/api/npartner',
    {
      preValidation: requireCapability('partners.manage'),
      schema: { tags, response: { 200: partnerProfile, ...errors } },
    },
    (request) => service.blankPartner(db, authOf(request)),
  );

  // A new partner is saved to /api/partner/nuovo (as a new message to .../message/nuovo); the answer carries its uuid.
  r.post(
    '/api/partner/nuovo',
    {
      preValidation: requireCapability('partners.manage'),
      schema: { tags, body: partnerForm, response: { 200: createdReply, ...errors } },
    },
    async (request) => {
      return { res: 'OK' as const, uuid: await service.createPartner(db, authOf(request), request.body) };
    },
  );

  r.get(
    '/api/partner/:id',
    {
      preValidation: requireCapability('partners.view'),
      schema: { tags, params: partnerIdParam, response: { 200: partnerProfile, ...errors } },
    },
    (request) => service.getPartner(db, authOf(request), request.params.id),
  );

  r.post(
    '/api/partner/:id',
    {
      preValidation: requireCapability('partners.edit'),
      schema: { tags, params: partnerIdParam, body: partnerForm, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.savePartner(db, authOf(request), request.params.id, request.body);
      return { res: 'OK' as const };
    },
  );

  r.delete(
    '/api/partner/:id',
    {
      preValidation: requireCapability('partners.manage'),
      schema: { tags, params: partnerIdParam, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.deletePartner(db, files, authOf(request), request.params.id, request.log);
      return { res: 'OK' as const };
    },
  );
}
