import type pg from 'pg';
import { advisoryLockSql } from './bookkeeping';

export interface SessionLock {
  /** The lock's connection failed, so Postgres has let the lock go. */
  readonly lost: boolean;
  release(): Promise<void>;
}

/**
 * Tries a session-level advisory lock on a connection kept out of the pool for as long as the
 * lock is held; the lock ends with that connection, so a crashed holder frees it by itself.
 */
export async function tryLock(pool: pg.Pool, key: string): Promise<SessionLock | undefined> {
  const client = await pool.connect();
  let lost = false;
  const onError = () => {
    lost = true;
  };
  client.on('error', onError);
  const done = (error?: Error) => {
    client.off('error', onError);
    client.release(error);
  };
  try {
    const { rows } = await client.query<{ locked: boolean }>(advisoryLockSql('pg_try_advisory_lock'), [key]);
    if (!rows[0]?.locked) {
      done();
      return undefined;
    }
  } catch (error) {
    done(error as Error);
    throw error;
  }
  return {
    get lost() {
      return lost;
    },
    async release() {
      if (lost) return done(new Error('advisory lock connection lost'));
      try {
        await client.query(advisoryLockSql('pg_advisory_unlock'), [key]);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  };
}
