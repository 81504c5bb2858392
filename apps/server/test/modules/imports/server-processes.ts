import type { TestContext } from '../../helpers.ts';

/** The environment of a real server process on the test's database (its private schema on PostgreSQL). */
export function serverEnv(ctx: TestContext): NodeJS.ProcessEnv {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) return { DATA_DIR: ctx.config.dataDir, LOG_LEVEL: 'silent' };
  const u = new URL(pgUrl);
  u.searchParams.set('options', `-c search_path=${ctx.schema}`);
  return { DATABASE_URL: u.toString(), LOG_LEVEL: 'silent' };
}

/** A JSON call to a server process as the logged-in cookie; anything but a 2xx throws. */
export async function call<T>(url: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}
