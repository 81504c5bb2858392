import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@portal/shared/messages-it';
import { errorReply, formRefusal, type FormRefusal } from '@portal/shared/schemas/errors';
import { FileStoreUnavailable } from '../lib/file-store.ts';
import { ClientGone } from '../lib/client-gone.ts';

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

/**
 * The one helper for rules the schema cannot hold (a reference that does not exist, an address taken): the same
 * 400 as the form's own schema gives, with the reason its formRefusal names (or the one given; 'correggere i
 * campi' by default).
 */
export function fieldsRefused(fields: Record<string, string>, form?: z.ZodType | FormRefusal): HttpError {
  const first = Object.values(fields)[0] ?? msg.richiestaNonValida;
  const refusal = typeof form === 'string' ? form : form && formRefusal.get(form)?.refusal;
  return new HttpError(400, refusal === 'first-message' ? first : msg.correggereCampi, fields);
}

/**
 * A body whose schema depends on who asks (an installer's profile for its owner or for the admin, /api/myprofile
 * by role) or that arrives outside Fastify's validation (the fields of a multipart upload): parsed here, and
 * refused as the route's own schema would be.
 */
export function checkedBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'richiesta'] ??= issue.message;
  throw fieldsRefused(fields, schema);
}

/** A body refused by its route schema, when that schema is a form registered in formRefusal: the form's 400. */
function formOf(err: FastifyError, request: FastifyRequest): HttpError | undefined {
  if (!hasZodFastifySchemaValidationErrors(err) || err.validationContext !== 'body') return undefined;
  const schema: unknown = request.routeOptions.schema?.body;
  if (!(schema instanceof z.ZodType) || !formRefusal.has(schema)) return undefined;
  return fieldsRefused(schemaFields(err), schema);
}

/**
 * One envelope for every failure: {res:"KO", reason, fields?} with an Italian reason. Bad input of any kind is a
 * 400 (never a 500 or a stack trace); a file store that does not answer is a 503; unexpected failures are logged and
 * answered with a generic message.
 */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const refused = err instanceof HttpError ? err : formOf(err, request);
    if (refused) {
      if (refused instanceof TooManyRequests) reply.header('retry-after', String(refused.retryAfterSeconds));
      return reply
        .code(refused.statusCode)
        .send({ res: 'KO', reason: refused.message, ...(refused.fields ? { fields: refused.fields } : {}) });
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
    if (err instanceof ClientGone) {
      // Nobody reads the answer: 499, as nginx logs a request its client closed, keeps it apart from the errors.
      request.log.info('richiesta chiusa dal client prima della risposta');
      return reply.code(499).send({ res: 'KO', reason: msg.richiestaNonValida });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: err.code, status }, 'richiesta rifiutata');
      return reply
        .code(status === 404 ? 404 : 400)
        .send({ res: 'KO', reason: status === 404 ? msg.nonTrovato : msg.richiestaNonValida });
    }
    if (err instanceof FileStoreUnavailable) {
      // The store will be back (the proxy may retry elsewhere); nothing the caller or our code did wrong.
      request.log.warn({ err: err.cause }, 'archivio dei file non raggiungibile');
      return reply.code(503).header('retry-after', '5').send({ res: 'KO', reason: msg.archivioFileNonRaggiungibile });
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
