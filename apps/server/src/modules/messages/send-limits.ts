import type { Role } from '@portal/shared/roles';
import type { DbOrTx } from '../../db/database.ts';
import { addMinutes, waitInWords } from '../../lib/clock.ts';
import { lockOwner } from '../../lib/count-limit.ts';
import { newId } from '../../lib/tokens.ts';
import { HttpError, TooManyRequests } from '../../plugins/error-envelope.ts';

/**
 * Messages a person may send (or edit) in a minute. People write them by hand: five leave room for a correction
 * sent right after and for a few short notes in a row, and stop a script, which sent ten in 0.1 s.
 */
export const MESSAGES_PER_MINUTE = 5;

/**
 * Recipients a person may reach in an hour, by role (a person with several roles has the largest). The one queue
 * sends 18,000 e-mails an hour (5 a second), and it takes the senders in turn (modules/mail/mail-queue.ts), so a large send
 * no longer holds back the others; the limit bounds what one account, or whoever took it over, can send.
 * - rivenditori: their own installers, 25 on average at full size and a few hundred for the largest: a message to
 *   all of them several times an hour.
 * - capoarea: an area of three provinces holds about 1,400 installers at full size, plus its resellers: the whole
 *   area twice an hour.
 * - admin: a circular to the whole registry must go out in one message (100,000 installers, the largest size the
 *   portal is measured at), with room for the day's other messages.
 */
export const RECIPIENTS_PER_HOUR = { admin: 150_000, capoarea: 3_000, rivenditori: 1_000 } as const;

type Writer = { userUuid: string; roles: readonly Role[] };

const recipientsCap = (writer: Writer) =>
  Math.max(
    0,
    ...writer.roles.map((r) =>
      r in RECIPIENTS_PER_HOUR ? RECIPIENTS_PER_HOUR[r as keyof typeof RECIPIENTS_PER_HOUR] : 0,
    ),
  );

/**
 * A person's sends after `since`, oldest first (the index message_sends_user): a minute holds at most
 * MESSAGES_PER_MINUTE of them, an hour sixty times as many.
 */
export function sendsSince(db: DbOrTx, userUuid: string, since: string) {
  return db
    .selectFrom('message_sends')
    .select(['sent_at', 'recipients'])
    .where('user_uuid', '=', userUuid)
    .where('sent_at', '>', since)
    .orderBy('sent_at')
    .execute();
}

const secondsUntil = (iso: string, now: string) => (Date.parse(iso) - Date.parse(now)) / 1000;

/**
 * At the start of a send's transaction: the sender's account row locked until it commits, so a person's sends
 * are counted one after the other on every instance (the count lives in message_sends, not in a process), and the
 * messages of the last minute counted. A 429 says when the oldest of them leaves the minute.
 */
export async function checkMessagesPerMinute(tx: DbOrTx, writer: Writer, now: string): Promise<void> {
  await lockOwner(tx, { table: 'users', uuid: writer.userUuid });
  const recent = await sendsSince(tx, writer.userUuid, addMinutes(now, -1));
  if (recent.length < MESSAGES_PER_MINUTE) return;
  // The send that must leave the minute for one more to fit.
  const oldest = recent[recent.length - MESSAGES_PER_MINUTE];
  if (!oldest) return;
  const seconds = secondsUntil(addMinutes(oldest.sent_at, 1), now);
  throw new TooManyRequests(
    `Hai inviato ${MESSAGES_PER_MINUTE} comunicazioni nell’ultimo minuto, il massimo: riprova tra ${waitInWords(seconds)}`,
    seconds,
  );
}

/**
 * Once the send's recipients are stored: those it added, with the hour's, against the writer's cap, and the send
 * recorded. A 429 says when enough of the hour's recipients leave it for this message to fit; a message that
 * alone is over the cap can never go, a 400.
 */
export async function recordSend(tx: DbOrTx, writer: Writer, added: number, now: string): Promise<void> {
  const cap = recipientsCap(writer);
  const hour = await sendsSince(tx, writer.userUuid, addMinutes(now, -60));
  const reached = hour.reduce((sum, s) => sum + s.recipients, 0);
  if (reached + added > cap) {
    if (added > cap) {
      const reason = `Troppi destinatari per una comunicazione: al massimo ${cap.toLocaleString('it-IT')} all’ora`;
      throw new HttpError(400, reason, { dests: reason });
    }
    let leaving = 0;
    const fits = hour.find((s) => reached - (leaving += s.recipients) + added <= cap);
    const seconds = fits ? secondsUntil(addMinutes(fits.sent_at, 60), now) : 3600;
    throw new TooManyRequests(
      `Questa comunicazione supererebbe il limite di ${cap.toLocaleString('it-IT')} destinatari all’ora: riprova tra ${waitInWords(seconds)}`,
      seconds,
    );
  }
  await tx
    .insertInto('message_sends')
    .values({ uuid: newId(), user_uuid: writer.userUuid, sent_at: now, recipients: added })
    .execute();
}

/** The housekeeping's: sends older than the longest window (an hour) count for nothing. */
export async function pruneSends(db: DbOrTx, before: string): Promise<void> {
  await db.deleteFrom('message_sends').where('sent_at', '<', before).execute();
}
