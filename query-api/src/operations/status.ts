import type { Kysely } from 'kysely';
import {
  LAG_COUNT_LIMIT,
  PROJECTION_OPERATIONS_STREAM,
  projectionOperationEventSchemas,
  type OperationsAnswer,
  type OperationsProjection,
  type OperatorAction,
  type ProjectionOperationEvent,
  type ReadModels,
  type RebuildSummary,
} from '@studio/domain';
import type { EventStore, RecordedEvent } from '@studio/platform';
import { actorOf } from '../bookings/history-descriptions';
import { comparisonText, operatorActionText } from './action-texts';

/** Waiting events this old make a projection «catching up»; past STALLED_SECONDS its runner is taken to have failed. */
const CATCHING_UP_SECONDS = 2;
const STALLED_SECONDS = 60;
/** The newest operator actions shown. */
const ACTIONS_SHOWN = 50;

interface Lag {
  events: number;
  capped: boolean;
  seconds: number | null;
}

/** Events after `after`, counted up to LAG_COUNT_LIMIT on the store's index, and how long the oldest of them has waited. */
async function lagAfter(events: Pick<EventStore, 'readAll' | 'countAll'>, after: string | null, now: Date): Promise<Lag> {
  const from = after ?? undefined;
  const [[oldest], count] = await Promise.all([events.readAll({ after: from, limit: 1 }), events.countAll({ after: from, limit: LAG_COUNT_LIMIT + 1 })]);
  return {
    events: Math.min(count, LAG_COUNT_LIMIT),
    capped: count > LAG_COUNT_LIMIT,
    seconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.createdAt.getTime()) / 100) / 10) : null,
  };
}

const stateOf = (lag: Lag, rebuild: RebuildSummary | null): OperationsProjection['state'] => {
  if (rebuild?.state === 'queued' || rebuild?.state === 'running') return 'rebuilding';
  if (lag.events === 0 || lag.seconds === null) return 'live';
  if (lag.seconds > STALLED_SECONDS) return 'failed';
  return lag.seconds >= CATCHING_UP_SECONDS ? 'catching_up' : 'live';
};

type Decoded = { recorded: RecordedEvent; event: ProjectionOperationEvent };

function decode(recorded: RecordedEvent): Decoded | null {
  const schema = projectionOperationEventSchemas[recorded.type as ProjectionOperationEvent['type']];
  const parsed = schema?.safeParse(recorded.data);
  return parsed?.success ? { recorded, event: { type: recorded.type, data: parsed.data } as ProjectionOperationEvent } : null;
}

type ProgressRow = { projection: string; rebuild_id: string; state: string; applied: number; total: number; elapsed_ms: number };

/** Each projection's latest rebuild: its request, then its progress row or its recorded end. */
function latestRebuilds(operations: Decoded[], progress: ProgressRow[]): Map<string, RebuildSummary> {
  const latest = new Map<string, RebuildSummary>();
  for (const { event } of operations) {
    const { projection, rebuildId } = event.data;
    if (event.type === 'ProjectionRebuildRequested') {
      latest.set(projection, { rebuildId, state: 'queued', applied: 0, total: 0, elapsedMs: 0, comparison: null, comparisonText: null, error: null });
      continue;
    }
    const summary = latest.get(projection);
    if (summary?.rebuildId !== rebuildId) continue;
    if (event.type === 'ProjectionRebuildFinished') {
      const { outcome, applied, elapsedMs, comparison } = event.data;
      Object.assign(summary, { state: outcome, applied, elapsedMs, comparison, comparisonText: comparisonText(comparison) });
    }
    else Object.assign(summary, { state: 'failed', error: event.data.reason });
  }
  for (const row of progress) {
    const summary = latest.get(row.projection);
    if (summary?.rebuildId !== row.rebuild_id) continue;
    Object.assign(summary, { applied: row.applied, total: row.total, ...(summary.state === 'queued' ? { state: 'running', elapsedMs: row.elapsed_ms } : {}) });
  }
  return latest;
}

async function staffNames(db: Kysely<ReadModels>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('staff_members').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Who ran an operator action: a staff member, an operator at the command line, or a process. */
function operatorOf(actor: unknown, names: Map<string, string>): OperatorAction['actor'] {
  const operator = typeof actor === 'string' && /^operator:(.+)$/s.exec(actor);
  if (operator) return { kind: 'operator', id: operator[1]!, name: `Оператор ${operator[1]!} (командная строка)` };
  const { kind, id } = actorOf(actor);
  if (kind === 'staff') return { kind, id, name: names.get(id!) ?? 'Администратор' };
  return { kind: 'system', id: null, name: 'Система' };
}

async function operatorActions(db: Kysely<ReadModels>, operations: Decoded[]): Promise<OperatorAction[]> {
  const shown = operations.slice(-ACTIONS_SHOWN).reverse();
  const staffIds = shown.flatMap(({ recorded }) => {
    const actor = actorOf(recorded.metadata.actor);
    return actor.kind === 'staff' ? [actor.id!] : [];
  });
  const names = await staffNames(db, [...new Set(staffIds)]);
  return shown.map(({ recorded, event }) => ({
    id: recorded.id,
    at: recorded.createdAt.toISOString(),
    actor: operatorOf(recorded.metadata.actor, names),
    projection: event.data.projection,
    rebuildId: event.data.rebuildId,
    text: operatorActionText(event),
  }));
}

export interface StatusSources {
  db: Kysely<ReadModels>;
  events: Pick<EventStore, 'readStream' | 'readAll' | 'countAll'>;
  oldestTransactionSeconds: () => Promise<number | null>;
  /** Wall time: events are stamped by the database's clock, whatever business clock the app runs on. */
  now: Date;
}

/** GET /api/admin/operations/projections's data: the projections, the oldest open transaction, the operator actions. */
export async function projectionsStatus({ db, events, oldestTransactionSeconds, now }: StatusSources): Promise<OperationsAnswer['data']> {
  const [live, progress, stream, oldest] = await Promise.all([
    db
      .selectFrom('projection_live as l')
      .leftJoin('projection_checkpoints as c', (join) => join.onRef('c.projection', '=', 'l.projection').onRef('c.version', '=', 'l.version'))
      .select(['l.projection as name', 'l.version', 'l.schema_version', 'c.position'])
      .orderBy('l.projection')
      .execute(),
    db.selectFrom('projection_rebuilds').select(['projection', 'rebuild_id', 'state', 'applied', 'total', 'elapsed_ms']).execute(),
    events.readStream(PROJECTION_OPERATIONS_STREAM),
    oldestTransactionSeconds(),
  ]);
  const operations = stream.map(decode).filter((d): d is Decoded => d !== null);
  const rebuilds = latestRebuilds(operations, progress);
  // Most projections stand at the same checkpoint: each distinct one is read once.
  const lags = new Map<string | null, Promise<Lag>>();
  for (const { position } of live) if (!lags.has(position ?? null)) lags.set(position ?? null, lagAfter(events, position ?? null, now));
  const projections = await Promise.all(
    live.map(async (p): Promise<OperationsProjection> => {
      const lag = await lags.get(p.position ?? null)!;
      const rebuild = rebuilds.get(p.name) ?? null;
      return { name: p.name, version: p.version, schemaVersion: p.schema_version, position: p.position ?? null, lag, state: stateOf(lag, rebuild), rebuild };
    }),
  );
  return { projections, oldestTransactionSeconds: oldest, actions: await operatorActions(db, operations) };
}
