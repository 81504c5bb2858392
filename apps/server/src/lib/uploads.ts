import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
// The request.isMultipart / request.parts types, also for code that imports this file outside the server project.
import type {} from '@fastify/multipart';
import { msg } from '@portal/shared/messages-it';
import { hasControlCharacter } from '@portal/shared/validation/control-characters';
import { refuseControlCharacters } from '../plugins/control-characters.ts';
import { HttpError } from '../plugins/error-envelope.ts';

const NOME_CON_CONTROLLO = 'Il nome del file contiene un carattere di controllo non ammesso';

/** One uploaded file with the text fields sent beside it (the file's original name comes from the form). */
export type Upload = { bytes: Buffer; filename: string; fields: Record<string, string> };

export type UploadRules = {
  /** The reason when the file is over the scope's size limit. */
  tooBig: string;
  /** The text fields this upload may carry besides `filename` (a payment's dtrinnovo and fatturato). */
  fields?: readonly string[];
  /** A file size limit below the scope's registration (a video's poster within the documents' scope). */
  maxBytes?: number;
};

/** @fastify/multipart's limit errors, each with what it means to the person uploading. */
const limitReasons: Record<string, string> = {
  FST_FILES_LIMIT: msg.unSoloFile,
  FST_FIELDS_LIMIT: msg.campiNonPrevisti,
  FST_PARTS_LIMIT: msg.campiNonPrevisti,
  FST_PROTO_VIOLATION: msg.campiNonPrevisti,
};

/** What a failed multipart read means for the sender: our own refusal as it is, a multipart limit in Italian. */
function uploadRefusal(err: unknown, tooBig: string): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code ?? '';
  const limit = limitReasons[code];
  if (limit) return new HttpError(400, limit);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(400, tooBig);
  return new HttpError(400, msg.nessunFile);
}

/**
 * The one file of a multipart upload: field `file`, with `filename` and the rules' fields alongside. A second
 * file, a field the upload does not take or a field over the size limit each get their own 400 (never the
 * size message of the file); the limits are those of the @fastify/multipart registration in the caller's scope.
 * A missing, empty or malformed upload is a 400 'Nessun file ricevuto'.
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, msg.nessunFile);
  const allowed = new Set(['filename', ...(rules.fields ?? [])]);
  let bytes: Buffer | undefined;
  let partName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts(rules.maxBytes ? { limits: { fileSize: rules.maxBytes } } : undefined)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new HttpError(400, msg.campiNonPrevisti);
        if (bytes !== undefined) throw new HttpError(400, msg.unSoloFile);
        bytes = await part.toBuffer();
        partName = part.filename;
      } else {
        if (!allowed.has(part.fieldname) || part.fieldname in fields) throw new HttpError(400, msg.campiNonPrevisti);
        if (part.valueTruncated || typeof part.value !== 'string') throw new HttpError(400, msg.campoTroppoLungo);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadRefusal(err, rules.tooBig);
  }
  if (!bytes || bytes.length === 0) throw new HttpError(400, msg.nessunFile);
  // The file's name is stored and shown, like any text of a form (plugins/control-characters.ts).
  if (hasControlCharacter(partName)) throw new HttpError(400, NOME_CON_CONTROLLO);
  refuseControlCharacters('body', fields);
  return { bytes, filename: fields['filename'] || partName, fields };
}

/** A file of an upload as it arrives: its original name (the `filename` field sent before it, or the part's). */
export type IncomingFile = { filename: string; stream: Readable };

/**
 * The one file of a multipart upload, handed to `store` as a stream while it arrives, for files too big to hold in
 * memory (a 2 GB video): `store` reads it to the end (into the file store, or into memory under its own limit) and
 * says what it kept. The same 400s as readUpload for a second file, an unexpected field or none at all; busboy
 * stops at `maxBytes` (a backstop: `store` enforces the limit of the kind of file it finds). The `filename` field,
 * when sent, comes before the file (as the portal's forms send it), so `store` knows the name it was given.
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  rules: UploadRules & Required<Pick<UploadRules, 'maxBytes'>>,
  store: (file: IncomingFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new HttpError(400, msg.nessunFile);
  const allowed = new Set(['filename', ...(rules.fields ?? [])]);
  const fields: Record<string, string> = {};
  let stored: { value: T } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new HttpError(400, msg.campiNonPrevisti);
        if (stored !== undefined) throw new HttpError(400, msg.unSoloFile);
        const filename = fields['filename'] || part.filename;
        if (hasControlCharacter(filename)) throw new HttpError(400, NOME_CON_CONTROLLO);
        stored = { value: await store({ filename, stream: part.file }) };
        if (part.file.truncated) throw new HttpError(400, rules.tooBig);
      } else {
        if (!allowed.has(part.fieldname) || part.fieldname in fields) throw new HttpError(400, msg.campiNonPrevisti);
        if (part.valueTruncated || typeof part.value !== 'string') throw new HttpError(400, msg.campoTroppoLungo);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadRefusal(err, rules.tooBig);
  }
  if (!stored) throw new HttpError(400, msg.nessunFile);
  refuseControlCharacters('body', fields);
  return stored.value;
}

/**
 * The bytes of a stream up to `maxBytes`, read into memory: past that it fails with a 400 `tooBig` (the rest of
 * the request is not read). For the small kinds of a streamed upload (a 20 MB document).
 */
export async function bytesUpTo(stream: Readable, maxBytes: number, tooBig: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > maxBytes) throw new HttpError(400, tooBig);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
