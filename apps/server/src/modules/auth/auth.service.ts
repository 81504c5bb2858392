import type { Db } from '../../db/database.ts';
import type { Background } from '../../lib/background.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { UsageRecorder } from '../usage-statistics/usage-statistics.service.ts';
import { confirmEmailChange, pendingEmailChange } from './email-changes.service.ts';
import { createLoginService } from './login.service.ts';
import { createPasswordResetService } from './password-resets.service.ts';
import { createSessionService, type SessionSettings } from './session-opening.service.ts';
import { createTwoFactorService } from './two-factor.service.ts';

export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
  session: SessionSettings;
  /** Counts the login for the usage statistics; never fails it. */
  usage: UsageRecorder;
  /** NODE_ENV=production: admins and area managers must have a second factor. */
  production: boolean;
};

/**
 * The /auth routes' services, one per part: the login, its second factor, the session they open (renewal,
 * logout), password resets and activations, and the confirmation of an own change of address.
 */
export function createAuthService(deps: AuthDeps) {
  const twoFactor = createTwoFactorService(deps);
  return {
    ...createLoginService({ ...deps, stageAfterPassword: twoFactor.stageAfterPassword }),
    ...twoFactor,
    ...createSessionService(deps.db, deps.session),
    ...createPasswordResetService(deps),
    confirmEmailChange: (token: string) => confirmEmailChange(deps.db, token),
    pendingEmailChange: (userUuid: string) => pendingEmailChange(deps.db, userUuid),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
