import pg from 'pg';
import { encodePosition } from '../eventstore/position';

export interface CommittedEvent {
  streamName: string;
  type: string;
  metadata: Record<string, unknown>;
  position: string;
}

/**
 * Every event committed to a Postgres event store, in append order, read straight from its table.
 * Tests that count what a request appended use this rather than `readAll`: readers only see events
 * older than every open transaction in the whole cluster, so a parallel test file's transaction can
 * hide a fresh event and make "appended one" or "appended nothing" checks lie.
 */
export async function committedEvents(databaseUrl: string): Promise<CommittedEvent[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Qualified: a bare global_position would sort by the text output column, putting 10 before 9.
    const { rows } = await client.query<{ stream_name: string; type: string; metadata: Record<string, unknown>; transaction_id: string; global_position: string }>(
      'SELECT stream_name, type, metadata, transaction_id::text, global_position::text FROM events ORDER BY events.global_position',
    );
    return rows.map((r) => ({ streamName: r.stream_name, type: r.type, metadata: r.metadata, position: encodePosition(r.transaction_id, r.global_position) }));
  } finally {
    await client.end();
  }
}
