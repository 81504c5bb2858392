import type { ZodType } from 'zod';
import { msg } from '@portal/shared/messages-it';
import { errorReply } from '@portal/shared/schemas/errors';
import { ApiError } from './api-error.ts';
import { expireSession } from './session.ts';

type Method = 'GET' | 'POST' | 'DELETE';

export type RequestOptions = {
  signal?: AbortSignal | undefined;
  /** Treat a 401 as an expired session even outside /api (used by POST /auth/renew). */
  sessionBound?: boolean;
};

const networkFailure = 'Impossibile contattare il server, controlla la connessione';

function fallbackReason(status: number): string {
  if (status === 401) return msg.nonAutenticato;
  if (status === 403) return msg.nonAutorizzato;
  if (status === 404) return msg.nonTrovato;
  if (status === 400 || status === 413 || status === 422) return msg.richiestaNonValida;
  return msg.erroreInterno;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function request<T>(
  method: Method,
  path: string,
  schema: ZodType<T>,
  body: unknown,
  options: RequestOptions,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: options.signal ?? null };
  if (method === 'POST' && body instanceof FormData) {
    // Multipart uploads: the browser writes the Content-Type with its boundary.
    init.body = body;
  } else if (method === 'POST') {
    // The server expects a JSON body on every POST, even an empty one.
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, networkFailure);
  }

  return replyOf(method, path, schema, options, response.status, await readJson(response));
}

/** A reply's data checked against its schema, or the ApiError its status and envelope tell. */
function replyOf<T>(
  method: Method,
  path: string,
  schema: ZodType<T>,
  options: RequestOptions,
  status: number,
  data: unknown,
): T {
  if (status < 200 || status > 299) {
    if (status === 401 && (path.startsWith('/api/') || options.sessionBound)) expireSession();
    const parsed = errorReply.safeParse(data);
    throw parsed.success
      ? new ApiError(status, parsed.data.reason, parsed.data.fields)
      : new ApiError(status, fallbackReason(status));
  }

  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // A reply of an unexpected shape is a bug on one side; say so in the console, calmly to the user.
    console.error(`Risposta inattesa da ${method} ${path}`, parsed.error.issues);
    throw new ApiError(status, msg.erroreInterno);
  }
  return parsed.data;
}

/** How far an upload has gone: bytes sent of the total. */
export type UploadProgress = { loaded: number; total: number };

/**
 * A multipart POST through XMLHttpRequest, whose upload events tell how much was sent (fetch does not): for large
 * files (a training video), so the screen can show a progress bar. Same replies and errors as `request`.
 */
function requestWithProgress<T>(
  path: string,
  schema: ZodType<T>,
  body: FormData,
  options: RequestOptions,
  onProgress: (progress: UploadProgress) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText === '' ? null : (JSON.parse(xhr.responseText) as unknown);
      } catch {
        data = null;
      }
      try {
        resolve(replyOf('POST', path, schema, options, xhr.status, data));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(xhr.status, msg.erroreInterno));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, networkFailure));
    xhr.onabort = () => reject(new DOMException('Caricamento annullato', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** GET a JSON reply, validated against its shared schema. */
export function apiGet<T>(path: string, schema: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return request('GET', path, schema, undefined, options);
}

/** POST a JSON body (at least {}) and validate the JSON reply. */
export function apiPost<T>(path: string, body: unknown, schema: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return request('POST', path, schema, body, options);
}

export function apiDelete<T>(path: string, schema: ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return request('DELETE', path, schema, undefined, options);
}

/**
 * POST one file as multipart, fields `file` and `filename` (image upload), plus the text fields an
 * upload carries beside it (a payment's dtrinnovo and fatturato). Text fields go first, so the server has them
 * when it reaches the file.
 */
export function apiUpload<T>(
  path: string,
  file: File,
  schema: ZodType<T>,
  options: RequestOptions & {
    fields?: Readonly<Record<string, string>>;
    /** Given, the upload goes through XMLHttpRequest and reports its progress (requestWithProgress). */
    onProgress?: (progress: UploadProgress) => void;
  } = {},
): Promise<T> {
  const form = new FormData();
  form.append('filename', file.name);
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('file', file, file.name);
  if (options.onProgress) return requestWithProgress(path, schema, form, options, options.onProgress);
  return request('POST', path, schema, form, options);
}

/** A list path with its filters: empty values stay out of the query string (the server reads '' as none too). */
export function withQuery(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The file name of a Content-Disposition header (filename*=UTF-8'' first, then filename="..."). */
function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * GET a file the server streams (an export), reporting the bytes received as they arrive, so a large download
 * shows progress. Failures read as the usual Italian reasons.
 */
export async function apiDownload(
  path: string,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, networkFailure);
  }
  if (!response.ok) {
    if (response.status === 401) expireSession();
    const parsed = errorReply.safeParse(await readJson(response));
    throw new ApiError(response.status, parsed.success ? parsed.data.reason : fallbackReason(response.status));
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      chunks.push(next.value);
      received += next.value.byteLength;
      onProgress(received);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Download interrotto: riprova');
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks, { type }),
    filename: fileNameOf(response.headers.get('content-disposition'), 'export.xlsx'),
  };
}
