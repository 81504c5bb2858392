import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/database.ts';
import { addMinutes, nowIso } from './clock.ts';
import type { Mailer } from './mailer.ts';

/** A row of mail_queue (migration 2026-11-24-09): one e-mail waiting, sent, or given up on. */
export interface MailQueueTable {
  uuid: string;
  to_addr: string;
  subject: string;
  body: string;
  link: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_at: string;
  locked_until: string;
  last_error: string;
  created_at: string;
  sent_at: string;
  /** The run that queued it (a mass activation's uuid), '' for single mails: its progress counts by this. */
  batch: string;
}

export type QueuedMail = { uuid: string; to: string; subject: string; body: string; link?: string; batch?: string };

/** After this many failed attempts a mail is marked failed (about a day of retries with the backoff below). */
export const MAX_ATTEMPTS = 8;
/** A claimed mail not finished within this time (the process died mid-send) is claimed again by anyone. */
const CLAIM_MINUTES = 5;
const backoffMinutes = (attempts: number) => Math.min(2 ** attempts, 240);

/**
 * Queues e-mails in the caller's transaction, so they exist exactly when what they announce was committed. The
 * uuid is the caller's (a message's recipient: `msg:{message}:{user}`), so queuing the same mail twice is one row.
 * Callers queuing many rows from data already in the database do it with INSERT ... SELECT instead (messages).
 */
export async function enqueueMails(db: DbOrTx, mails: readonly QueuedMail[]): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < mails.length; i += 500) {
    await db
      .insertInto('mail_queue')
      .values(
        mails.slice(i, i + 500).map((m) => ({
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
        })),
      )
      .onConflict((oc) => oc.column('uuid').doNothing())
      .execute();
  }
}

/**
 * Sends up to `limit` due mails, one at a time with `paceMs` between them (the rate the SMTP server accepts). Each
 * mail is claimed first with a compare-and-set on locked_until, so two instances never send the same one; a
 * failure is retried later with a growing delay. Returns how many were sent.
 */
export async function sendDueMails(
  db: DbOrTx,
  mailer: Mailer,
  opts: { limit?: number; paceMs?: number; log?: FastifyBaseLogger; shouldStop?: () => boolean } = {},
): Promise<number> {
  const now = nowIso();
  const due = await db
    .selectFrom('mail_queue')
    .select(['uuid', 'locked_until'])
    .where('status', '=', 'pending')
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .orderBy('uuid')
    .limit(opts.limit ?? 50)
    .execute();
  let sent = 0;
  for (const candidate of due) {
    if (opts.shouldStop?.()) break;
    const at = nowIso();
    if (candidate.locked_until > at) continue;
    const claimed = await db
      .updateTable('mail_queue')
      .set({ locked_until: addMinutes(at, CLAIM_MINUTES) })
      .where('uuid', '=', candidate.uuid)
      .where('status', '=', 'pending')
      .where('locked_until', '=', candidate.locked_until)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
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
      sent += 1;
    } catch (err) {
      const attempts = mail.attempts + 1;
      opts.log?.warn({ err, to: mail.to_addr, attempts }, 'invio e-mail non riuscito, riprovo più tardi');
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
    }
    if (opts.paceMs) await new Promise((resolve) => setTimeout(resolve, opts.paceMs));
  }
  return sent;
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
