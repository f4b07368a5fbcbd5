import pg from 'pg';
import { CHANGES_CHANNEL } from './schema';
import { backoff } from '../pause';

/**
 * One LISTEN connection shared by every subscription of a store, opened while anyone listens.
 * Lost notifications only cost latency: subscriptions also poll.
 */
export class ChangeNotifier {
  private readonly listeners = new Set<() => void>();
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(private readonly config: pg.ClientConfig) {}

  /** Calls `listener` after every append anywhere in the database; returns the unsubscribe. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.client && !this.reconnectTimer) void this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.disconnect();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.disconnect();
  }

  private notifyAll(): void {
    for (const listener of this.listeners) listener();
  }

  private async connect(): Promise<void> {
    if (this.closed || this.listeners.size === 0) return;
    const client = new pg.Client(this.config);
    this.client = client;
    client.on('notification', () => this.notifyAll());
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      this.failures = 0;
      // Whatever was appended while we were not listening must not wait for the next poll.
      this.notifyAll();
    } catch {
      this.dropped(client);
    }
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.closed || this.listeners.size === 0 || this.reconnectTimer) return;
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, backoff(this.failures));
  }

  private async disconnect(): Promise<void> {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
