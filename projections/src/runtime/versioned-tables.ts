import { IdentifierNode, OperationNodeTransformer, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type SchemableIdentifierNode, type UnknownRow } from 'kysely';
import { versionedTable } from './definition';

class VersionedTableTransformer extends OperationNodeTransformer {
  constructor(private readonly renames: ReadonlyMap<string, string>) {
    super();
  }

  protected override transformSchemableIdentifier(node: SchemableIdentifierNode): SchemableIdentifierNode {
    const transformed = super.transformSchemableIdentifier(node);
    const renamed = transformed.schema ? undefined : this.renames.get(transformed.identifier.name);
    return renamed ? { ...transformed, identifier: IdentifierNode.create(renamed) } : transformed;
  }
}

/**
 * Rewrites the bare table names of a projection (`calendar_cells`) to one version's tables
 * (`calendar_cells_v3`) in every query, column references included, so appliers stay typed
 * against the bare names.
 */
export class VersionedTablesPlugin implements KyselyPlugin {
  readonly #transformer: VersionedTableTransformer;

  constructor(tables: readonly string[], version: number) {
    this.#transformer = new VersionedTableTransformer(new Map(tables.map((t) => [t, versionedTable(t, version)])));
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
