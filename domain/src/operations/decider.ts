import { defineAggregate } from '../aggregate';
import { PROJECTION_OPERATIONS_STREAM } from '../contracts/streams';
import { DomainError } from '../errors';
import { projectionOperationEventSchemas, type ProjectionOperationEvent } from './events';

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
