import { forbidden, notFound } from '../../plugins/error-envelope.ts';

/**
 * What one way of reaching a row allows, per action, and how a refusal reads: 404 where the row's existence is
 * not the viewer's to learn, 403 where they already read it.
 */
export type ActionRule<A extends string> = { readonly allowed: readonly A[]; readonly otherwise: 403 | 404 };

/** Whether the access found (undefined: out of reach) allows what the rule guards. */
export const allowedBy = <A extends string>(found: { access: A } | undefined, rule: ActionRule<A>): boolean =>
  found !== undefined && rule.allowed.includes(found.access);

/** The access found, checked against the action's rule: the same found row back, or the rule's refusal. */
export function checked<A extends string, F extends { access: A }>(found: F | undefined, rule: ActionRule<A>): F {
  if (!found) throw notFound();
  if (!allowedBy(found, rule)) throw rule.otherwise === 403 ? forbidden() : notFound();
  return found;
}
