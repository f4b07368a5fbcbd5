import type { Queryable } from './append';
import { decodePosition } from '../position';

/** A transaction open somewhere in the Postgres cluster, as pg_stat_activity shows it. */
export interface OpenTransaction {
  /** Seconds since the transaction began. */
  ageSeconds: number;
  pid: number;
  /** Null for a background process not tied to a database. */
  database: string | null;
  /** e.g. `active`, `idle in transaction`; null for some background processes. */
  state: string | null;
}

interface ActivityRow {
  pid: number;
  database: string | null;
  state: string | null;
  age_seconds: number;
}

const COLUMNS = `pid, datname AS database, state, extract(epoch FROM clock_timestamp() - xact_start)::float8 AS age_seconds`;

// An xid makes a transaction hold back event-store readers; an xmin (a snapshot) holds back vacuum.
// Both are worth a health check's attention. Sessions of other roles show neither unless the caller
// is a superuser or has pg_read_all_stats.
const OLDEST_SQL = `SELECT ${COLUMNS} FROM pg_stat_activity
  WHERE pid <> pg_backend_pid() AND xact_start IS NOT NULL
    AND (backend_xid IS NOT NULL OR backend_xmin IS NOT NULL)
  ORDER BY xact_start
  LIMIT 1`;

// Readers see only transactions older than every transaction still running (read.ts): committed
// events after the checkpoint at or above the snapshot's xmin are waiting for the writer holding
// the oldest xid, the one named here.
const STALLING_SQL = `SELECT ${COLUMNS} FROM pg_stat_activity
  WHERE pid <> pg_backend_pid() AND backend_xid IS NOT NULL
    AND EXISTS (
      SELECT 1 FROM events
      WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        AND transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
    )
  ORDER BY age(backend_xid) DESC
  LIMIT 1`;

const toOpenTransaction = (row: ActivityRow): OpenTransaction => ({
  ageSeconds: row.age_seconds,
  pid: row.pid,
  database: row.database,
  state: row.state,
});

/**
 * The longest-open transaction in the whole cluster (any database) that holds an xid or an
 * xmin, or null when there is none. One open for long stalls every event-store reader.
 */
export async function oldestOpenTransaction(db: Queryable): Promise<OpenTransaction | null> {
  const { rows } = await db.query<ActivityRow>(OLDEST_SQL);
  return rows[0] ? toOpenTransaction(rows[0]) : null;
}

/** The transaction that keeps committed events after `after` unreadable, or null when none wait. */
async function stallingTransaction(db: Queryable, after: string | undefined): Promise<OpenTransaction | null> {
  const [transactionId, globalPosition] = after ? decodePosition(after) : [0n, 0n];
  const { rows } = await db.query<ActivityRow>(STALLING_SQL, [transactionId.toString(), globalPosition.toString()]);
  return rows[0] ? toOpenTransaction(rows[0]) : null;
}

export interface StallWarningOptions {
  /**
   * How long a subscription's reads must have come back empty while events wait, and the
   * transaction they wait for must have been open, before it says so. Default 10 s.
   */
  thresholdMs?: number;
  /** Receives the warning; console.warn by default. */
  warn?: (message: string) => void;
}

/** What a subscription needs to notice a stall: where to look and whom to tell. */
export interface StallCheck {
  thresholdMs: number;
  find(after: string | undefined): Promise<OpenTransaction | null>;
  warn(message: string): void;
}

export function stallCheck(db: Queryable, options: StallWarningOptions = {}): StallCheck {
  return {
    thresholdMs: options.thresholdMs ?? 10_000,
    find: (after) => stallingTransaction(db, after),
    warn: options.warn ?? ((message) => console.warn(message)),
  };
}

export interface StallMonitor {
  /** An append was announced: events may be coming. */
  notified(): void;
  /** A batch was delivered: more may be waiting behind it. */
  delivered(): void;
  /** A read after `after` came back empty. */
  idle(after: string | undefined): Promise<void>;
}

/**
 * One subscription's stall watch. It looks only once reads have stayed empty for the threshold
 * since an append was announced or a batch delivered (so an idle store costs at most one query),
 * again every threshold while a stall lasts, and warns once per blocking transaction.
 */
export function createStallMonitor(check: StallCheck, now: () => number = Date.now): StallMonitor {
  let waitingSince: number | undefined;
  let reportedPid: number | undefined;
  return {
    notified() {
      waitingSince ??= now();
    },
    delivered() {
      waitingSince = now();
    },
    async idle(after) {
      if (waitingSince === undefined || now() - waitingSince < check.thresholdMs) return;
      let stall: OpenTransaction | null;
      try {
        stall = await check.find(after);
      } catch {
        // A diagnostic must not disturb the subscription: look again after another threshold.
        waitingSince = now();
        return;
      }
      if (!stall) {
        waitingSince = undefined;
        reportedPid = undefined;
        return;
      }
      waitingSince = now();
      if (stall.ageSeconds * 1000 < check.thresholdMs || stall.pid === reportedPid) return;
      reportedPid = stall.pid;
      check.warn(
        `event store: a subscription is stalled: committed events wait behind transaction pid ${stall.pid} ` +
          `in database ${stall.database ?? '(none)'} (${stall.state ?? 'unknown state'}), open for ` +
          `${Math.round(stall.ageSeconds)} s; every event-store reader in the cluster waits until it ends`,
      );
    },
  };
}
