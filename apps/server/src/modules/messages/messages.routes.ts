import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okReply } from '@portal/shared/schemas/auth';
import {
  destsQuery,
  destsReply,
  messageDetail,
  messageIdOrNew,
  messageIdParam,
  messageSaveBody,
  messageSavedReply,
  messagesPage,
  messagesQuery,
  tipilettoQuery,
  tipilettoReply,
} from '@portal/shared/schemas/messages';
import type { Db } from '../../db/database.ts';
import { errorReply } from '@portal/shared/schemas/errors';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './messages.service.ts';
import type { UsageRecorder } from '../usage-statistics/usage-statistics.service.ts';
import { listTurns } from '../../plugins/list-turns.ts';

/** Communications: folders, the message, the composer's recipients, read state. */
export function registerMessagesRoutes(
  app: FastifyInstance,
  db: Db,
  ctx: service.SendContext,
  usage: UsageRecorder,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const listSchema = { tags, querystring: messagesQuery, response: { 200: messagesPage, ...errors } };

  // The folders take turns like every list; a large folder's subject search gives its turn up while it waits for
  // the read lane (plugins/list-turns.ts).
  r.get(
    '/api/messages/recv',
    { preValidation: requireCapability('messages.read'), schema: listSchema, config: listTurns },
    (request) => service.listInbox(db, authOf(request), request.query),
  );
  // The installer has the inbox only.
  r.get(
    '/api/messages/sent',
    { preValidation: requireCapability('messages.send'), schema: listSchema, config: listTurns },
    (request) => service.listOutbox(db, authOf(request), request.query),
  );
  r.get(
    '/api/messages/tipiletto',
    {
      preValidation: requireCapability('messages.read'),
      schema: { tags, querystring: tipilettoQuery, response: { 200: tipilettoReply, ...errors } },
    },
    (request) => service.tipiLetturaOptions(request.query.folder),
  );
  r.get(
    '/api/dests',
    {
      preValidation: requireCapability('messages.send'),
      schema: { tags, querystring: destsQuery, response: { 200: destsReply, ...errors } },
      config: listTurns,
    },
    (request) => service.dests(db, authOf(request), request.query.q),
  );

  r.get(
    '/api/messages/message/:id',
    {
      preValidation: requireCapability('messages.read'),
      schema: { tags, params: messageIdOrNew, response: { 200: messageDetail, ...errors } },
    },
    (request) => service.getMessage(db, authOf(request), request.params.id),
  );
  r.post(
    '/api/messages/message/:id',
    {
      preValidation: requireCapability('messages.send'),
      schema: {
        tags,
        params: messageIdOrNew,
        body: messageSaveBody,
        // 429: the writer's limits (send-limits.ts), with Retry-After.
        response: { 200: messageSavedReply, ...errors, 429: errorReply },
      },
    },
    async (request) => {
      const saved = await service.saveMessage(db, authOf(request), request.params.id, request.body, ctx);
      return { res: 'OK' as const, ...saved };
    },
  );
  r.delete(
    '/api/messages/message/:id',
    {
      preValidation: requireCapability('messages.send'),
      schema: { tags, params: messageIdParam, response: { 200: okReply, ...errors } },
    },
    async (request) => {
      await service.deleteMessage(db, authOf(request), request.params.id);
      return { res: 'OK' as const };
    },
  );

  const emptyBody = z.object({}).optional();
  for (const [url, read] of [
    ['/api/setread/:id', true],
    ['/api/setunread/:id', false],
  ] as const) {
    r.post(
      url,
      {
        preValidation: requireCapability('messages.read'),
        schema: { tags, params: messageIdParam, body: emptyBody, response: { 200: okReply, ...errors } },
      },
      async (request) => {
        await service.setRead(db, authOf(request), request.params.id, read);
        // Opening a received message marks it read: each opening counts as a read for the statistics.
        if (read) await usage('read', authOf(request));
        return { res: 'OK' as const };
      },
    );
  }
}
