import type { DbOrTx } from '../../db/database.ts';
import { capoareaOfUser } from '../capoarea/capoarea.repository.ts';
import * as repo from '../posatori/posatori.repository.ts';
import type { PosatoriScope } from '../posatori/posatori.repository.ts';
import { rivenditoreOfUser } from '../rivenditori/rivenditori.repository.ts';
import { questions, type ActionRule } from './reach-rules.ts';
import { has, type Viewer } from './viewer.ts';

/** Which part of a viewer's reach a list uses: all of it, or only what one role of theirs grants. */
export type PosatoriScopePart = 'any' | 'capoarea' | 'rivenditori';

/** The viewer's reach as installer scope (see the repository's visibleIn). */
export async function posatoriScopeOf(
  db: DbOrTx,
  viewer: Viewer,
  part: PosatoriScopePart = 'any',
): Promise<PosatoriScope> {
  if (part === 'any' && has(viewer, 'admin')) return { all: true };
  const scope: PosatoriScope = { all: false };
  if ((part === 'any' || part === 'capoarea') && has(viewer, 'capoarea')) {
    scope.capoarea = await capoareaOfUser(db, viewer.userUuid);
  }
  if ((part === 'any' || part === 'rivenditori') && has(viewer, 'rivenditori')) {
    scope.rivenditore = (await rivenditoreOfUser(db, viewer.userUuid))?.uuid;
  }
  if (part === 'any' && has(viewer, 'posatore')) scope.userUuid = viewer.userUuid;
  return scope;
}

/**
 * How a viewer reaches one installer, strongest first: admin, area manager in scope, the installer themselves,
 * their reseller (read-only).
 */
export type PosatoreAccess = 'admin' | 'capoarea' | 'self' | 'reseller';

/** What each way of reaching an installer allows. */
export const posatoreActions = {
  view: { allowed: ['admin', 'capoarea', 'self', 'reseller'], otherwise: 404 },
  // The profile, the image and the gallery; a reseller reads them only.
  edit: { allowed: ['admin', 'capoarea', 'self'], otherwise: 403 },
  // The coupon lists and vouchers; a reseller redeems but does not list them.
  coupons: { allowed: ['admin', 'capoarea', 'self'], otherwise: 404 },
  'coupons.edit': { allowed: ['admin'], otherwise: 404 },
  redeem: { allowed: ['reseller'], otherwise: 404 },
} as const satisfies Record<string, ActionRule<PosatoreAccess>>;

export type PosatoreRow = NonNullable<Awaited<ReturnType<typeof repo.findPosatore>>>;
export type PosatoreFound = { access: PosatoreAccess; scope: PosatoriScope; row: PosatoreRow };

/** The installer as the viewer reaches it, with the row read on the way; undefined out of reach. */
export async function reachPosatore(db: DbOrTx, viewer: Viewer, uuid: string): Promise<PosatoreFound | undefined> {
  const candidates: [PosatoreAccess, Promise<PosatoriScope> | PosatoriScope | undefined][] = [
    ['admin', has(viewer, 'admin') ? { all: true } : undefined],
    ['capoarea', has(viewer, 'capoarea') ? posatoriScopeOf(db, viewer, 'capoarea') : undefined],
    ['self', has(viewer, 'posatore') ? { all: false, userUuid: viewer.userUuid } : undefined],
    ['reseller', has(viewer, 'rivenditori') ? posatoriScopeOf(db, viewer, 'rivenditori') : undefined],
  ];
  for (const [access, pending] of candidates) {
    const scope = await pending;
    const row = scope && (await repo.findPosatore(db, scope, uuid));
    if (scope && row) return { access, scope, row };
  }
  return undefined;
}

const posatoreQuestions = questions(posatoreActions, reachPosatore);
/** Whether what was found allows the action. */
export const canPosatore = posatoreQuestions.can;
/** The installer the viewer may act on, with its row: 404 out of reach, the action's refusal otherwise. */
export const posatoreFor = posatoreQuestions.for;
