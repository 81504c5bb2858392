import type { DbOrTx } from '../../db/database.ts';
import { forbidden, notFound } from '../../plugins/error-envelope.ts';
import type { Viewer } from './viewer.ts';

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

/** What a single-item question finds: how the viewer reaches the row, and the row read on the way. */
export type Found<A extends string, R> = { access: A; row: R };

/**
 * The two questions a service asks about one kind of item, from its table of actions and the function that reaches
 * one: `can(found, action)` answers yes or no; `for(db, viewer, uuid, action)` returns what was found, or throws
 * the action's refusal (404 out of reach).
 */
export function questions<A extends string, Act extends string, F extends { access: A }>(
  actions: Record<Act, ActionRule<A>>,
  reach: (db: DbOrTx, viewer: Viewer, uuid: string) => Promise<F | undefined>,
) {
  return {
    can: (found: F | undefined, action: Act): boolean => allowedBy(found, actions[action]),
    for: async (db: DbOrTx, viewer: Viewer, uuid: string, action: Act): Promise<F> =>
      checked(await reach(db, viewer, uuid), actions[action]),
  };
}
