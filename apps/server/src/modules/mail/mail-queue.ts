import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';

/**
 * Transactional: a mail somebody is waiting for (a reset or activation link), sent at once and never behind a bulk
 * one. Bulk: notices that may take their turn (message notifications, a mass activation).
 */
export const PRIORITY = { transactional: 0, bulk: 1 } as const;
export type MailPriority = keyof typeof PRIORITY;

export type QueuedMail = {
  uuid: string;
  to: string;
  subject: string;
  body: string;
  link?: string;
  batch?: string;
  priority?: MailPriority;
  lane?: string;
};

/** After this many failed attempts a mail is marked failed (about a day of retries with the backoff below). */
export const MAX_ATTEMPTS = 8;
/** A claimed mail not finished within this time (the process died mid-send) is claimed again by anyone. */
const CLAIM_MINUTES = 5;
const backoffMinutes = (attempts: number) => Math.min(2 ** attempts, 240);

/**
 * The first turn of mails a lane queues now: after the lane's own mails still waiting (a sender's second message
 * follows their first), and no earlier than the turn the queue has reached (the lowest turn waiting), so a lane
 * that starts now takes turns with those already waiting instead of queuing behind all of them. Both are one
 * index lookup (mail_queue_next, mail_queue_lane). Two lanes queuing at once may share turns: they alternate.
 */
export async function nextTurn(db: DbOrTx, priority: MailPriority, lane: string): Promise<number> {
  const p = PRIORITY[priority];
  const head = await db
    .selectFrom('mail_queue')
    .select('turn')
    .where('status', '=', 'pending')
    .where('priority', '=', p)
    .orderBy('turn')
    .limit(1)
    .executeTakeFirst();
  const last = await db
    .selectFrom('mail_queue')
    .select('turn')
    .where('lane', '=', lane)
    .where('priority', '=', p)
    .where('status', '=', 'pending')
    .orderBy('turn', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Math.max(head?.turn ?? 0, last === undefined ? 0 : last.turn + 1);
}

/**
 * Queues e-mails in the caller's transaction, so they exist exactly when what they announce was committed. The
 * uuid is the caller's (a message's recipient: `msg:{message}:{user}`), so queuing the same mail twice is one row.
 * Each (priority, lane) of the list gets its turns in list order. Callers queuing many rows from data already in
 * the database do it with INSERT ... SELECT instead (messages), their turns from nextTurn.
 */
export async function enqueueMails(db: DbOrTx, mails: readonly QueuedMail[]): Promise<void> {
  const now = nowIso();
  const turns = new Map<string, number>();
  const rows = [];
  for (const m of mails) {
    const priority = m.priority ?? 'bulk';
    const lane = m.lane ?? '';
    const key = `${priority}\n${lane}`;
    const turn = turns.get(key) ?? (await nextTurn(db, priority, lane));
    turns.set(key, turn + 1);
    rows.push({
      uuid: m.uuid,
      to_addr: m.to,
      subject: m.subject,
      body: m.body,
      link: m.link ?? '',
      status: 'pending' as const,
      attempts: 0,
      next_at: now,
      locked_until: '',
      last_error: '',
      created_at: now,
      sent_at: '',
      batch: m.batch ?? '',
      priority: PRIORITY[priority],
      lane,
      turn,
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('mail_queue')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('uuid').doNothing())
      .execute();
  }
}

type Candidate = { uuid: string; locked_until: string };

/** The next mail to send: due, not claimed, in the queue's order (priority, then turn; index mail_queue_next). */
export function nextDue(db: DbOrTx, at: string): Promise<Candidate | undefined> {
  return db
    .selectFrom('mail_queue')
    .select(['uuid', 'locked_until'])
    .where('status', '=', 'pending')
    .where('next_at', '<=', at)
    .where('locked_until', '<=', at)
    .orderBy('priority')
    .orderBy('turn')
    .orderBy('created_at')
    .orderBy('uuid')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims one mail with a compare-and-set on locked_until (so two instances never send it twice) and sends it:
 * marked sent, or kept for a retry after a growing delay, or failed after the last attempt. true: sent.
 */
async function deliver(db: DbOrTx, mailer: Mailer, candidate: Candidate, log?: FastifyBaseLogger): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_queue')
    .set({ locked_until: addMinutes(nowIso(), CLAIM_MINUTES) })
    .where('uuid', '=', candidate.uuid)
    .where('status', '=', 'pending')
    .where('locked_until', '=', candidate.locked_until)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const mail = await db
    .selectFrom('mail_queue')
    .selectAll()
    .where('uuid', '=', candidate.uuid)
    .executeTakeFirstOrThrow();
  try {
    await mailer.send({ to: mail.to_addr, subject: mail.subject, text: mail.body, link: mail.link || undefined });
    await db
      .updateTable('mail_queue')
      // A sent mail keeps its metadata, not its text: an activation link in it is a password until used.
      .set({ status: 'sent', sent_at: nowIso(), attempts: mail.attempts + 1, locked_until: '', body: '', link: '' })
      .where('uuid', '=', mail.uuid)
      .execute();
    return true;
  } catch (err) {
    const attempts = mail.attempts + 1;
    log?.warn({ err, to: mail.to_addr, attempts }, 'invio e-mail non riuscito, riprovo più tardi');
    await db
      .updateTable('mail_queue')
      .set({
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        attempts,
        next_at: addMinutes(nowIso(), backoffMinutes(attempts)),
        locked_until: '',
        last_error: String(err instanceof Error ? err.message : err).slice(0, 500),
      })
      .where('uuid', '=', mail.uuid)
      .execute();
    return false;
  }
}

/**
 * Sends up to `limit` due mails, one at a time with `paceMs` between them (the rate the SMTP server accepts), each
 * the first in the queue's order when its turn comes: a transactional mail queued meanwhile is the next one, and
 * the lanes take turns. Returns how many were sent.
 */
export async function sendDueMails(
  db: DbOrTx,
  mailer: Mailer,
  opts: { limit?: number; paceMs?: number; log?: FastifyBaseLogger; shouldStop?: () => boolean } = {},
): Promise<number> {
  const limit = opts.limit ?? 50;
  let sent = 0;
  // Each try either sends, fails (the mail leaves the due ones until its retry) or loses its claim to another
  // instance (which then holds it): so at most `limit` tries per mail sent, and a bound on the loop.
  for (let tries = 0; sent < limit && tries < limit * 3; tries++) {
    if (opts.shouldStop?.()) break;
    const candidate = await nextDue(db, nowIso());
    if (!candidate) break;
    if (await deliver(db, mailer, candidate, opts.log)) sent += 1;
    if (opts.paceMs) await new Promise((resolve) => setTimeout(resolve, opts.paceMs));
  }
  return sent;
}

/**
 * A transactional mail: queued first (durable: a failed send is retried by the worker, a crash loses nothing),
 * then sent at once by the caller, outside the worker's pace and whatever bulk is waiting. Its lane is its
 * recipient's address unless given.
 */
export async function sendTransactional(
  db: DbOrTx,
  mailer: Mailer,
  mail: Omit<QueuedMail, 'priority' | 'batch'>,
  log?: FastifyBaseLogger,
): Promise<void> {
  await enqueueMails(db, [{ ...mail, priority: 'transactional', lane: mail.lane ?? mail.to }]);
  await deliver(db, mailer, { uuid: mail.uuid, locked_until: '' }, log);
}

/** The queue's depth for /metrics: waiting, waiting after a failed attempt, and given up (each by index). */
export async function queueFigures(db: DbOrTx): Promise<{ pending: number; retrying: number; failed: number }> {
  const count = async (status: 'pending' | 'failed', retried: boolean) => {
    let q = db
      .selectFrom('mail_queue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', status);
    if (retried) q = q.where('attempts', '>', 0);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const [pending, retrying, failed] = await Promise.all([
    count('pending', false),
    count('pending', true),
    count('failed', false),
  ]);
  return { pending, retrying, failed };
}

export type MailWorker = { kick(): void; stop(): Promise<void> };

/**
 * The process's sender: drains the queue at its pace, then looks again every `pollMs` (or at once after kick()).
 * What is pending when the process stops stays in the table and is sent by the next start or another instance.
 */
export function startMailWorker(opts: {
  db: DbOrTx;
  mailer: Mailer;
  log: FastifyBaseLogger;
  paceMs: number;
  pollMs?: number;
}): MailWorker {
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let sent = 0;
      try {
        sent = await sendDueMails(opts.db, opts.mailer, {
          paceMs: opts.paceMs,
          log: opts.log,
          shouldStop: () => stopped,
        });
      } catch (err) {
        opts.log.error({ err }, 'coda e-mail non leggibile');
      }
      if (sent > 0 || stopped) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, opts.pollMs ?? 5_000).unref();
      });
      wake = undefined;
    }
  })();
  return {
    kick: () => wake?.(),
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
