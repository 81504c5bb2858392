import { z } from 'zod';
import { roles, type Role } from '../roles.ts';
import { isIsoDate } from '../validation/common.ts';
import { validationMsg } from '../validation/messages.ts';
import { roleSchema } from './auth.ts';

/**
 * Usage statistics (/admin/sessions; GET /api/sessions and its workbook GET /api/exports/sessions). The range is
 * dal..al, both days included (YYYY-MM-DD, days in Italy); without them the last 30 days up to today. At most
 * SESSIONS_MAX_DAYS days, so a request's cost stays bounded.
 */
export const SESSIONS_DEFAULT_DAYS = 30;
export const SESSIONS_MAX_DAYS = 731;

const day = z.string().refine(isIsoDate, validationMsg.dataNonValida);

/** Days from dal to al, both included (ISO dates compare and subtract as UTC days). */
export function daysBetween(dal: string, al: string): number {
  return Math.round((Date.parse(`${al}T00:00:00Z`) - Date.parse(`${dal}T00:00:00Z`)) / 86_400_000) + 1;
}

export const sessionsQuery = z.object({ dal: day.optional(), al: day.optional() }).superRefine((q, ctx) => {
  if (!q.dal || !q.al || !isIsoDate(q.dal) || !isIsoDate(q.al)) return;
  if (q.al < q.dal) ctx.addIssue({ code: 'custom', path: ['al'], message: validationMsg.fineDopoInizio });
  else if (daysBetween(q.dal, q.al) > SESSIONS_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['al'], message: validationMsg.intervalloTroppoLungo(SESSIONS_MAX_DAYS) });
  }
});
export type SessionsQuery = z.infer<typeof sessionsQuery>;

const count = z.number().int();
/** A figure for each role, in the order of roles.ts. */
export const roleCounts = z.object({ admin: count, posatore: count, capoarea: count, rivenditori: count });
export type RoleCounts = z.infer<typeof roleCounts>;

/** The role names as the statistics show them. */
export const sessionRoleLabels: Record<Role, string> = {
  admin: 'Amministratori',
  posatore: 'Posatori',
  capoarea: 'Capi area',
  rivenditori: 'Rivenditori',
};
export const sessionRoles = roles;

export const sessionsReply = z.object({
  /** The range answered (the defaults filled in). */
  dal: z.string(),
  al: z.string(),
  /** Every day of the range: logins by role, document downloads and message reads (openings of a received one). */
  giorni: z.array(z.object({ giorno: z.string(), accessi: roleCounts, download: count, letture: count })),
  /** Per role over the range; attivi7 and attivi30: people with a recorded event in the 7 and 30 days up to al. */
  ruoli: z.array(
    z.object({ ruolo: roleSchema, accessi: count, download: count, letture: count, attivi7: count, attivi30: count }),
  ),
  /** Installers today by profile stato (label from /api/cbostato). */
  posatoriStato: z.array(z.object({ stato: z.string(), label: z.string(), n: count })),
  /** Installers today by province and stato, most first; sigla '' for those without a province. */
  posatoriProvince: z.array(
    z.object({ sigla: z.string(), provincia: z.string(), ok: count, incompleto: count, sospeso: count, totale: count }),
  ),
  /** Each month the range touches (YYYY-MM-01): coupons assigned, redeemed and expired in it, within the range. */
  coupon: z.array(z.object({ mese: z.string(), assegnati: count, utilizzati: count, scaduti: count })),
  /** The resellers with most redemptions in the range, most first (at most 10). */
  rivenditori: z.array(z.object({ uuid: z.string(), ragsoc: z.string(), state: z.string(), utilizzati: count })),
});
export type SessionsReply = z.infer<typeof sessionsReply>;
export type SessionDay = SessionsReply['giorni'][number];
