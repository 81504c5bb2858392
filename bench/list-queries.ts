/**
 * npm run bench:queries: the CPU a list request spends building and compiling its queries, apart from the database
 * and HTTP. The installer list's count and page run as the service runs them, over a Kysely whose driver answers
 * from memory (a count, the data versions, 20 keys, their rows) and runs no SQL, in each dialect, for the admin
 * (every installer) and an area manager's reach of six parts (his own installers and five provinces):
 * - "same list": the same request over and over, as the admins' list page 1 or a manager's own list;
 * - "new list each time": a province filter never asked for before, so no remembered list is found;
 * and what every area manager's request reads first: the session, then the manager with his provinces.
 * docs/performance/lists.md has the figures.
 */
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import { pagedList } from '../apps/server/src/lib/paging.ts';
import { findLiveSession } from '../apps/server/src/modules/auth/sessions.repository.ts';
import { capoareaOfUser } from '../apps/server/src/modules/capoarea/capoarea.repository.ts';
import {
  countPosatori,
  listPosatori,
  type PosatoriFilters,
  type PosatoriScope,
} from '../apps/server/src/modules/posatori/posatori.repository.ts';

const session = {
  id: 'sid',
  user_uuid: 'user-1',
  absolute_expires_at: '2999-01-01T00:00:00.000Z',
  roles: 'capoarea',
  stage: 'full',
  username: 'capoarea',
};

/**
 * Answers by the query's shape: enough for the service to go through a count and a page of 20, and for a session
 * and an area manager's provinces.
 */
class MemoryConnection implements DatabaseConnection {
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const text = query.sql;
    const keys = Array.from({ length: 20 }, (_, i) => ({ uuid: `u${i}`, lastname_key: 'k', name_key: 'n' }));
    const rows: unknown[] = text.includes('"sessions"')
      ? [session]
      : text.includes('"capoarea_provs"')
        ? ['MI', 'MB', 'LO', 'CO', 'VA'].map((prov) => ({ uuid: 'ca-1', owner: 'ca-1', prov }))
        : text.includes('count(*)')
          ? [{ n: 50_000 }]
          : text.includes('list_versions')
            ? [{ name: 'posatori', version: 1 }]
            : text.includes('"posatori"."uuid" in')
              ? keys.map((k) => ({ ...k, name: 'Mario', lastname: 'Rossi' }))
              : keys;
    return Promise.resolve({ rows: rows as R[] });
  }
  // The bench never streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {}
}

class MemoryDriver implements Driver {
  async init() {}
  async acquireConnection() {
    return new MemoryConnection();
  }
  async beginTransaction() {}
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {}
}

const dialects: Record<'SQLite' | 'PostgreSQL', Dialect> = {
  SQLite: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new MemoryDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
  PostgreSQL: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new MemoryDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
};

const scopes: Record<string, PosatoriScope> = {
  admin: { all: true },
  'area manager, 6 parts': { all: false, capoarea: { uuid: 'ca-1', provs: ['MI', 'MB', 'LO', 'CO', 'VA'] } },
};

const runs = 20_000;
for (const [dialectName, dialect] of Object.entries(dialects)) {
  const db = new Kysely<Database>({ dialect });
  for (const [scopeName, scope] of Object.entries(scopes)) {
    for (const fresh of [false, true]) {
      let n = 0;
      const request = () => {
        const f: PosatoriFilters = fresh ? { state: `P${n++}` } : {};
        return pagedList(
          { page: 1, size: 20 },
          () => countPosatori(db, scope, f),
          (win, reccount) => listPosatori(db, scope, f, 'cognome', win, reccount),
          (r) => r,
        );
      };
      for (let i = 0; i < 2_000; i++) await request();
      const started = process.cpuUsage();
      for (let i = 0; i < runs; i++) await request();
      const used = process.cpuUsage(started);
      const us = (used.user + used.system) / runs;
      const line = `${dialectName}, ${scopeName}, ${fresh ? 'new list each time' : 'same list'}`;
      console.log(`${line.padEnd(62)} ${us.toFixed(1).padStart(6)} µs per request`);
    }
  }
  // What an area manager's request reads before its own queries: the session, then the manager and his provinces.
  const before = async () => {
    const live = await findLiveSession(db, 'sid', new Date().toISOString());
    return capoareaOfUser(db, live?.userUuid ?? '');
  };
  for (let i = 0; i < 2_000; i++) await before();
  const started = process.cpuUsage();
  for (let i = 0; i < runs; i++) await before();
  const used = process.cpuUsage(started);
  const line = `${dialectName}, session and area manager's provinces`;
  console.log(`${line.padEnd(62)} ${((used.user + used.system) / runs).toFixed(1).padStart(6)} µs per request`);
  await db.destroy();
}
