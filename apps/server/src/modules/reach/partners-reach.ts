import type { DbOrTx } from '../../db/database.ts';
import { capoareaOfUser } from '../capoarea/capoarea.repository.ts';
import * as repo from '../partners/partners.repository.ts';
import type { PartnersScope } from '../partners/partners.repository.ts';
import { rivenditoreOfUser } from '../rivenditori/rivenditori.repository.ts';
import { questions, type ActionRule } from './reach-rules.ts';
import { has, type Viewer } from './viewer.ts';

/** Which part of a viewer's reach a list uses: all of it, or only what one role of theirs grants. */
export type PartnersScopePart = 'any' | 'capoarea' | 'rivenditori';

/**
 * A reseller's area: the provinces the admin assigned them. Not the province of their own address, which they edit
 * on their own profile: reach is never self-granted.
 */
async function resellerOf(db: DbOrTx, userUuid: string) {
  const r = await rivenditoreOfUser(db, userUuid);
  return r && { uuid: r.uuid, area: r.provs };
}

/** The viewer's reach as partner scope (see the repository's visibleIn). */
export async function partnersScopeOf(
  db: DbOrTx,
  viewer: Viewer,
  part: PartnersScopePart = 'any',
): Promise<PartnersScope> {
  if (part === 'any' && has(viewer, 'admin')) return { all: true };
  const scope: PartnersScope = { all: false };
  if ((part === 'any' || part === 'capoarea') && has(viewer, 'capoarea')) {
    scope.capoarea = await capoareaOfUser(db, viewer.userUuid);
  }
  if ((part === 'any' || part === 'rivenditori') && has(viewer, 'rivenditori')) {
    scope.rivenditore = await resellerOf(db, viewer.userUuid);
  }
  return scope;
}

/**
 * How a viewer reaches one partner, strongest first: admin; area manager in scope; reseller the partner is
 * assigned to; reseller of the partner's area.
 */
export type PartnerAccess = 'admin' | 'capoarea' | 'reseller-assigned' | 'reseller-area';

/** What each way of reaching a partner allows. */
export const partnerActions = {
  view: { allowed: ['admin', 'capoarea', 'reseller-assigned', 'reseller-area'], otherwise: 404 },
  // The record and its logo; the reseller of the area reads them only.
  edit: { allowed: ['admin', 'capoarea', 'reseller-assigned'], otherwise: 403 },
  payments: { allowed: ['admin', 'capoarea'], otherwise: 404 },
} as const satisfies Record<string, ActionRule<PartnerAccess>>;

type PartnerRow = NonNullable<Awaited<ReturnType<typeof repo.findPartner>>>;
export type PartnerFound = {
  access: PartnerAccess;
  scope: PartnersScope;
  row: PartnerRow;
  /** The area manager the viewer is, when they are one (their uuid and provinces). */
  capoarea: { uuid: string; provs: string[] } | undefined;
};

/** The partner as the viewer reaches it, with the row read on the way; undefined out of reach. */
export async function reachPartner(db: DbOrTx, viewer: Viewer, uuid: string): Promise<PartnerFound | undefined> {
  const capoarea = has(viewer, 'capoarea') ? await capoareaOfUser(db, viewer.userUuid) : undefined;
  const reseller = has(viewer, 'rivenditori') ? await resellerOf(db, viewer.userUuid) : undefined;
  const candidates: [PartnerAccess, PartnersScope | undefined][] = [
    ['admin', has(viewer, 'admin') ? { all: true } : undefined],
    ['capoarea', capoarea && { all: false, capoarea }],
    ['reseller-assigned', reseller && { all: false, rivenditore: { uuid: reseller.uuid, area: [] } }],
    ['reseller-area', reseller && { all: false, rivenditore: reseller }],
  ];
  for (const [access, scope] of candidates) {
    const row = scope && (await repo.findPartner(db, scope, uuid));
    if (scope && row) return { access, scope, row, capoarea };
  }
  return undefined;
}

const partnerQuestions = questions(partnerActions, reachPartner);
/** Whether what was found allows the action. */
export const canPartner = partnerQuestions.can;
/** The partner the viewer may act on, with its row: 404 out of reach, the action's refusal otherwise. */
export const partnerFor = partnerQuestions.for;
