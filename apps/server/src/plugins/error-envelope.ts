import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { msg } from '@portal/shared/messages-it';
import { errorReply } from '@portal/shared/schemas/errors';

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

/** 429: a limit per person reached; the reply says when to try again (Retry-After, in seconds). */
export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(reason: string, retryAfterSeconds: number) {
    super(429, reason);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export const notFound = () => new HttpError(404, msg.nonTrovato);
export const forbidden = () => new HttpError(403, msg.nonAutorizzato);

/** The error answers every guarded route declares. */
export const errorReplies = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/**
 * The reason of a request refused by its schema: Italian, naming the parameter or field (the API's own name) and
 * never echoing the value sent. 'Parametro non valido (size): Il valore deve essere al massimo 200'.
 */
function schemaReason(context: string | undefined, fields: Record<string, string>): string {
  const [first] = Object.entries(fields);
  if (!first) return msg.richiestaNonValida;
  const [name, message] = first;
  if (name === context) return `${context === 'body' ? 'Dati non validi' : msg.richiestaNonValida}: ${message}`;
  return `${context === 'body' ? 'Dato non valido' : 'Parametro non valido'} (${name}): ${message}`;
}

function schemaFields(err: Error): Record<string, string> {
  const fields: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(err)) {
    for (const issue of err.validation) {
      fields[fieldName(issue.instancePath) || err.validationContext || 'richiesta'] ??=
        issue.message ?? msg.richiestaNonValida;
    }
  }
  return fields;
}

/** How a failed form reads: the spec's form-level text built from the first field message. */
export type ReasonFor = (firstMessage: string) => string;
const correggereCampi: ReasonFor = () => msg.correggereCampi;
/**
 * For forms whose failure the browser shows as 'Errore: {reason}' (area managers, resellers) and for small dialogs
 * (a payment): the reason is the first field message itself.
 */
export const firstMessage: ReasonFor = (first) => first;

function refuse(fields: Record<string, string>, reasonFor: ReasonFor): HttpError {
  const first = Object.values(fields)[0] ?? msg.richiestaNonValida;
  return new HttpError(400, reasonFor(first), fields);
}

/**
 * For routes with attachValidation: a body that failed its types and sizes reads like one that failed the form's
 * rules (same reason, one message per field); bad params or query stay 'Richiesta non valida'.
 */
export function refuseInvalidRequest(request: FastifyRequest, reasonFor: ReasonFor = correggereCampi): void {
  const err = request.validationError;
  if (!err) return;
  const fields = schemaFields(err);
  if (err.validationContext === 'body') throw refuse(fields, reasonFor);
  throw new HttpError(400, schemaReason(err.validationContext, fields), fields);
}

/** Parses a record with a form schema (types plus rules); a failure is a 400 with one message per field. */
export function parseForm<S extends z.ZodType>(schema: S, value: unknown, reasonFor: ReasonFor = correggereCampi) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.output<S>;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'richiesta'] ??= issue.message;
  throw refuse(fields, reasonFor);
}

/** Field failures found beyond the schema (a reference that does not exist, say), as the same 400. */
export function fieldsRefused(fields: Record<string, string>, reasonFor: ReasonFor = correggereCampi): HttpError {
  return refuse(fields, reasonFor);
}

/**
 * One envelope for every failure: {res:"KO", reason, fields?} with an Italian reason. Bad input of any kind is a
 * 400 (never a 500 or a stack trace); unexpected failures are logged and answered with a generic message.
 */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err instanceof TooManyRequests) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply
        .code(err.statusCode)
        .send({ res: 'KO', reason: err.message, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = schemaFields(err);
      return reply.code(400).send({ res: 'KO', reason: schemaReason(err.validationContext, fields), fields });
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

/**
 * Fastify answers a few malformed requests before routing, hooks or the error handler (a URL that does not decode,
 * a path parameter over maxParamLength), with its own English JSON that echoes the path. frameworkErrors routes them
 * here: the same envelope, the security headers, nothing of the request repeated.
 */
export function frameworkErrorReply(applyHeaders: (req: FastifyRequest['raw'], res: FastifyReply['raw']) => void) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applyHeaders(request.raw, reply.raw);
    request.log.info({ code: err.code }, 'richiesta rifiutata prima dell’instradamento');
    return reply.code(400).send({ res: 'KO', reason: msg.indirizzoNonValido });
  };
}

/** Node's parser errors the app answers, each with its status and Italian reason; anything else is a 400. */
const clientErrors: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Intestazioni della richiesta troppo grandi'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Richiesta non completata in tempo: riprova'],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a bad method or version, a header block over the
 * limit, Content-Length beside Transfer-Encoding, broken chunks): Fastify's clientErrorHandler writes the reply on
 * the socket itself. Here it is the envelope in Italian with the headers of every reply, never the request's bytes,
 * and the connection closes, since what follows on it cannot be read as a request.
 */
export function clientErrorReply(headers: Readonly<Record<string, string>>) {
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function (this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason] = clientErrors[err.code ?? ''] ?? [400, msg.richiestaNonValida];
    this.log.info({ code: err.code }, 'richiesta illeggibile rifiutata');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({ res: 'KO', reason });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines}content-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
}
