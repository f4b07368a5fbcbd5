import type { Queryable } from './append';
import type { ReadAllOptions, ReadStreamOptions, RecordedEvent } from '../types';
import { decodePosition, encodePosition } from '../position';

interface EventRow {
  event_id: string;
  stream_name: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown> | null;
  created_at: Date;
  transaction_id: string;
  global_position: string;
}

const COLUMNS = `event_id, stream_name, stream_revision::text AS revision, type, data, metadata, created_at,
  transaction_id::text AS transaction_id, global_position::text AS global_position`;

// Only transactions older than every transaction still running are read: a later-committed one
// with a smaller xid can no longer appear behind the reader's back, so checkpoints never skip.
// ORDER BY names the table's columns: bare names would be the text aliases above, sorting '10'
// before '9' (the pages would skip events) and walking no index (each page a sort of the rest).
const READ_ALL_SQL = `SELECT ${COLUMNS} FROM events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    AND ($3::text[] IS NULL OR type = ANY($3::text[]))
  ORDER BY events.transaction_id, events.global_position
  LIMIT $4`;

// What readAll would deliver after a position, counted on the commit-order index alone, up to a limit.
const COUNT_ALL_SQL = `SELECT count(*)::text AS count FROM (
    SELECT FROM events
    WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
      AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    LIMIT $3
  ) counted`;

const READ_STREAM_SQL = `SELECT ${COLUMNS} FROM events WHERE stream_name = $1 AND stream_revision >= $2 ORDER BY stream_revision`;

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    streamName: row.stream_name,
    revision: BigInt(row.revision),
    position: encodePosition(row.transaction_id, row.global_position),
    createdAt: row.created_at,
  };
}

export async function readStream(db: Queryable, stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
  const from = (options.fromRevision ?? 0n).toString();
  const result = await db.query<EventRow>({ name: 'es_read_stream', text: READ_STREAM_SQL, values: [stream, from] });
  return result.rows.map(toRecorded);
}

export async function readAll(db: Queryable, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
  const [transactionId, globalPosition] = options.after ? decodePosition(options.after) : [0n, 0n];
  const types = options.types ? [...options.types] : null;
  if (types?.length === 0) return [];
  const result = await db.query<EventRow>({
    name: 'es_read_all',
    text: READ_ALL_SQL,
    values: [transactionId.toString(), globalPosition.toString(), types, options.limit ?? null],
  });
  return result.rows.map(toRecorded);
}

export async function countAll(db: Queryable, options: Pick<ReadAllOptions, 'after' | 'limit'> = {}): Promise<number> {
  const [transactionId, globalPosition] = options.after ? decodePosition(options.after) : [0n, 0n];
  const result = await db.query<{ count: string }>({ name: 'es_count_all', text: COUNT_ALL_SQL, values: [transactionId.toString(), globalPosition.toString(), options.limit ?? null] });
  return Number(result.rows[0]!.count);
}
