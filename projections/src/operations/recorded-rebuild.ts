import type pg from 'pg';
import { projectionOperationsAggregate, type ProjectionName, type ProjectionOperationCommand } from '@studio/domain';
import { createCommandHandler, type CommandContext, type EventStore } from '@studio/platform';
import { findProjection } from '../projections';
import { rebuildProjection, type RebuildOptions, type RebuildProgress, type RebuildResult } from '../runtime/rebuild';
import { rebuildProgressWriter } from './rebuild-progress';

/** Who records what the projections process itself decides about a rebuild (its outcome, a lost one). */
export const REBUILD_ACTOR = 'system:projections';

export interface RecordedRebuildDeps {
  store: EventStore;
  pool: pg.Pool;
  publish?: RebuildOptions['publish'];
  log: (message: string, error?: unknown) => void;
  /** Told beside the console's progress row, e.g. the command line's progress bar. */
  onProgress?: (progress: RebuildProgress) => void;
}

export const recordRebuild = (store: EventStore, command: ProjectionOperationCommand, context: CommandContext) =>
  createCommandHandler(store).handle(projectionOperationsAggregate, command, context);

/** A failure's reason as the operations stream keeps it. */
export const failureReason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Runs a rebuild whose request is recorded, the same for the console's job and the command line:
 * compared before the switch, its progress in `projection_rebuilds` for the console, its end
 * recorded as `context`'s event: finished (switched or kept), or failed with the reason, rethrown.
 */
export async function runRecordedRebuild(deps: RecordedRebuildDeps, request: { rebuildId: string; projection: ProjectionName }, context: CommandContext): Promise<RebuildResult> {
  const { store, pool, publish, log, onProgress } = deps;
  const { rebuildId, projection: name } = request;
  const projection = findProjection(name);
  if (!projection) throw new Error(`No projection ${name} in this code`);
  const progress = rebuildProgressWriter(pool, name, rebuildId, log);
  const started = Date.now();
  let last: RebuildProgress = { applied: 0, total: 0, elapsedMs: 0 };
  progress.update(last);
  let result: RebuildResult;
  try {
    result = await rebuildProjection({
      store,
      pool,
      projection,
      compare: true,
      ...(publish ? { publish } : {}),
      onProgress: (reported) => {
        last = reported;
        progress.update(reported);
        onProgress?.(reported);
      },
    });
  } catch (error) {
    // The rebuild's own error is the one to tell; a failure to record it is only logged.
    await recordRebuild(store, { type: 'RecordProjectionRebuildFailed', data: { rebuildId, projection: name, reason: failureReason(error) } }, context).catch((recordError: unknown) =>
      log(`could not record the failure of rebuild ${rebuildId}`, recordError),
    );
    throw error;
  } finally {
    await progress.finish(last);
  }
  const comparison = result.comparison ?? { compared: false, equal: false, position: result.position, tables: [] };
  await recordRebuild(
    store,
    {
      type: 'RecordProjectionRebuildFinished',
      data: { rebuildId, projection: name, outcome: result.switched ? 'switched' : 'kept', previousVersion: result.previousVersion, version: result.version, applied: result.applied, elapsedMs: Date.now() - started, comparison },
    },
    context,
  );
  return result;
}
