import { landingRole } from '@portal/shared/roles';
import type { DbOrTx } from '../../db/database.ts';
import * as repo from '../documents/documents.repository.ts';
import type { DocumentsScope } from '../documents/documents.repository.ts';
import { questions, type ActionRule, type Found } from './reach-rules.ts';
import { has, type Viewer } from './viewer.ts';

/**
 * Which documents a list shows: 'any' is every document the viewer may open (all of them for the admin), 'own-group'
 * what the group of their first role sees (the portal's "Documenti" page, the admin's included). undefined: none.
 */
export function documentsScopeOf(viewer: Viewer, part: 'any' | 'own-group' = 'any'): DocumentsScope | undefined {
  if (part === 'any' && has(viewer, 'admin')) return { all: true };
  const group = landingRole(viewer.roles);
  return group && { all: false, group };
}

/** How a viewer reaches one document: the admin any, the others when one of their roles' groups is among its dests. */
export type DocumentAccess = 'admin' | 'group';

/** What each way of reaching a document allows; a stranger never learns it exists. */
export const documentActions = {
  view: { allowed: ['admin', 'group'], otherwise: 404 },
  // Its title, its groups, its removal.
  manage: { allowed: ['admin'], otherwise: 404 },
} as const satisfies Record<string, ActionRule<DocumentAccess>>;

export type DocumentFound = Found<DocumentAccess, NonNullable<Awaited<ReturnType<typeof repo.findDocument>>>>;

/** The document as the viewer reaches it, with the row read on the way; undefined out of reach. */
export async function reachDocument(db: DbOrTx, viewer: Viewer, uuid: string): Promise<DocumentFound | undefined> {
  const row = await repo.findDocument(db, uuid);
  if (!row) return undefined;
  if (has(viewer, 'admin')) return { access: 'admin', row };
  return (await repo.visibleTo(db, uuid, viewer.roles)) ? { access: 'group', row } : undefined;
}

const documentQuestions = questions(documentActions, reachDocument);
/** Whether what was found allows the action. */
export const canDocument = documentQuestions.can;
/** The document the viewer may act on, with its row: 404 out of reach, the action's refusal otherwise. */
export const documentFor = documentQuestions.for;
