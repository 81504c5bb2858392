/**
 * One person's recorded use of the portal on one day (migration 2026-11-25-15): their landing role, and how many
 * logins, document downloads and message reads that day. Written by one upsert per event (recordUsage).
 */
export interface UsageDaysTable {
  /** YYYY-MM-DD, the day in Italy */
  day: string;
  role: string;
  user_uuid: string;
  logins: number;
  downloads: number;
  reads: number;
}
