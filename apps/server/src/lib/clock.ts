/** ISO 8601 UTC timestamps: stored as text so they sort and compare the same on SQLite and PostgreSQL. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function addMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Italy, YYYY-MM-DD: what "expired" and "expiring" mean to the people using the portal. */
export function todayInRome(now: Date = new Date()): string {
  return romeDay.format(now);
}

/** A YYYY-MM-DD date moved by days (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date moved by months; a day the target month lacks becomes its last day (2028-02-29 + 12 = 2029-02-28). */
export function addMonths(isoDate: string, months: number): string {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** How long, in the words a person reads: seconds under a minute and a half, minutes after. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return s === 1 ? '1 secondo' : `${s} secondi`;
  return `${Math.ceil(s / 60)} minuti`;
}
