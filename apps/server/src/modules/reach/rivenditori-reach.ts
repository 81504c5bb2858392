import type { DbOrTx } from '../../db/database.ts';
import { capoareaOfUser } from '../capoarea/capoarea.repository.ts';
import type { RivenditoriScope } from '../rivenditori/rivenditori.repository.ts';
import { has, type Viewer } from './viewer.ts';

/** Which part of a viewer's reach a list uses: all of it, or only what the area-manager role grants. */
export type RivenditoriScopePart = 'any' | 'capoarea';

/** The viewer's reach as reseller scope (see the repository's visibleIn). */
export async function rivenditoriScopeOf(
  db: DbOrTx,
  viewer: Viewer,
  part: RivenditoriScopePart = 'any',
): Promise<RivenditoriScope> {
  if (part === 'any' && has(viewer, 'admin')) return { all: true };
  const scope: RivenditoriScope = { all: false };
  if (has(viewer, 'capoarea')) scope.capoarea = await capoareaOfUser(db, viewer.userUuid);
  return scope;
}
