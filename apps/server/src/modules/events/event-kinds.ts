/**
 * What a live event says, and nothing more: which of a person's lists changed. The browser refetches them through
 * the ordinary API, whose reach rules decide what it sees (docs/decisions/0029-live-updates.md).
 * - messages: the inbox, the outbox or the unread count (the bell)
 * - coupons: the installer's coupons and their count
 * - session: the person's sessions changed (a logout, a disabled account): streams check theirs at once
 */
export type EventKind = 'messages' | 'coupons' | 'session';

export const eventKinds: readonly EventKind[] = ['messages', 'coupons', 'session'];

/** One notification: a kind and the accounts (users.uuid) it is for. */
export type Announcement = { kind: EventKind; users: readonly string[] };

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a uuid takes 39 characters in the JSON, so 150 of them
 * keep a payload near 6 kB. A message to thousands goes out as a few dozen notifications.
 */
export const USERS_PER_NOTIFICATION = 150;

export const encodeAnnouncement = (a: Announcement): string => JSON.stringify({ k: a.kind, u: a.users });

const UUID = /^[0-9a-f-]{36}$/i;

/** A payload heard on the channel, or undefined when it is not one of ours. */
export function decodeAnnouncement(payload: string): Announcement | undefined {
  try {
    const parsed = JSON.parse(payload) as { k?: unknown; u?: unknown };
    const kind = eventKinds.find((k) => k === parsed.k);
    if (!kind || !Array.isArray(parsed.u)) return undefined;
    const users = parsed.u.filter((u): u is string => typeof u === 'string' && UUID.test(u));
    return { kind, users };
  } catch {
    return undefined;
  }
}
