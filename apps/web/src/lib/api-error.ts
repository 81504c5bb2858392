/** A failed call, carrying the Italian reason to show and, for bad input, the per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(status: number, reason: string, fields?: Record<string, string>) {
    super(reason);
    this.name = 'ApiError';
    this.status = status;
    this.reason = reason;
    this.fields = fields;
  }
}

/** The Italian text for any error a query or mutation may throw. */
export function errorReason(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.reason : fallback;
}
