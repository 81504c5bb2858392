import { landingRole } from '@portal/shared/roles';
import { adminProfileForm, type MyProfile } from '@portal/shared/schemas/me';
import { normalizeLogin } from '@portal/shared/validation/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { checkedBody, forbidden, notFound } from '../../plugins/error-envelope.ts';
import type { AuthContext } from '../../plugins/session.ts';
import * as accounts from '../auth/accounts.service.ts';
import { changesOf, recordAudit } from '../audit/audit.service.ts';
import * as capoarea from '../capoarea/capoarea.service.ts';
import * as rivenditori from '../rivenditori/rivenditori.service.ts';
import * as repo from './me.repository.ts';

/**
 * GET /api/myprofile: the current user's own record, as the role they land in. Installers edit theirs through
 * /api/posatori/{uuid}, the one installer form (403 here).
 */
export async function getMyProfile(db: Db, auth: AuthContext): Promise<MyProfile> {
  switch (landingRole(auth.roles)) {
    case 'admin': {
      const a = await repo.adminProfileOf(db, auth.userUuid);
      if (!a) throw notFound();
      const { uuid, name, lastname, email, phone, img, username } = a;
      return {
        role: 'admin',
        uuid,
        name,
        lastname,
        email,
        phone,
        img,
        username,
        stato: accounts.accountStatoOf(a.userstato),
      };
    }
    case 'capoarea':
      return { role: 'capoarea', ...(await capoarea.getOwn(db, auth.userUuid)) };
    case 'rivenditori':
      return { role: 'rivenditori', ...(await rivenditori.getOwn(db, auth.userUuid)) };
    default:
      throw forbidden();
  }
}

/**
 * POST /api/myprofile: the record of the same shape, checked with that role's own form (username, stato and what
 * the admin assigns stay as they are). /api/avatar and /api/me read the same rows, so they show the change at once.
 * A new e-mail waits for the link sent to it (accounts.saveOwnPerson).
 */
export async function saveMyProfile(
  db: Db,
  auth: AuthContext,
  body: unknown,
  links: accounts.EmailLinks,
): Promise<void> {
  switch (landingRole(auth.roles)) {
    case 'admin': {
      const record = checkedBody(adminProfileForm, body);
      const a = await repo.adminProfileOf(db, auth.userUuid);
      if (!a) throw notFound();
      const account = { userUuid: a.user_uuid, stored: a.email, email: record.email };
      await accounts.saveOwnPerson(db, adminProfileForm, links, account, async (tx, email) => {
        const values = { ...record, email: normalizeLogin(email) };
        await repo.updateAdmin(tx, a.uuid, values, nowIso());
        // An admin has no registry of their own: their profile's history is their account's.
        const changes = changesOf(a, values);
        await recordAudit(tx, {
          actor: auth.userUuid,
          action: 'modifica',
          entity: 'utente',
          entityId: auth.userUuid,
          changes,
        });
      });
      return;
    }
    case 'capoarea':
      return capoarea.saveOwn(db, auth.userUuid, body, links);
    case 'rivenditori':
      return rivenditori.saveOwn(db, auth.userUuid, body, links);
    default:
      throw forbidden();
  }
}
