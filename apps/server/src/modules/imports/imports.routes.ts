import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyImportRow,
  importBatchBody,
  importBatchReply,
  importRecord,
  importRowReply,
  importsPage,
  importStartBody,
  impposatoriPage,
  impposatoriQuery,
  installerImportRow,
  type ImportKind,
} from '@portal/shared/schemas/imports';
import { pagingQuery } from '@portal/shared/schemas/paging';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './imports.service.ts';
import { PerRowQueue } from './per-row-queue.ts';

const idParam = z.object({ id: z.uuid() });
/** Cells read from a spreadsheet may carry stray control characters nobody sees: removed, not refused. */
const fromSpreadsheet = { controlCharacters: 'strip' } as const;
/** A batch of 500 rows of 17 cells of up to 250 characters, with room for JSON's quoting. */
const BATCH_BODY_LIMIT = 4 * 1024 * 1024;

/** The import wizard's calls, and the one-row call of other clients: the admin only. */
export function registerImportsRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['imports'];
  const guard = requireCapability('registries.manage');
  const perRow = new PerRowQueue(db);

  r.post(
    '/api/imports',
    {
      preValidation: guard,
      schema: {
        tags,
        body: importStartBody,
        response: { 200: z.object({ res: z.literal('OK'), id: z.string() }), ...errors },
      },
    },
    async (request) => ({ res: 'OK' as const, id: await service.startImport(db, authOf(request), request.body) }),
  );
  r.get(
    '/api/imports',
    { preValidation: guard, schema: { tags, querystring: pagingQuery, response: { 200: importsPage, ...errors } } },
    (request) => service.listImports(db, request.query),
  );
  r.get(
    '/api/imports/:id',
    { preValidation: guard, schema: { tags, params: idParam, response: { 200: importRecord, ...errors } } },
    (request) => service.getImport(db, request.params.id),
  );
  r.post(
    '/api/imports/:id/righe',
    {
      preValidation: guard,
      bodyLimit: BATCH_BODY_LIMIT,
      config: fromSpreadsheet,
      schema: { tags, params: idParam, body: importBatchBody, response: { 200: importBatchReply, ...errors } },
    },
    (request) => service.importBatch(db, request.params.id, request.body),
  );
  const oneRow = (kind: ImportKind, body: typeof installerImportRow | typeof companyImportRow) =>
    r.post(
      `/api/imports/${kind}`,
      {
        preValidation: guard,
        config: fromSpreadsheet,
        schema: { tags, body, response: { 200: importRowReply, ...errors } },
      },
      async (request) => ({ res: 'OK' as const, ...(await service.importRow(db, perRow, kind, request.body)) }),
    );
  oneRow('posatori', installerImportRow);
  oneRow('azienda', companyImportRow);
  r.get(
    '/api/impposatori/:id',
    {
      preValidation: guard,
      schema: { tags, params: idParam, querystring: impposatoriQuery, response: { 200: impposatoriPage, ...errors } },
    },
    (request) => service.importedPosatori(db, request.params.id, request.query),
  );
}
