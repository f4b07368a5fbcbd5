import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { storedProjectionNameSchema, versionComparisonSchema } from '../contracts/projections';
import { PROJECTION_OPERATIONS_STREAM } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema } from '../primitives';

const projectionSchema = storedProjectionNameSchema;

export const projectionOperationEventSchemas = {
  /** A staff member (the event's actor) asked for a rebuild from the operators' console. */
  ProjectionRebuildRequested: z.object({ rebuildId: idSchema, projection: projectionSchema }),
  /** The projections process finished it: switched to the rebuilt version, or kept the live one because they differed. */
  ProjectionRebuildFinished: z.object({
    rebuildId: idSchema,
    projection: projectionSchema,
    outcome: z.enum(['switched', 'kept']),
    previousVersion: z.number().int(),
    version: z.number().int(),
    applied: z.number().int().nonnegative(),
    elapsedMs: z.number().int().nonnegative(),
    comparison: versionComparisonSchema,
  }),
  /** It could not be finished; the live version is untouched. */
  ProjectionRebuildFailed: z.object({ rebuildId: idSchema, projection: projectionSchema, reason: z.string().max(1000) }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type ProjectionOperationEvent = EventUnion<typeof projectionOperationEventSchemas>;
type DataOf<T extends ProjectionOperationEvent['type']> = Extract<ProjectionOperationEvent, { type: T }>['data'];

export type ProjectionOperationCommand =
  | { type: 'RequestProjectionRebuild'; data: DataOf<'ProjectionRebuildRequested'> }
  | { type: 'RecordProjectionRebuildFinished'; data: DataOf<'ProjectionRebuildFinished'> }
  | { type: 'RecordProjectionRebuildFailed'; data: DataOf<'ProjectionRebuildFailed'> };

export interface ProjectionOperationsState {
  /** The rebuild under way per projection, by its id. */
  running: Readonly<Partial<Record<string, string>>>;
}

export function decideProjectionOperations(command: ProjectionOperationCommand, state: ProjectionOperationsState): ProjectionOperationEvent[] {
  const { projection, rebuildId } = command.data;
  switch (command.type) {
    case 'RequestProjectionRebuild':
      if (state.running[projection]) {
        throw new DomainError('conflict', 'rebuild_running', `Перестройка «${projection}» уже идёт: дождитесь её окончания`, 'projection');
      }
      return [{ type: 'ProjectionRebuildRequested', data: command.data }];
    // A job run again after its outcome was recorded (a retry, a redelivery) records nothing more.
    case 'RecordProjectionRebuildFinished':
      return state.running[projection] === rebuildId ? [{ type: 'ProjectionRebuildFinished', data: command.data }] : [];
    case 'RecordProjectionRebuildFailed':
      return state.running[projection] === rebuildId ? [{ type: 'ProjectionRebuildFailed', data: command.data }] : [];
  }
}

/** Updates `state` in place (see Decider.evolve). */
export function evolveProjectionOperations(state: ProjectionOperationsState, event: ProjectionOperationEvent): ProjectionOperationsState {
  const running = state.running as Partial<Record<string, string>>;
  if (event.type === 'ProjectionRebuildRequested') running[event.data.projection] = event.data.rebuildId;
  else delete running[event.data.projection];
  return state;
}

/** Every operator action on the projections lives in the one stream PROJECTION_OPERATIONS_STREAM, so «one rebuild at a time» is decided where all are seen. */
export const projectionOperationsAggregate = defineAggregate({
  name: 'projection-operations',
  initialState: (): ProjectionOperationsState => ({ running: {} }),
  decide: decideProjectionOperations,
  evolve: evolveProjectionOperations,
  events: projectionOperationEventSchemas,
  streamOf: () => PROJECTION_OPERATIONS_STREAM,
});
