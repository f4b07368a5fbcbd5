import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { projectionOperationsAggregate } from './decider';
import type { ProjectionOperationEvent } from './events';

const operations = spec(projectionOperationsAggregate.decider);
const requested: ProjectionOperationEvent = { type: 'ProjectionRebuildRequested', data: { rebuildId: 'r-1', projection: 'calendar' } };
const comparison = { compared: true, equal: true, position: '1/1', tables: [{ table: 'calendar_cells', onlyLive: 0, onlyRebuilt: 0 }] };
const finished = { rebuildId: 'r-1', projection: 'calendar', outcome: 'switched', previousVersion: 2, version: 3, applied: 10, elapsedMs: 5, comparison } as const;

describe('projection operations', () => {
  it('queues a rebuild of a projection nobody is rebuilding', () => {
    operations.given([]).when({ type: 'RequestProjectionRebuild', data: { rebuildId: 'r-1', projection: 'calendar' } }).then([requested]);
    operations.given([requested]).when({ type: 'RequestProjectionRebuild', data: { rebuildId: 'r-2', projection: 'catalog' } }).then([
      { type: 'ProjectionRebuildRequested', data: { rebuildId: 'r-2', projection: 'catalog' } },
    ]);
  });

  it('refuses a second rebuild of the same projection while the first runs, and allows one after it ended', () => {
    const refusal = operations.given([requested]).when({ type: 'RequestProjectionRebuild', data: { rebuildId: 'r-2', projection: 'calendar' } }).thenThrows('rebuild_running', 'conflict');
    expect(refusal.message).toBe('Перестройка «calendar» уже идёт: дождитесь её окончания');
    const failed: ProjectionOperationEvent = { type: 'ProjectionRebuildFailed', data: { rebuildId: 'r-1', projection: 'calendar', reason: 'boom' } };
    operations.given([requested, failed]).when({ type: 'RequestProjectionRebuild', data: { rebuildId: 'r-2', projection: 'calendar' } }).then([
      { type: 'ProjectionRebuildRequested', data: { rebuildId: 'r-2', projection: 'calendar' } },
    ]);
  });

  it('records an outcome once, for the rebuild that runs', () => {
    operations.given([requested]).when({ type: 'RecordProjectionRebuildFinished', data: finished }).then([{ type: 'ProjectionRebuildFinished', data: finished }]);
    operations.given([requested, { type: 'ProjectionRebuildFinished', data: finished }]).when({ type: 'RecordProjectionRebuildFinished', data: finished }).then([]);
    operations.given([requested]).when({ type: 'RecordProjectionRebuildFailed', data: { rebuildId: 'r-0', projection: 'calendar', reason: 'old' } }).then([]);
  });
});
