import type { DbOrTx } from '../../db/database.ts';
import { encodeAnnouncement, USERS_PER_NOTIFICATION, type EventKind } from './event-kinds.ts';
import * as repo from './events.repository.ts';

/**
 * Tells the open tabs of these accounts (users.uuid) that a list of theirs changed: call it inside the transaction of
 * the change, which delivers it when it commits and drops it when it rolls back (docs/decisions/0029-live-updates.md).
 * It carries the kind and the accounts only; each browser refetches through the API, which applies its reach.
 */
export async function announce(tx: DbOrTx, kind: EventKind, users: Iterable<string | null | undefined>): Promise<void> {
  const list = [...new Set([...users].filter((u): u is string => !!u))];
  for (let i = 0; i < list.length; i += USERS_PER_NOTIFICATION) {
    await repo.notify(tx, encodeAnnouncement({ kind, users: list.slice(i, i + USERS_PER_NOTIFICATION) }));
  }
}
