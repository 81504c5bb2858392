import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '@portal/shared/messages-it';
import {
  CONTROL_CHARACTER_MSG,
  hasControlCharacter,
  withoutControlCharacters,
} from '@portal/shared/validation/control-characters';
import { HttpError } from './error-envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'strip': the body's text comes from elsewhere (a spreadsheet's cells read by the browser), so its control
     * characters are removed instead of refused. The query and the path are refused all the same.
     */
    controlCharacters?: 'strip';
  }
}

/** Where the character is: a text at this field path, or the name of a field under it. */
type Found = { path: string; inKey: boolean };

/**
 * The first key or text holding a control character, as a field path ('dests.1'), walked without recursion so a
 * body nested thousands of levels deep costs a loop, not the stack.
 */
function findControlCharacter(value: unknown): Found | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const at = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: v, path } = next;
    if (typeof v === 'string') {
      if (hasControlCharacter(v)) return { path, inKey: false };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pending.push({ value: v[i], path: at(path, String(i)) });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [key] of entries) if (hasControlCharacter(key)) return { path, inKey: true };
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        pending.push({ value: item, path: at(path, key) });
      }
    }
  }
  return undefined;
}

/**
 * Removes every text's control characters in place (a freshly parsed body, the request's own), keys included,
 * without recursion like the search above.
 */
function strip(body: unknown): unknown {
  if (typeof body === 'string') return withoutControlCharacters(body);
  const pending: unknown[] = [body];
  for (let v = pending.pop(); v !== undefined; v = pending.pop()) {
    if (Array.isArray(v)) {
      v.forEach((item: unknown, i) => {
        if (typeof item === 'string') v[i] = withoutControlCharacters(item);
        else pending.push(item);
      });
    } else if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      for (const [key, item] of Object.entries(record)) {
        const clean = withoutControlCharacters(key);
        if (clean !== key) Reflect.deleteProperty(record, key);
        record[clean] = typeof item === 'string' ? withoutControlCharacters(item) : item;
        if (typeof item !== 'string') pending.push(item);
      }
    }
  }
  return body;
}

function refused(context: 'querystring' | 'params' | 'body', found: Found): HttpError {
  if (found.inKey)
    return new HttpError(400, `${msg.richiestaNonValida}: un nome di campo ${CONTROL_CHARACTER_MSG.toLowerCase()}`);
  const name = found.path || context;
  const kind = context === 'body' ? 'Dato non valido' : 'Parametro non valido';
  return new HttpError(400, `${kind} (${name}): ${CONTROL_CHARACTER_MSG}`, { [name]: CONTROL_CHARACTER_MSG });
}

/** Throws the 400 when a text or a field name holds a control character. */
export function refuseControlCharacters(context: 'querystring' | 'params' | 'body', value: unknown): void {
  const found = findControlCharacter(value);
  if (found) throw refused(context, found);
}

function check(request: FastifyRequest): void {
  refuseControlCharacters('params', request.params);
  refuseControlCharacters('querystring', request.query);
  if (request.routeOptions.config.controlCharacters === 'strip') request.body = strip(request.body);
  else refuseControlCharacters('body', request.body);
}

/**
 * No text with a control character reaches a schema, a service or a query (docs/decisions/0009): the path, the
 * query and the JSON body of every route are checked once here, before validation, and refused with a 400 that
 * names the field. Tabs and line breaks are text (a message body has them). A route whose body is read from a
 * spreadsheet strips them instead (config controlCharacters: 'strip'). Multipart uploads check the file's name and
 * their fields as they read them (lib/uploads.ts).
 */
export function registerControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
