import type { AuditEntity } from '@portal/shared/schemas/audit';
import { msg } from '@portal/shared/messages-it';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { sha256 } from '../../lib/tokens.ts';
import { HttpError } from '../../plugins/error-envelope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { addressTakenFor, loginTaken, syncAccountEmail } from './accounts.service.ts';
import * as repo from './email-changes.repository.ts';
import * as users from './users.repository.ts';

/** Where a person record's history is kept: an admin has no registry of their own, their account's is theirs. */
const entityOf: Record<users.PersonTable, AuditEntity> = {
  posatori: 'posatore',
  capoarea: 'capoarea',
  rivenditori: 'rivenditore',
  admins: 'utente',
};

/** Why a link cannot change the address, in words the page shows as they are. */
async function refusal(db: Db, tokenHash: string, now: string): Promise<HttpError> {
  const link = await repo.findEmailChange(db, tokenHash);
  if (!link) return new HttpError(400, msg.linkEmailNonValido);
  if (link.used_at !== null) return new HttpError(400, msg.linkEmailUsato);
  return new HttpError(400, link.expires_at <= now ? msg.linkEmailScaduto : msg.linkEmailNonValido);
}

/**
 * POST /auth/email/confirm {token}: the link sent to the new address of an own change. In one transaction: the
 * link used up (one statement, so two openings cannot both pass), the account's address and every person record of
 * the account given the new one, each change in the audit trail as the person's own, and the notice to the old
 * address queued (syncAccountEmail). An address another account took since the request is refused, and the link
 * stays unused. Needs no session: the link may be opened on another device.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<void> {
  const now = nowIso();
  const tokenHash = sha256(token);
  const done = await db
    .transaction()
    .execute(async (tx) => {
      const change = await repo.consumeEmailChange(tx, tokenHash, now);
      if (!change) return false;
      const owner = change.user_uuid;
      if (await addressTakenFor(tx, owner, change.email)) throw new HttpError(400, msg.utenteEsistente);
      for (const person of await users.peopleOfAccount(tx, owner)) {
        if (person.email === change.email) continue;
        await users.setPersonEmail(tx, person.table, person.uuid, change.email, now);
        await recordAudit(tx, {
          actor: owner,
          action: 'modifica',
          entity: entityOf[person.table],
          entityId: person.table === 'admins' ? owner : person.uuid,
          changes: [{ field: 'email', before: person.email || null, after: change.email }],
        });
      }
      await syncAccountEmail(tx, owner, change.email);
      return true;
    })
    .catch((err: unknown) => {
      // Another account took the address between the check and the write: the unique login decides.
      if (loginTaken(err)) throw new HttpError(400, msg.utenteEsistente);
      throw err;
    });
  if (!done) throw await refusal(db, tokenHash, now);
}

/** GET /auth/email: the own change waiting for its link, if any (the profile says it is pending). */
export async function pendingEmailChange(
  db: Db,
  userUuid: string,
): Promise<{ email: string; expiresAt: string } | null> {
  const row = await repo.pendingEmailChange(db, userUuid, nowIso());
  return row ? { email: row.email, expiresAt: row.expires_at } : null;
}
