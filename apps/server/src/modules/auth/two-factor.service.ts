import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { msg } from '@portal/shared/messages-it';
import { qrMatrix } from '@portal/shared/coupon-qr';
import type { Role } from '@portal/shared/roles';
import type { Db } from '../../db/database.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { qrPng } from '../../lib/qr-png.ts';
import { sha256 } from '../../lib/tokens.ts';
import { fieldsRefused, HttpError } from '../../plugins/error-envelope.ts';
import type { UsageRecorder } from '../usage-statistics/usage-statistics.service.ts';
import type { SessionStage } from './auth.table.ts';
import { THROTTLE } from './login.service.ts';
import { openSession, type Client, type SessionSettings } from './session-opening.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as sessions from './sessions.repository.ts';
import * as throttles from './throttles.repository.ts';
import * as twoFactor from './two-factor.repository.ts';
import * as users from './users.repository.ts';

export type TwoFactorDeps = {
  db: Db;
  session: SessionSettings;
  usage: UsageRecorder;
  /** In production the roles below must have a second factor: they are sent to enrol after the password. */
  production: boolean;
};

/** The roles that reach every installer's personal data: their accounts must have a second factor in production. */
const mandatoryRoles: readonly Role[] = ['admin', 'capoarea'];
const ISSUER = 'Portale Posatori';
const RECOVERY_CODES = 10;
/** A code of the step before or after the server's is accepted too: a phone's clock a few seconds off still works. */
const TOLERANCE_SECONDS = 30;

const refusedCode = () => fieldsRefused({ code: msg.codiceNonValido }, 'first-message');
const normalizeRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
/** 50 random bits a code, as 'xxxxx-xxxxx' of lower-case letters and digits (no 0/o, 1/l to misread). */
const recoveryAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
const newRecoveryCode = (): string => {
  const chars = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/**
 * The second login factor (TOTP, RFC 6238): enrolment, the login's second step, switching it off. Wrong codes
 * count in the login's throttle, per account and address and per address, so a code is guessed no faster than a
 * password (docs/decisions/0003, 0024).
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db } = deps;

  /** What a right password opens: a full session, or the wait for the code, or the enrolment the role needs. */
  async function stageAfterPassword(userUuid: string, roles: readonly Role[]): Promise<SessionStage> {
    if (await twoFactor.hasTwoFactor(db, userUuid)) return '2fa';
    return mustHave(roles) ? 'enrol' : 'full';
  }

  const mustHave = (roles: readonly Role[]) => deps.production && roles.some((r) => mandatoryRoles.includes(r));

  const failureKeys = (userUuid: string, ip: string) => [throttles.accountFailureKey(userUuid, ip), `ip:${ip}`];

  async function throttled(userUuid: string, ip: string): Promise<boolean> {
    const since = addMinutes(nowIso(), -THROTTLE.windowMinutes);
    const [user, address] = await Promise.all(
      failureKeys(userUuid, ip).map((k) => throttles.countFailures(db, k, since)),
    );
    return (user ?? 0) >= THROTTLE.perUser || (address ?? 0) >= THROTTLE.perAddress;
  }

  async function recordFailure(userUuid: string, ip: string): Promise<void> {
    const now = nowIso();
    for (const key of failureKeys(userUuid, ip)) await throttles.recordFailure(db, key, now);
  }

  /** The TOTP time step a code matches (after the last one accepted), or undefined. */
  async function matchingStep(secret: string, code: string, afterStep: number): Promise<number | undefined> {
    if (!/^\d{6}$/.test(code)) return undefined;
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(Date.parse(nowIso()) / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      afterTimeStep: afterStep,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  /** A code of the enabled factor: a TOTP code not used before, or an unused recovery code, which it uses up. */
  async function codeAccepted(userUuid: string, code: string): Promise<boolean> {
    const row = await twoFactor.findTwoFactor(db, userUuid);
    if (!row?.enabled_at) return false;
    const step = await matchingStep(row.secret, code, row.last_step);
    if (step !== undefined) return twoFactor.acceptStep(db, userUuid, step);
    // A recovery code used is worth an entry: it means the phone was not at hand (or someone else has the codes).
    return db.transaction().execute(async (tx) => {
      const used = await twoFactor.useRecoveryCode(tx, userUuid, sha256(normalizeRecovery(code)), nowIso());
      if (used)
        await recordAudit(tx, { actor: userUuid, action: 'codice-recupero', entity: 'utente', entityId: userUuid });
      return used;
    });
  }

  /** Checks a code under the throttle: a wrong one counts as a failed login, a lock answers like a wrong one. */
  async function checkCode(userUuid: string, code: string, ip: string): Promise<void> {
    if (await throttled(userUuid, ip)) throw refusedCode();
    if (await codeAccepted(userUuid, code)) return;
    await recordFailure(userUuid, ip);
    throw refusedCode();
  }

  /** POST /auth/2fa/setup: a new secret, waiting for the first code; refused when the factor is already on. */
  async function setup(userUuid: string) {
    if (await twoFactor.hasTwoFactor(db, userUuid)) throw new HttpError(400, msg.dueFattoriGiaAttiva);
    const account = await users.findUserByUuid(db, userUuid);
    const secret = generateSecret();
    await twoFactor.startEnrolment(db, userUuid, secret, nowIso());
    const otpauthUrl = generateURI({ issuer: ISSUER, label: account?.username ?? '', secret });
    return { secret, otpauthUrl, qr: qrPng(qrMatrix(otpauthUrl), 6) };
  }

  /**
   * POST /auth/2fa/enable {code}: the first code proves the authenticator holds the secret; the answer carries the
   * recovery codes, stored only as their hashes. From an enrolment session the browser is then logged in: the
   * answer's token replaces that session.
   */
  async function enable(
    userUuid: string,
    code: string,
    client: Client,
    enrolment: boolean,
  ): Promise<{ recoveryCodes: string[]; token?: string }> {
    const row = await twoFactor.findTwoFactor(db, userUuid);
    if (row?.enabled_at) throw new HttpError(400, msg.dueFattoriGiaAttiva);
    if (!row) throw new HttpError(400, msg.dueFattoriNonAvviata);
    if (await throttled(userUuid, client.ip)) throw refusedCode();
    const step = await matchingStep(row.secret, code, row.last_step);
    if (step === undefined) {
      await recordFailure(userUuid, client.ip);
      throw refusedCode();
    }
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const hashes = recoveryCodes.map((c) => sha256(normalizeRecovery(c)));
    const enabled = await db.transaction().execute(async (tx) => {
      const done = await twoFactor.enable(tx, userUuid, step, hashes, nowIso());
      if (done)
        await recordAudit(tx, { actor: userUuid, action: '2fa-attivata', entity: 'utente', entityId: userUuid });
      return done;
    });
    if (!enabled) throw new HttpError(400, msg.dueFattoriGiaAttiva);
    if (!enrolment) return { recoveryCodes };
    return { recoveryCodes, token: await logIn(userUuid, client) };
  }

  /** The full session that a finished second step or enrolment opens in place of the pending one. */
  async function logIn(userUuid: string, client: Client): Promise<string> {
    const roles = await sessions.rolesOf(db, userUuid);
    const token = await openSession(db, deps.session, { userUuid, roles, client });
    await throttles.clearFailures(db, throttles.accountFailureKey(userUuid, client.ip));
    await recordAudit(db, { actor: userUuid, action: 'login', entity: 'utente', entityId: userUuid });
    await deps.usage('login', { userUuid, roles });
    return token;
  }

  /** POST /auth/2fa/verify {code}: the login's second step; the roles of the session it opens. */
  async function verifyLogin(userUuid: string, code: string, client: Client) {
    await checkCode(userUuid, code, client.ip);
    const token = await logIn(userUuid, client);
    return { token, roles: await sessions.rolesOf(db, userUuid) };
  }

  /**
   * POST /auth/2fa/disable {pwd, code}: the password and a code, both, so a session left open on a shared computer
   * cannot switch the factor off. Refused in production for the roles that must keep it.
   */
  async function disable(userUuid: string, roles: readonly Role[], pwd: string, code: string, ip: string) {
    if (mustHave(roles)) throw new HttpError(400, msg.dueFattoriObbligatoria);
    if (!(await twoFactor.hasTwoFactor(db, userUuid))) throw new HttpError(400, msg.dueFattoriNonAttiva);
    if (await throttled(userUuid, ip)) throw refusedCode();
    const account = await users.findUserByUuid(db, userUuid);
    if (!(await verifyPassword(account?.password_hash ?? null, pwd))) {
      await recordFailure(userUuid, ip);
      throw fieldsRefused({ pwd: msg.passwordErrata }, 'first-message');
    }
    await checkCode(userUuid, code, ip);
    await db.transaction().execute(async (tx) => {
      await twoFactor.removeTwoFactor(tx, userUuid);
      await recordAudit(tx, { actor: userUuid, action: '2fa-disattivata', entity: 'utente', entityId: userUuid });
    });
  }

  /** GET /auth/2fa: whether the account logs in with a second factor, and whether its role must keep it. */
  async function twoFactorState(userUuid: string, roles: readonly Role[]) {
    return { enabled: await twoFactor.hasTwoFactor(db, userUuid), mandatory: mustHave(roles) };
  }

  return { stageAfterPassword, setup, enable, verifyLogin, disable, twoFactorState };
}
