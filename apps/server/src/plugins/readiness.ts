import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { msg } from '@portal/shared/messages-it';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../lib/file-store.ts';

/** How long /ready waits for each dependency: a proxy polling every few seconds sees a 503 well within 15 s. */
export const READY_TIMEOUT_MS = 5_000;

/** Resolves with undefined when check answers in time, with reason when it fails or hangs. */
async function answers(check: () => Promise<unknown>, reason: string, timeoutMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(reason), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => undefined,
        () => reason,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /ready, the readiness check a load balancer polls: 200 when the database and the file store both answer,
 * 503 with the Italian reason when either fails or does not answer within the timeout. GET /health stays the
 * liveness check (the process runs and its database answers), so an outage of the store takes instances out of
 * rotation without the orchestrator restarting them.
 */
export function registerReadiness(app: FastifyInstance, db: Db, files: FileStore, timeoutMs = READY_TIMEOUT_MS): void {
  app.get('/ready', { schema: { tags: ['system'] } }, async (_request, reply) => {
    const failures = (
      await Promise.all([
        answers(() => sql`select 1`.execute(db), msg.databaseNonRaggiungibile, timeoutMs),
        answers(() => files.check(), msg.archivioFileNonRaggiungibile, timeoutMs),
      ])
    ).filter((f) => f !== undefined);
    if (failures.length === 0) return { status: 'ok' };
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .send({ res: 'KO', reason: failures.join('; ') });
  });
}
