/** ISO 8601 UTC timestamps: stored as text so they sort and compare the same on SQLite and PostgreSQL. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function addMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}
