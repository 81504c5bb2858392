import type { z } from 'zod';
import { msg } from '../messages-it.ts';

/**
 * A composable rule library. A rule returns null when the value is valid or the Italian
 * message to show. The same rule maps run in the browser form and in the server route through one zod
 * schema (see rulesCheck), so both reject the same input with the same words.
 */

/** The record a field belongs to, for rules that look at other fields. */
export type RecordValue = Readonly<Record<string, unknown>>;

export type Rule<T = unknown> = (value: T, record?: RecordValue) => string | null;

/** Shown when a form is invalid and nothing more specific applies. */
export const FORM_INVALID: string = msg.correggereErrori;

const NO_RECORD: RecordValue = Object.freeze({});

/** Empty means "not filled in": missing, null, blank text or an empty list. false and 0 are values. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The text a text rule examines; non-scalar values become '' so that they fail text checks. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

export function required(message: string = msg.campoObbligatorio): Rule {
  return (value) => (isEmpty(value) ? message : null);
}

/** Valid when every rule passes; the first failure's message wins. */
export function allOf<T>(...rules: Rule<T>[]): Rule<T> {
  return (value, record) => {
    for (const rule of rules) {
      const error = rule(value, record);
      if (error !== null) return error;
    }
    return null;
  };
}

/**
 * Valid when any rule passes. When all fail the LAST message is returned, so write the lenient
 * alternatives first and the meaningful check last: anyOf(isBlank, codiceFiscale).
 */
export function anyOf<T>(first: Rule<T>, ...rest: Rule<T>[]): Rule<T> {
  return (value, record) => {
    let error: string | null = null;
    for (const rule of [first, ...rest]) {
      error = rule(value, record);
      if (error === null) return null;
    }
    return error;
  };
}

/** Valid when the given rule fails. */
export function not<T>(rule: Rule<T>, message: string): Rule<T> {
  return (value, record) => (rule(value, record) === null ? message : null);
}

/** Tests the text of the value; an empty value is tested too (wrap in optional() to let it pass). */
export function regex(re: RegExp, message: string): Rule {
  // A global or sticky regexp keeps lastIndex between calls and would alternate results.
  const pattern = re.global || re.sticky ? new RegExp(re.source, re.flags.replace(/[gy]/g, '')) : re;
  return (value) => (pattern.test(toText(value)) ? null : message);
}

export function custom<T = unknown>(fn: (value: T, record: RecordValue) => boolean, message: string): Rule<T> {
  return (value, record) => (fn(value, record ?? NO_RECORD) ? null : message);
}

/** Replaces the message of a failing rule. */
export function withMessage<T>(rule: Rule<T>, message: string): Rule<T> {
  return (value, record) => (rule(value, record) === null ? null : message);
}

/** Lets empty values pass and checks the others: "empty or valid". */
export function optional<T>(rule: Rule<T>): Rule<T> {
  return (value, record) => (isEmpty(value) ? null : rule(value, record));
}

/** A rule over the whole record whose message is shown on each of the named fields. */
export interface RecordRule {
  readonly paths: readonly [string, ...string[]];
  readonly rule: Rule<RecordValue>;
}

/** At least one of the fields is filled in (e.g. phone or cell); the message marks all of them. */
export function atLeastOneOf(fields: readonly [string, ...string[]], message: string): RecordRule {
  return {
    paths: fields,
    rule: (record) => (fields.some((field) => !isEmpty(record[field])) ? null : message),
  };
}

/** The rules of one form: per field, per record, and the form-level text shown when it fails. */
export interface RuleSet<F extends string = string> {
  readonly fields: Readonly<Partial<Record<F, Rule>>>;
  readonly record?: readonly RecordRule[];
  /** Builds the form-level message from the first field message; FORM_INVALID when absent. */
  readonly failure?: (firstMessage: string) => string;
}

/** Field name -> first message. An empty object means valid. */
export type FieldErrors = Record<string, string>;

function asRecord(value: unknown): RecordValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RecordValue) : NO_RECORD;
}

/** Every failure in rule order: field rules first, then record rules on each of their paths. */
function collect(set: RuleSet, record: RecordValue): { path: string; message: string }[] {
  const found: { path: string; message: string }[] = [];
  for (const [field, rule] of Object.entries(set.fields)) {
    const message = rule?.(record[field], record) ?? null;
    if (message !== null) found.push({ path: field, message });
  }
  for (const { paths, rule } of set.record ?? []) {
    const message = rule(record, record);
    if (message !== null) for (const path of paths) found.push({ path, message });
  }
  return found;
}

/** Runs a rule set without zod (import rows, tests): the first message of each failing field. */
export function validateRecord(set: RuleSet, value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of collect(set, asRecord(value))) errors[path] ??= message;
  return errors;
}

/**
 * Plugs a rule set into a zod schema: z.object({...}).check(rulesCheck(set)). Issues land on the
 * field paths, so flattenError / form resolvers show each message next to its field. zod runs checks
 * only when the object's own shape parsed, so keep the field schemas lenient (strings) and let the
 * rules speak.
 */
export function rulesCheck(set: RuleSet): (payload: z.core.ParsePayload<unknown>) => void {
  return (payload) => {
    const record = asRecord(payload.value);
    for (const { path, message } of collect(set, record)) {
      payload.issues.push({
        code: 'custom',
        message,
        path: [path],
        input: record[path],
        continue: true,
      });
    }
  };
}

/** The form-level text of a failed form (a toast or alert), e.g. 'Errore: {first field message}'. */
export function failureMessage(set: RuleSet, errors: FieldErrors): string {
  const first = Object.values(errors)[0];
  return set.failure ? set.failure(first ?? FORM_INVALID) : FORM_INVALID;
}
