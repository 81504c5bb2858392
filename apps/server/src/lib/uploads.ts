import type { FastifyRequest } from 'fastify';
import { msg } from '@portal/shared/messages-it';
import { HttpError } from '../plugins/error-envelope.ts';

/** One uploaded file with the text fields sent beside it (the file's original name comes from the form). */
export type Upload = { bytes: Buffer; filename: string; fields: Record<string, string> };

/**
 * The one file of a multipart upload (field `file`; `filename` and other text fields alongside). Only the first
 * file counts; the limits are those of the @fastify/multipart registration in the caller's scope. A missing,
 * empty or malformed upload is a 400 'Nessun file ricevuto', an oversized one a 400 with tooBig.
 */
export async function readUpload(request: FastifyRequest, tooBig: string): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, msg.nessunFile);
  let bytes: Buffer | undefined;
  let partName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (bytes === undefined) {
          bytes = data;
          partName = part.filename;
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { statusCode?: number }).statusCode === 413) throw new HttpError(400, tooBig);
    throw new HttpError(400, msg.nessunFile);
  }
  if (!bytes || bytes.length === 0) throw new HttpError(400, msg.nessunFile);
  return { bytes, filename: fields['filename'] || partName, fields };
}
