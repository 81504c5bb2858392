import { createQueryId, type CompiledQuery, type QueryId, type RootOperationNode } from 'kysely';
import type { DbOrTx } from '../../src/db/database.ts';

/**
 * `db` as a handle that records every statement run through it, compiled, in the order their results came back:
 * those its query builders build and execute, and those compiled before and run with `executeQuery` (a remembered
 * list's page, a `rowsByKeys` template), which a plugin alone never sees, since they are not transformed again and
 * their query id is not their builder's. Queries only built into others (a list's arms) are not recorded.
 */
export function recording<D extends DbOrTx>(db: D, into: CompiledQuery[]): D {
  const seen = new Map<QueryId, RootOperationNode>();
  const watched = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      seen.set(queryId, node);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      const node = seen.get(queryId);
      if (node) into.push(db.getExecutor().compileQuery(node, createQueryId()));
      return result;
    },
  }) as D;
  const executeQuery = watched.executeQuery.bind(watched);
  Object.defineProperty(watched, 'executeQuery', {
    value: (query: Parameters<typeof executeQuery>[0], options?: Parameters<typeof executeQuery>[1]) => {
      // Compiled before, elsewhere than by this handle's builders: the plugin does not know its id.
      if (!('compile' in query) && !seen.has(query.queryId)) into.push(query);
      return executeQuery(query, options);
    },
  });
  return watched;
}
