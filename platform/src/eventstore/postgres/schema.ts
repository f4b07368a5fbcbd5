import type pg from 'pg';

/** Channel the append function notifies after each append; subscribers LISTEN on it. */
export const CHANGES_CHANNEL = 'es_events';

// One key for every process that installs the schema: concurrent CREATE ... IF NOT EXISTS and
// CREATE OR REPLACE FUNCTION race on the catalogs ("duplicate key", "tuple concurrently updated").
const SCHEMA_LOCK_KEY = 0x65_76_73_74; // 'evst'

/**
 * The events table with its commit-order index, named by `table` so that the append bench builds
 * its raw baseline with the very same shape (bench/append.ts).
 */
export const eventsTableDdl = (table: string) => /* sql */ `
CREATE TABLE IF NOT EXISTS ${table} (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL UNIQUE,
  stream_name text NOT NULL,
  stream_revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_name, stream_revision)
);

-- Readers walk $all in commit order: (transaction_id, global_position).
CREATE INDEX IF NOT EXISTS ${table}_commit_order ON ${table} (transaction_id, global_position);
`;

const ddl = /* sql */ `
CREATE TABLE IF NOT EXISTS streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL
);
${eventsTableDdl('events')}
-- When a retried append already committed, answer what the first attempt answered; otherwise
-- report the stream's current revision (NULL: no stream) so the caller can raise a conflict.
CREATE OR REPLACE FUNCTION es_replay(p_stream text, p_expected text, p_events jsonb)
RETURNS TABLE (r_ok boolean, r_revision bigint, r_transaction xid8, r_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  n bigint := jsonb_array_length(p_events);
  first_revision bigint;
  matching bigint;
  same_place boolean;
BEGIN
  SELECT e.stream_revision INTO first_revision
  FROM events e WHERE e.event_id = (p_events->0->>'id')::uuid AND e.stream_name = p_stream;

  SELECT count(*) INTO matching
  FROM jsonb_array_elements(p_events) WITH ORDINALITY AS g(event, idx)
  JOIN events e ON e.event_id = (g.event->>'id')::uuid
   AND e.stream_name = p_stream AND e.stream_revision = first_revision + g.idx - 1;

  -- (An IF condition cannot hold CASE: PL/pgSQL would end it at the first THEN.)
  same_place := CASE p_expected
    WHEN 'any' THEN true
    WHEN 'stream_exists' THEN true
    WHEN 'no_stream' THEN first_revision = 0
    ELSE first_revision = p_expected::bigint + 1
  END;
  IF first_revision IS NOT NULL AND matching = n AND same_place THEN
    RETURN QUERY
      SELECT true, first_revision + n - 1, e.transaction_id, e.global_position
      FROM events e WHERE e.event_id = (p_events->(n::int - 1)->>'id')::uuid;
  ELSE
    RETURN QUERY
      SELECT false, (SELECT s.revision FROM streams s WHERE s.stream_name = p_stream), NULL::xid8, NULL::bigint;
  END IF;
END
$fn$;

-- The whole append in one statement (one round trip): guard the stream row by the expected
-- revision, insert the events, wake subscribers. Row locks on the streams row serialise
-- concurrent appends to one stream, so exactly one of them passes a given expectation.
CREATE OR REPLACE FUNCTION es_append(p_stream text, p_expected text, p_events jsonb)
RETURNS TABLE (r_ok boolean, r_revision bigint, r_transaction xid8, r_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  n bigint := jsonb_array_length(p_events);
  first_id uuid := (p_events->0->>'id')::uuid;
  new_revision bigint;
  last_position bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM events e WHERE e.event_id = first_id) THEN
    RETURN QUERY SELECT * FROM es_replay(p_stream, p_expected, p_events);
    RETURN;
  END IF;

  CASE p_expected
    WHEN 'no_stream' THEN
      INSERT INTO streams AS s (stream_name, revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_name) DO NOTHING
      RETURNING s.revision INTO new_revision;
    WHEN 'any' THEN
      INSERT INTO streams AS s (stream_name, revision) VALUES (p_stream, n - 1)
      ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + n
      RETURNING s.revision INTO new_revision;
    WHEN 'stream_exists' THEN
      UPDATE streams s SET revision = s.revision + n WHERE s.stream_name = p_stream
      RETURNING s.revision INTO new_revision;
    ELSE
      UPDATE streams s SET revision = s.revision + n
      WHERE s.stream_name = p_stream AND s.revision = p_expected::bigint
      RETURNING s.revision INTO new_revision;
  END CASE;

  IF new_revision IS NULL THEN
    -- Each statement sees a fresh snapshot: the append we lost to may be this one's first try.
    RETURN QUERY SELECT * FROM es_replay(p_stream, p_expected, p_events);
    RETURN;
  END IF;

  WITH inserted AS (
    INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata)
    SELECT (g.event->>'id')::uuid, p_stream, new_revision - n + g.idx, g.event->>'type',
           g.event->'data', coalesce(g.event->'metadata', '{}'::jsonb)
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS g(event, idx)
    ORDER BY g.idx
    RETURNING events.global_position
  )
  SELECT max(inserted.global_position) INTO last_position FROM inserted;

  PERFORM pg_notify('${CHANGES_CHANNEL}', '');
  RETURN QUERY SELECT true, new_revision, pg_current_xact_id(), last_position;
END
$fn$;
`;

/** Creates the event store's tables and functions; idempotent and safe from parallel processes. */
export async function installSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await client.query(ddl);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
