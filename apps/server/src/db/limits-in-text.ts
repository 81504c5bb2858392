import {
  LimitNode,
  OffsetNode,
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * SQLite (3.54, as better-sqlite3 builds it) prepares a statement again on every execution that binds its LIMIT or
 * OFFSET (its planner marks such a parameter "re-prepare on bind"; docs/performance/lists.md, "Statements SQLite
 * keeps"): for a reach's six-part page of keys that is about 70 µs a request, more than reading the page, and the
 * statement cache (db/sqlite-file.ts) saves nothing. Written into the SQL text, a LIMIT or OFFSET is part of the
 * statement the cache keeps: a list's first page, the one most asked, is prepared once. Only whole numbers from 0 up
 * are written so; anything else stays a parameter.
 */
class LimitsAsLiterals extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const limit = super.transformLimit(node);
    return LimitNode.create(literalCount(limit.limit));
  }

  protected override transformOffset(node: OffsetNode): OffsetNode {
    const offset = super.transformOffset(node);
    return OffsetNode.create(literalCount(offset.offset));
  }
}

const literalCount = (node: OperationNode): OperationNode =>
  ValueNode.is(node) && !node.immediate && Number.isSafeInteger(node.value) && Number(node.value) >= 0
    ? ValueNode.createImmediate(node.value)
    : node;

/** The plugin of the SQLite handles (db/connect.ts, db/read-lane.ts): every LIMIT and OFFSET in the SQL text. */
export class LimitsInText implements KyselyPlugin {
  readonly #transformer = new LimitsAsLiterals();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
