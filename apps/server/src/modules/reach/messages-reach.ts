import { provinces } from '@portal/shared/provinces';
import type { DbOrTx } from '../../db/database.ts';
import { forbidden } from '../../plugins/error-envelope.ts';
import { capoareaOfUser } from '../capoarea/capoarea.repository.ts';
import * as repo from '../messages/messages.repository.ts';
import { visibleIn as posatoriVisibleIn, type PosatoriScope } from '../posatori/posatori.repository.ts';
import {
  rivenditoreOfUser,
  visibleIn as rivenditoriVisibleIn,
  type RivenditoriScope,
} from '../rivenditori/rivenditori.repository.ts';
import { posatoriScopeOf } from './posatori-reach.ts';
import { questions, type ActionRule, type Found } from './reach-rules.ts';
import { rivenditoriScopeOf } from './rivenditori-reach.ts';
import { allows, has, type Viewer } from './viewer.ts';

/** How a viewer reaches one message: they sent it, or they are among its recipients. */
export type MessageAccess = 'sender' | 'recipient';

/** What each way of reaching a message allows; anyone else never learns it exists. */
export const messageActions = {
  read: { allowed: ['sender', 'recipient'], otherwise: 404 },
  // Its subject, text and recipients, and its removal from every inbox.
  edit: { allowed: ['sender'], otherwise: 404 },
} as const satisfies Record<string, ActionRule<MessageAccess>>;

export type MessageFound = Found<
  MessageAccess,
  NonNullable<Awaited<ReturnType<typeof repo.findMessageFor>>>['message']
>;

/** The message as the viewer reaches it, with the row read on the way; undefined out of reach. */
export async function reachMessage(db: DbOrTx, viewer: Viewer, uuid: string): Promise<MessageFound | undefined> {
  const found = await repo.findMessageFor(db, viewer.userUuid, uuid);
  return found && { access: found.sent ? 'sender' : 'recipient', row: found.message };
}

const messageQuestions = questions(messageActions, reachMessage);
/** Whether what was found allows the action. */
export const canMessage = messageQuestions.can;
/** The message the viewer may act on, with its row: 404 out of reach, the action's refusal otherwise. */
export const messageFor = messageQuestions.for;

/** A writer: whoever may send messages at all (the composer, the recipients' search); 403 for the others. */
export function writerFor(viewer: Viewer): Viewer {
  if (!allows(viewer, 'messages.send')) throw forbidden();
  return viewer;
}

/** The groups a writer may address: the admin every group; the others the installers of their reach and the admins. */
export const writerGroups = ['g:posatori', 'g:capoarea', 'g:rivenditori', 'g:partner', 'g:admin'] as const;
export type WriterGroup = (typeof writerGroups)[number];

export function addressableGroups(viewer: Viewer): WriterGroup[] {
  if (has(viewer, 'admin')) return [...writerGroups];
  const groups: WriterGroup[] = ['g:posatori', 'g:admin'];
  if (has(viewer, 'capoarea')) groups.splice(1, 0, 'g:rivenditori');
  return groups;
}

/** Whether the writer may address lists of partners (the admin's partner list, by its filter). */
export const addressesPartnerLists = (viewer: Viewer): boolean => has(viewer, 'admin');

/** The provinces whose installers a writer may address as a group: all for the admin, theirs for an area manager. */
export async function addressableProvinces(db: DbOrTx, viewer: Viewer): Promise<string[]> {
  if (has(viewer, 'admin')) return provinces.map((p) => p.sigla);
  if (has(viewer, 'capoarea')) return (await capoareaOfUser(db, viewer.userUuid))?.provs ?? [];
  return [];
}

/** The installers a writer may address: their reach as a manager, reseller or admin (an installer writes to none). */
export const addressableInstallers = (db: DbOrTx, viewer: Viewer): Promise<PosatoriScope> =>
  posatoriScopeOf(db, { userUuid: viewer.userUuid, roles: viewer.roles.filter((r) => r !== 'posatore') });

/** The resellers a writer may address by name or as a group: the admin's and an area manager's; undefined: none. */
export async function addressableResellers(db: DbOrTx, viewer: Viewer): Promise<RivenditoriScope | undefined> {
  if (!has(viewer, 'admin') && !has(viewer, 'capoarea')) return undefined;
  return rivenditoriScopeOf(db, viewer, 'any');
}

/** Whether the writer may address every area manager by name (the admin), or only the one they report to. */
export const addressesAllManagers = (viewer: Viewer): boolean => has(viewer, 'admin');

/** The area manager a reseller reports to, as an account (undefined when none or without a login). */
export async function resellersManager(db: DbOrTx, viewer: Viewer): Promise<string | undefined> {
  const own = has(viewer, 'rivenditori') ? await rivenditoreOfUser(db, viewer.userUuid) : undefined;
  if (!own) return undefined;
  const row = await db
    .selectFrom('rivenditori')
    .innerJoin('capoarea', 'capoarea.uuid', 'rivenditori.capoarea')
    .select('capoarea.user_uuid')
    .where('rivenditori.uuid', '=', own.uuid)
    .executeTakeFirst();
  return row?.user_uuid ?? undefined;
}

/** Whether the writer may address this person (their account): their reach, on the server. */
export async function mayAddress(db: DbOrTx, viewer: Viewer, userUuid: string): Promise<boolean> {
  if (has(viewer, 'admin')) {
    return !!(await db.selectFrom('users').select('uuid').where('uuid', '=', userUuid).executeTakeFirst());
  }
  if (await db.selectFrom('admins').select('uuid').where('user_uuid', '=', userUuid).executeTakeFirst()) return true;
  const installers = await addressableInstallers(db, viewer);
  const installer = await db
    .selectFrom('posatori')
    .select('uuid')
    .where('user_uuid', '=', userUuid)
    .where((eb) => posatoriVisibleIn(installers)(eb))
    .executeTakeFirst();
  if (installer) return true;
  if (has(viewer, 'capoarea')) {
    const scope = await rivenditoriScopeOf(db, viewer, 'capoarea');
    const reseller = await db
      .selectFrom('rivenditori')
      .select('uuid')
      .where('user_uuid', '=', userUuid)
      .where(rivenditoriVisibleIn(scope))
      .executeTakeFirst();
    if (reseller) return true;
  }
  return (await resellersManager(db, viewer)) === userUuid;
}
