import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg } from '@portal/shared/messages-it';

/** Thrown by services for an outcome the client should see as {res:"KO", reason} with this status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  constructor(statusCode: number, reason: string, fields?: Record<string, string>) {
    super(reason);
    this.statusCode = statusCode;
    this.fields = fields;
  }
}

export const notFound = () => new HttpError(404, msg.nonTrovato);
export const forbidden = () => new HttpError(403, msg.nonAutorizzato);

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/**
 * One envelope for every failure: {res:"KO", reason, fields?} with an Italian reason. Bad input of any kind is a
 * 400 (never a 500 or a stack trace); unexpected failures are logged and answered with a generic message.
 */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ res: 'KO', reason: err.message, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = fieldName(issue.instancePath) || err.validationContext || 'richiesta';
        fields[name] ??= issue.message ?? msg.richiestaNonValida;
      }
      const [first] = Object.entries(fields);
      const reason = first ? `${first[0]}: ${first[1]}` : msg.richiestaNonValida;
      return reply.code(400).send({ res: 'KO', reason, fields });
    }
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    ) {
      return reply.code(400).send({ res: 'KO', reason: msg.jsonNonValido });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.code(400).send({ res: 'KO', reason: msg.richiestaTroppoGrande });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: err.code, status }, 'richiesta rifiutata');
      return reply
        .code(status === 404 ? 404 : 400)
        .send({ res: 'KO', reason: status === 404 ? msg.nonTrovato : msg.richiestaNonValida });
    }
    request.log.error({ err }, 'errore non gestito');
    return reply.code(500).send({ res: 'KO', reason: msg.erroreInterno });
  });
}
