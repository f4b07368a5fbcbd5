import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { z } from 'zod';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { ensureTables } from '../db';
import type { EventStore, RecordedEvent, Subscription } from '../eventstore/types';

type AnyEvent = { type: string; data: unknown };

/** The triggering event as a process sees it: typed data, plus where it was recorded. */
export type Trigger<Event extends AnyEvent> = Event & Pick<RecordedEvent, 'id' | 'streamName' | 'position' | 'metadata' | 'createdAt'>;

/**
 * A process that spans streams (a paid intent confirms holds; a refund; a transfer): it reacts to
 * events and sends commands to other aggregates. It runs at least once per event, so `handle`
 * must tolerate a repeat of its own commands (deciders answer a repeat with no event); beyond
 * that, the runtime remembers every event id it handled and never hands the same event over twice.
 */
export interface ProcessManager<Event extends AnyEvent> {
  /** Names its bookkeeping and the actor of what it writes (`system:<name>`). */
  name: string;
  /** The events it reacts to, by type, with the schema their data is parsed with. */
  reactsTo: { readonly [K in Event['type']]: z.ZodType<Extract<Event, { type: K }>['data'], unknown> };
  handle(event: Trigger<Event>, tools: { commands: CommandHandler; context: CommandContext }): Promise<void>;
}

export const defineProcess = <Event extends AnyEvent>(process: ProcessManager<Event>): ProcessManager<Event> => process;

const DDL = [
  `CREATE TABLE IF NOT EXISTS process_checkpoints (process text PRIMARY KEY, position text NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS process_handled (process text NOT NULL, event_id text NOT NULL, handled_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (process, event_id))`,
];

export interface RunningProcess {
  /** Whether this instance runs the process (another may, while this one stands by). */
  readonly active: boolean;
  stop(): Promise<void>;
}

export interface ProcessRuntimeDeps {
  store: EventStore;
  /** Where the process keeps its checkpoint and the ids of the events it handled. */
  pool: pg.Pool;
  commands: CommandHandler;
  /** How often a standing-by instance tries to take over. */
  lockRetryMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Follows the store from the process's checkpoint and hands it each event it reacts to, once per
 * event id: an event is marked handled right after its commands succeed, and a marked event is
 * skipped however often it is delivered again (a crash before the checkpoint moved, a second
 * instance). A failed handling is retried with the same event until it succeeds. One instance
 * runs a process at a time (an advisory lock); the others stand by and take over when it stops.
 */
export async function startProcessManager<Event extends AnyEvent>(process: ProcessManager<Event>, deps: ProcessRuntimeDeps): Promise<RunningProcess> {
  const { store, pool, commands, lockRetryMs = 1000 } = deps;
  const log =
    deps.log ?? ((message, error) => (error === undefined ? console.log(`[process ${process.name}] ${message}`) : console.error(`[process ${process.name}] ${message}`, error)));
  // Every worker process starts them all side by side.
  await ensureTables(pool, 'process_tables', DDL);
  const schemas = process.reactsTo as Record<string, z.ZodType>;
  const types = Object.keys(schemas);

  const handleOnce = async (recorded: RecordedEvent) => {
    const handled = await pool.query('SELECT 1 FROM process_handled WHERE process = $1 AND event_id = $2', [process.name, recorded.id]);
    if (handled.rowCount) return;
    const data = schemas[recorded.type]!.parse(recorded.data);
    const trigger = { type: recorded.type, data, id: recorded.id, streamName: recorded.streamName, position: recorded.position, metadata: recorded.metadata, createdAt: recorded.createdAt } as Trigger<Event>;
    const correlationId = typeof recorded.metadata.correlationId === 'string' ? recorded.metadata.correlationId : undefined;
    const context: CommandContext = { causationId: `event:${recorded.id}`, actor: `system:${process.name}`, ...(correlationId ? { correlationId } : {}) };
    await process.handle(trigger, { commands, context });
    await pool.query('INSERT INTO process_handled (process, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [process.name, recorded.id]);
  };

  let running: { subscription: Subscription; lock: pg.PoolClient } | undefined;
  /** Takes the lock and starts following the store; false when another instance holds it. */
  const tryStart = async (): Promise<boolean> => {
    const lock = await pool.connect();
    const locked = await lock.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtext('process'), hashtext($1)) AS locked`, [process.name]);
    if (!locked.rows[0]?.locked) {
      lock.release();
      return false;
    }
    const { rows } = await pool.query<{ position: string }>('SELECT position FROM process_checkpoints WHERE process = $1', [process.name]);
    const subscription = store.subscribe(
      { after: rows[0]?.position, types, onError: (error) => log('handling failed; retrying', error) },
      async (events) => {
        for (const event of events) await handleOnce(event);
        await pool.query(
          `INSERT INTO process_checkpoints (process, position) VALUES ($1, $2)
           ON CONFLICT (process) DO UPDATE SET position = GREATEST(process_checkpoints.position, excluded.position)`,
          [process.name, events.at(-1)!.position],
        );
      },
    );
    running = { subscription, lock };
    return true;
  };

  const stopping = new AbortController();
  let standby: Promise<void> = Promise.resolve();
  if (!(await tryStart())) {
    log('another instance runs this process; this one stands by');
    standby = (async () => {
      while (!stopping.signal.aborted && !running) {
        await sleep(lockRetryMs, undefined, { signal: stopping.signal }).catch(() => undefined);
        if (!stopping.signal.aborted) await tryStart().catch((error: unknown) => log('could not take over; retrying', error));
      }
    })();
  }
  return {
    get active() {
      return running !== undefined;
    },
    async stop() {
      stopping.abort();
      await standby;
      if (!running) return;
      const { subscription, lock } = running;
      running = undefined;
      await subscription.stop();
      await lock.query(`SELECT pg_advisory_unlock(hashtext('process'), hashtext($1))`, [process.name]).finally(() => lock.release());
    },
  };
}
