import type { MassActivation } from '@portal/shared/schemas/mass-activation';
import { isValidEmail, normalizeLogin } from '@portal/shared/validation/common';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import { enqueueMails } from '../mail/mail-queue.ts';
import { newId, randomToken, sha256 } from '../../lib/tokens.ts';
import { HttpError } from '../../plugins/error-envelope.ts';
import { accountLinkMail, resetLink } from '../auth/account-mails.ts';
import { retryOnLoginCollision } from '../auth/accounts.service.ts';
import * as resetTokens from '../auth/reset-tokens.repository.ts';
import * as users from '../auth/users.repository.ts';
import { ACTIVATION_MINUTES } from '../auth/password-resets.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './mass-activation.repository.ts';
import type { MassActivationsTable } from './mass-activation.table.ts';
import type { Viewer } from '../reach/viewer.ts';

export type MassActivationDeps = {
  db: Db;
  background: Background;
  publicUrl: string;
  onQueued: () => void;
  /** How long a run's lease lasts unless renewed (each batch renews it): a dead runner's run waits this long. */
  leaseSeconds: number;
};

/** Installers read per page of the registry, and handled per transaction. */
const READ_PAGE = 5_000;
const BATCH = 500;
const ALREADY_RUNNING = 'Invio massivo già in corso: attendi che finisca';

type Counts = Pick<
  MassActivationsTable,
  'candidati' | 'accodati' | 'senza_email' | 'email_non_valida' | 'email_condivisa' | 'link_validi'
>;

/**
 * The installers without an active or disabled account, and how many installers share each address: an account
 * is named after its e-mail, so an address on two people can name neither (the admin fixes it in the registry).
 */
async function readRegistry(db: Db) {
  const perAddress = new Map<string, number>();
  const pending: repo.Candidate[] = [];
  for (let after = ''; ;) {
    const page = await repo.installersAfter(db, after, READ_PAGE);
    for (const c of page) {
      const email = normalizeLogin(c.email);
      if (email) perAddress.set(email, (perAddress.get(email) ?? 0) + 1);
      if (c.stato !== 'active' && c.stato !== 'disabled') pending.push({ ...c, email });
    }
    const last = page.at(-1);
    if (!last || page.length < READ_PAGE) return { perAddress, pending };
    after = last.uuid;
  }
}

/**
 * One transaction over a batch of installers: new 'requested' accounts for those without one, a new 72-hour link
 * for requested accounts whose link expired, and one queued activation e-mail each. A requested account with a
 * live link gets nothing, so pressing again sends nothing twice. Answers the counts with this batch's added, as
 * written in the run's row with it.
 */
async function activateBatch(
  deps: MassActivationDeps,
  run: string,
  owner: string,
  batch: readonly repo.Candidate[],
  perAddress: ReadonlyMap<string, number>,
  before: Counts,
): Promise<Counts> {
  const counts = { ...before };
  return deps.db.transaction().execute(async (tx) => {
    const now = nowIso();
    const withoutAccount = batch.filter((c) => !c.user_uuid && c.email);
    const inUse = await users.loginsInUse(
      tx,
      withoutAccount.map((c) => c.email),
    );
    const live = await resetTokens.usersWithLiveLink(
      tx,
      batch.flatMap((c) => (c.user_uuid ? [c.user_uuid] : [])),
      now,
    );
    const create: { posatore: string; email: string }[] = [];
    const relink: { userUuid: string; email: string }[] = [];
    for (const c of batch) {
      if (!c.email) counts.senza_email += 1;
      else if (!isValidEmail(c.email)) counts.email_non_valida += 1;
      else if (c.user_uuid) {
        if (live.has(c.user_uuid)) counts.link_validi += 1;
        else relink.push({ userUuid: c.user_uuid, email: c.email });
      } else if ((perAddress.get(c.email) ?? 0) > 1 || inUse.has(c.email)) counts.email_condivisa += 1;
      else create.push({ posatore: c.uuid, email: c.email });
    }
    const created = await users.insertRequestedInstallerAccounts(tx, create, now);
    const links = [...create.map((p) => ({ userUuid: created.get(p.posatore) ?? '', email: p.email })), ...relink].map(
      (l) => ({ ...l, token: randomToken(16) }),
    );
    await resetTokens.insertResets(
      tx,
      links.map((l) => ({ tokenHash: sha256(l.token), userUuid: l.userUuid })),
      now,
      addMinutes(now, ACTIVATION_MINUTES),
    );
    await enqueueMails(
      tx,
      links.map((l) => {
        const link = resetLink(deps.publicUrl, l.token);
        const mail = accountLinkMail(link, true);
        return {
          uuid: `act:${run}:${l.userUuid}`,
          to: l.email,
          subject: mail.subject,
          body: mail.text,
          link,
          batch: run,
          // Bulk in a lane of its own: the press takes turns with the messages' notices instead of holding them.
          priority: 'bulk' as const,
          lane: `act:${run}`,
        };
      }),
    );
    counts.accodati += links.length;
    // The batch commits only while this runner holds the lease, and moves the cursor with it: a run another
    // instance took over never has a batch twice.
    await renewLease(tx, deps, run, owner, { ...counts, cursor: batch.at(-1)?.uuid ?? '' });
    return counts;
  });
}

class LeaseLost extends Error {}

const leaseEnd = (deps: MassActivationDeps) => new Date(Date.now() + deps.leaseSeconds * 1000).toISOString();

async function renewLease(
  db: DbOrTx,
  deps: MassActivationDeps,
  run: string,
  owner: string,
  values: Parameters<typeof repo.updateLeasedRun>[3] = {},
): Promise<void> {
  if (!(await repo.updateLeasedRun(db, run, owner, { ...values, lease_until: leaseEnd(deps) }))) throw new LeaseLost();
}

/**
 * Makes a run's accounts, links and e-mails batch by batch, as the holder of its lease. A run taken over goes on
 * after its cursor with the counts its batches committed; the registry is read again, and an installer a batch
 * handled already has a live link, so even a batch read twice sends nothing twice.
 */
async function prepare(deps: MassActivationDeps, run: string, owner: string): Promise<void> {
  // The lease is renewed on a clock while the run lives, not only per batch: a slow batch (a busy database) keeps
  // its run; only a dead process stops renewing and loses it.
  let lost = false;
  const heartbeat = setInterval(
    () => {
      repo.updateLeasedRun(deps.db, run, owner, { lease_until: leaseEnd(deps) }).then(
        (held) => {
          lost ||= !held;
        },
        () => {},
      );
    },
    (deps.leaseSeconds * 1000) / 3,
  );
  heartbeat.unref();
  try {
    const row = await repo.runByUuid(deps.db, run);
    if (!row || row.finished_at !== '') return;
    const { perAddress, pending } = await readRegistry(deps.db);
    const resumed = row.cursor !== '';
    let counts: Counts = resumed
      ? row
      : {
          candidati: pending.length,
          accodati: 0,
          senza_email: 0,
          email_non_valida: 0,
          email_condivisa: 0,
          link_validi: 0,
        };
    const todo = resumed ? pending.filter((c) => c.uuid > row.cursor) : pending;
    await renewLease(deps.db, deps, run, owner, pick(counts));
    for (let i = 0; i < todo.length && !lost; i += BATCH) {
      const batch = todo.slice(i, i + BATCH);
      // An address a save gave another account while the batch ran fails its login insert: the batch runs again
      // and finds the address taken.
      counts = await retryOnLoginCollision(() => activateBatch(deps, run, owner, batch, perAddress, counts));
      // The sender starts on each batch's e-mails while the next batch is prepared.
      deps.onQueued();
    }
    await renewLease(deps.db, deps, run, owner, { ...pick(counts), finished_at: nowIso(), lease_owner: '' });
  } catch (err) {
    // Another instance holds the run now (this one stalled past its lease): it goes on from the last commit.
    if (!(err instanceof LeaseLost)) throw err;
  } finally {
    clearInterval(heartbeat);
  }
}

const pick = (c: Counts): Counts => ({
  candidati: c.candidati,
  accodati: c.accodati,
  senza_email: c.senza_email,
  email_non_valida: c.email_non_valida,
  email_condivisa: c.email_condivisa,
  link_validi: c.link_validi,
});

/**
 * Every instance calls this on a timer (main.ts): a run whose lease expired, because the process running it died,
 * is claimed by exactly one instance (a compare-and-set on its lease) and goes on there.
 */
export async function resumeMassActivations(deps: MassActivationDeps): Promise<number> {
  let taken = 0;
  for (const run of await repo.runsWithExpiredLease(deps.db, nowIso())) {
    const owner = newId();
    if (!(await repo.claimRun(deps.db, run.uuid, run.lease_owner, run.lease_until, owner, leaseEnd(deps)))) continue;
    taken += 1;
    deps.background.run('sendmassive', () => prepare(deps, run.uuid, owner));
  }
  return taken;
}

/**
 * POST /api/sendmassive: starts a press and answers at once with it; the accounts, links and e-mails are made in
 * the background, batch by batch, and GET /api/sendmassive shows how far it is. One press at a time.
 */
export async function startMassActivation(deps: MassActivationDeps, viewer: Viewer): Promise<MassActivation> {
  const last = await repo.latestRun(deps.db);
  const now = nowIso();
  // An unfinished run is always somebody's: its runner's, or, when that process died, the next to take its lease.
  if (last && last.finished_at === '') throw new HttpError(409, ALREADY_RUNNING);
  const owner = newId();
  const run: MassActivationsTable = {
    uuid: newId(),
    started_by: viewer.userUuid,
    started_at: now,
    finished_at: '',
    candidati: 0,
    accodati: 0,
    senza_email: 0,
    email_non_valida: 0,
    email_condivisa: 0,
    link_validi: 0,
    lease_owner: owner,
    lease_until: leaseEnd(deps),
    cursor: '',
  };
  await deps.db.transaction().execute(async (tx) => {
    await repo.insertRun(tx, run);
    await recordAudit(tx, {
      actor: viewer.userUuid,
      action: 'attivazione-massiva',
      entity: 'utente',
      entityId: run.uuid,
    });
  });
  deps.background.run('sendmassive', () => prepare(deps, run.uuid, owner));
  return { ...shownRun(run), inviati: 0, in_attesa: 0, falliti: 0 };
}

/** GET /api/sendmassive: the latest press with its e-mails' progress in the queue, or null. */
export async function latestMassActivation(db: Db): Promise<MassActivation | null> {
  const run = await repo.latestRun(db);
  if (!run) return null;
  return { ...shownRun(run), ...(await repo.queueCounts(db, run.uuid)) };
}

function shownRun(run: MassActivationsTable) {
  const { started_by: _by, lease_owner: _owner, lease_until: _until, cursor: _cursor, ...shown } = run;
  return shown;
}
