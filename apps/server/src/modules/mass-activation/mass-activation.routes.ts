import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReply } from '@portal/shared/schemas/errors';
import { massActivation, massActivationReply } from '@portal/shared/schemas/mass-activation';
import { z } from 'zod';
import { errorReplies as errors } from '../../plugins/error-envelope.ts';
import { authOf, requireCapability } from '../../plugins/session.ts';
import * as service from './mass-activation.service.ts';

/** 'Invio massivo attivazioni': the press, and its progress. */
export function registerMassActivationRoutes(app: FastifyInstance, deps: service.MassActivationDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const guard = requireCapability('passwords.reset');
  r.post(
    '/api/sendmassive',
    {
      preValidation: guard,
      schema: {
        tags,
        // The spec's call has an empty body; anything else is refused rather than ignored.
        body: z.strictObject({}).optional(),
        response: { 200: z.object({ res: z.literal('OK'), run: massActivation }), ...errors, 409: errorReply },
      },
    },
    async (request) => ({ res: 'OK' as const, run: await service.startMassActivation(deps, authOf(request)) }),
  );
  r.get(
    '/api/sendmassive',
    { preValidation: guard, schema: { tags, response: { 200: massActivationReply, ...errors } } },
    async () => ({ run: await service.latestMassActivation(deps.db) }),
  );
}
