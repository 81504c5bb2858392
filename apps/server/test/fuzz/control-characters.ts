import { multipart } from '../multipart.ts';
import { plausible, toSchema, type JsonSchema, type RouteShape } from './malformed.ts';

/**
 * Every text parameter of a route (path, query, JSON body, down to a list's items and the fields of nested
 * records), read from the route's own zod schemas, each given a control character: NUL on every one, and one of
 * the others in turn, so a run covers the whole C0 set, DEL and C1.
 */

export type Context = 'params' | 'querystring' | 'body';
export type ControlCase = {
  method: string;
  url: string;
  query: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** The parameter given the character, as the refusal names it ('dests.0'), and where it sits. */
  field: string;
  context: Context | 'upload';
  char: number;
};

/** The control characters besides NUL: C0 without tab, line feed and carriage return, then DEL and C1. */
const OTHERS = [
  ...Array.from({ length: 31 }, (_, i) => i + 1).filter((c) => c !== 9 && c !== 10 && c !== 13),
  ...Array.from({ length: 33 }, (_, i) => 0x7f + i),
];

type Slot = { path: (string | number)[] };

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** The paths of the string leaves of a schema, a list's items at index 0, each branch of a union. */
function textSlots(schema: JsonSchema | undefined, path: (string | number)[] = [], depth = 0): Slot[] {
  if (!schema || depth > 6) return [];
  if (schema.anyOf) return schema.anyOf.flatMap((branch) => textSlots(branch, path, depth + 1));
  switch (typeOf(schema)) {
    case 'string':
      return [{ path }];
    case 'object':
      return Object.entries(schema.properties ?? {}).flatMap(([key, s]) => textSlots(s, [...path, key], depth + 1));
    case 'array':
      return textSlots(schema.items, [...path, 0], depth + 1);
    default:
      return [];
  }
}

/** A copy of a plausible value with the text at `path` set, building lists and records along the way. */
function withText(base: unknown, path: (string | number)[], text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[head] = withText(list[head], rest, text);
    return list;
  }
  const record = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  (record as Record<string, unknown>)[head] = withText((record as Record<string, unknown>)[head], rest, text);
  return record;
}

const urlOf = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));

/** The cases of one route, in a fixed order; `turn` picks the next of the other characters. */
export function controlCases(route: RouteShape & { schema?: { querystring?: unknown } }, turn: () => number) {
  const cases: ControlCase[] = [];
  const paramsSchema = toSchema(route.schema?.params);
  const querySchema = toSchema(route.schema?.querystring);
  const bodySchema = toSchema(route.schema?.body);
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  const goodParams = Object.fromEntries(
    names.map((name) => [
      name,
      String(plausible(paramsSchema?.properties?.[name] ?? { type: 'string', format: 'uuid' })),
    ]),
  );
  const body = bodySchema ? plausible(bodySchema) : undefined;
  const json = { 'content-type': 'application/json' };
  const chars = () => [0, OTHERS[turn() % OTHERS.length] ?? 1];
  const text = (char: number) => `ab${String.fromCharCode(char)}cd`;
  const base = {
    method: route.method,
    url: urlOf(route.url, goodParams),
    query: '',
    headers: body === undefined ? {} : json,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  };

  for (const name of names) {
    for (const char of chars()) {
      cases.push({
        ...base,
        url: urlOf(route.url, { ...goodParams, [name]: text(char) }),
        field: name,
        context: 'params',
        char,
      });
    }
  }
  for (const slot of textSlots(querySchema)) {
    const [name] = slot.path;
    if (typeof name !== 'string') continue;
    for (const char of chars()) {
      cases.push({
        ...base,
        query: `?${encodeURIComponent(name)}=${encodeURIComponent(text(char))}`,
        field: name,
        context: 'querystring',
        char,
      });
    }
  }
  for (const slot of textSlots(bodySchema)) {
    for (const char of chars()) {
      cases.push({
        ...base,
        payload: JSON.stringify(withText(body, slot.path, text(char))),
        headers: json,
        field: slot.path.join('.'),
        context: 'body',
        char,
      });
    }
  }
  // A POST without a JSON body takes an upload: the file's name is its text.
  if (route.method === 'POST' && !bodySchema) {
    for (const char of chars()) {
      const name = `foto${String.fromCharCode(char)}.jpg`;
      const form = multipart([
        { name: 'file', filename: name, contentType: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff]) },
      ]);
      cases.push({ ...base, payload: form.payload, headers: form.headers, field: 'file', context: 'upload', char });
    }
  }
  return cases;
}
