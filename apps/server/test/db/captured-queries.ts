import type { KyselyPlugin, RootOperationNode } from 'kysely';

/** The queries run through the plugin's database (not the arms it merely builds into them). */
export function capturing(into: RootOperationNode[]): KyselyPlugin {
  const seen = new Map<unknown, RootOperationNode>();
  return {
    transformQuery: ({ node, queryId }) => {
      seen.set(queryId, node);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      const node = seen.get(queryId);
      if (node) into.push(node);
      return result;
    },
  };
}
