import fc from 'fast-check';
import { z } from 'zod';
import { multipart } from '../multipart.ts';

/**
 * Malformed requests generated from a route's own zod schemas (body and path parameters), with fast-check and a
 * fixed seed so a failure replays. Every generated request is wrong in at least one way: a field of the wrong type,
 * a text over its maximum, a value outside its enum, a missing field, a body that is not the record, a path
 * parameter that is not an id, broken JSON or multipart framing.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  pattern?: string;
};

export type Malformed = {
  params: Record<string, string>;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** What was broken, for the failure message. */
  how: string;
};

export const toSchema = (schema: unknown): JsonSchema | undefined =>
  schema instanceof z.ZodType
    ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : undefined;

const typeOf = (s: JsonSchema): string | undefined =>
  s.anyOf ? typeOf(s.anyOf.find((a) => a.type !== undefined) ?? {}) : Array.isArray(s.type) ? s.type[0] : s.type;

/** A value of the right shape: the starting point that mutations then break. */
export function plausible(s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return s.minimum ?? 0;
    case 'string':
      if (s.format === 'uuid') return crypto.randomUUID();
      return 'x'.repeat(s.minLength ?? 0);
    default:
      return '';
  }
}

/** A value this field schema certainly refuses. */
function wrongValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const notText = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
  const type = typeOf(s);
  const options: fc.Arbitrary<unknown>[] = [];
  if (type === 'string') {
    options.push(notText);
    if (s.maxLength !== undefined) {
      options.push(fc.string({ minLength: s.maxLength + 1, maxLength: s.maxLength + 400, unit: 'grapheme' }));
    }
    if (s.enum) options.push(fc.string().filter((v) => !s.enum?.includes(v)));
    if (s.format === 'uuid') options.push(fc.string({ maxLength: 60 }).filter((v) => !z.uuid().safeParse(v).success));
  } else if (type === 'boolean') {
    options.push(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object()));
  } else if (type === 'number' || type === 'integer') {
    options.push(fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer())));
    if (s.maximum !== undefined) options.push(fc.double({ min: s.maximum + 1, noNaN: true }));
    if (s.minimum !== undefined) options.push(fc.double({ max: s.minimum - 1, noNaN: true }));
  } else if (type === 'array') {
    options.push(fc.oneof(fc.string(), fc.integer(), fc.object(), fc.array(fc.anything(), { minLength: 1 })));
  } else if (type === 'object') {
    options.push(fc.oneof(fc.string(), fc.integer(), fc.array(fc.anything())));
  } else {
    options.push(fc.anything());
  }
  return fc.oneof(...options);
}

/** A JSON body that the body schema refuses: broken fields, missing fields, or not the record at all. */
function malformedBody(body: JsonSchema): fc.Arbitrary<{ text: string; how: string }> {
  const base = plausible(body) as Record<string, unknown>;
  const fields = Object.entries(body.properties ?? {});
  const brokenFields =
    fields.length === 0
      ? []
      : [
          fc
            .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: Math.min(3, fields.length) })
            .chain((chosen) =>
              fc.tuple(...chosen.map(([name, schema]) => wrongValue(schema).map((v) => [name, v] as const))),
            )
            .map((changes) => ({
              text: JSON.stringify({ ...base, ...Object.fromEntries(changes) }),
              how: `campi errati: ${changes.map(([n]) => n).join(', ')}`,
            })),
        ];
  const required = body.required ?? [];
  const missing =
    required.length === 0
      ? []
      : [
          fc.constantFrom(...required).map((name) => ({
            text: JSON.stringify(Object.fromEntries(Object.entries(base).filter(([key]) => key !== name))),
            how: `manca ${name}`,
          })),
        ];
  const notTheRecord = fc
    .oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.jsonValue(), { minLength: 1 }))
    .map((v) => ({ text: JSON.stringify(v), how: 'non è un oggetto' }));
  const brokenJson = fc
    .constantFrom('{', '{"', '[1,', '{"a":}', 'nul', '{"x":"\\u12"}', '\u0000', '{'.repeat(2000))
    .map((text) => ({ text, how: 'JSON non valido' }));
  const deep = fc.integer({ min: 200, max: 3000 }).map((n) => ({
    text: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`,
    how: `annidato ${n} livelli`,
  }));
  const weights: fc.WeightedArbitrary<{ text: string; how: string }>[] = [
    ...brokenFields.map((arbitrary) => ({ arbitrary, weight: 6 })),
    ...missing.map((arbitrary) => ({ arbitrary, weight: 2 })),
    { arbitrary: notTheRecord, weight: 2 },
    { arbitrary: brokenJson, weight: 1 },
    { arbitrary: deep, weight: 1 },
  ];
  return fc.oneof(...weights);
}

/** A path parameter that is not what the route takes (its schema refuses it), percent-encoded or raw. */
function malformedParam(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ minLength: 190, maxLength: 300 }),
    fc.constantFrom('%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', 'nuovo', '00000000-0000-0000-0000-00000000000g'),
    fc.uuid().map((u) => `${u}x`),
  );
  const refused = schema ? text.filter((v) => !isAccepted(schema, v)) : text;
  return fc.oneof(
    refused.map((v) => encodeURIComponent(v)),
    fc.constantFrom('%E0%A4%A', '%', '%zz', 'a%2'),
  );
}

function isAccepted(schema: JsonSchema, value: string): boolean {
  if (schema.format === 'uuid') return z.uuid().safeParse(value).success;
  if (schema.enum) return schema.enum.includes(value);
  if (schema.pattern) return new RegExp(schema.pattern).test(value);
  return false;
}

/** A multipart body the upload routes refuse: no file, two files, stray fields, bytes of no known kind, bad framing. */
const malformedMultipart: fc.Arbitrary<{ payload: Buffer; headers: Record<string, string>; how: string }> = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({
    ...multipart([{ name: 'file', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from(bytes) }]),
    how: 'byte casuali',
  })),
  fc.integer({ min: 2, max: 4 }).map((n) => ({
    ...multipart(
      Array.from({ length: n }, (_, i) => ({ name: 'file', filename: `f${i}.jpg`, data: Buffer.from([0xff, 0xd8]) })),
    ),
    how: `${n} file`,
  })),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 2000 })).map((fields) => ({
    ...multipart(Object.entries(fields).map(([name, data]) => ({ name, data }))),
    how: 'solo campi',
  })),
  fc.string({ maxLength: 500 }).map((text) => ({
    payload: Buffer.from(`--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\n${text}`),
    headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    how: 'multipart troncato',
  })),
  fc.string({ maxLength: 200 }).map((text) => ({
    payload: Buffer.from(text),
    headers: { 'content-type': 'application/json' },
    how: 'non multipart',
  })),
);

export type RouteShape = { method: string; url: string; schema?: { body?: unknown; params?: unknown } };

/**
 * count malformed requests for one route, the same on every run (seeded). A route with a body schema gets broken
 * bodies (and now and then a broken path parameter); a POST without one is an upload and gets broken multipart; any
 * other route gets broken path parameters.
 */
export function malformedRequests(route: RouteShape, count: number, seed: number): Malformed[] {
  const paramNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  const paramSchemas = toSchema(route.schema?.params)?.properties ?? {};
  const bodySchema = toSchema(route.schema?.body);
  /** Path parameters the route accepts (a real shape), so the body's problems are the ones reached. */
  const goodParams = Object.fromEntries(
    paramNames.map((name) => [name, String(plausible(paramSchemas[name] ?? { type: 'string', format: 'uuid' }))]),
  );
  const json = { 'content-type': 'application/json' };

  const arbitrary: fc.Arbitrary<Malformed> = bodySchema
    ? fc.oneof(
        {
          arbitrary: malformedBody(bodySchema).map((b) => ({
            params: goodParams,
            payload: b.text,
            headers: json,
            how: b.how,
          })),
          weight: 8,
        },
        ...(paramNames.length > 0
          ? [
              {
                arbitrary: fc
                  .constantFrom(...paramNames)
                  .chain((name) => malformedParam(paramSchemas[name]).map((v) => [name, v] as const))
                  .map(([name, value]) => ({
                    params: { ...goodParams, [name]: value },
                    payload: JSON.stringify(plausible(bodySchema)),
                    headers: json,
                    how: `parametro ${name}`,
                  })),
                weight: 2,
              },
            ]
          : []),
      )
    : route.method !== 'POST'
      ? fc
          .constantFrom(...paramNames)
          .chain((name) => malformedParam(paramSchemas[name]).map((v) => [name, v] as const))
          .map(([name, value]) => ({ params: { ...goodParams, [name]: value }, headers: {}, how: `parametro ${name}` }))
      : malformedMultipart.map((m) => ({ params: goodParams, payload: m.payload, headers: m.headers, how: m.how }));

  // Only what the route's own schemas refuse counts as malformed (a loose body accepts any object, say).
  const bodyZod = route.schema?.body instanceof z.ZodType ? route.schema.body : undefined;
  const paramsZod = route.schema?.params instanceof z.ZodType ? route.schema.params : undefined;
  const refused = (m: Malformed) => {
    if (paramsZod && !paramsZod.safeParse(decodedParams(m.params)).success) return true;
    if (!bodyZod || typeof m.payload !== 'string') return true;
    try {
      return !bodyZod.safeParse(JSON.parse(m.payload)).success;
    } catch {
      return true;
    }
  };
  return fc.sample(arbitrary.filter(refused), { seed, numRuns: count });
}

function decodedParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => {
      try {
        return [k, decodeURIComponent(v)];
      } catch {
        return [k, v];
      }
    }),
  );
}

/** The URL of a route with its parameters filled in (already encoded by the generator). */
export function urlOf(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => params[name] ?? '');
}
