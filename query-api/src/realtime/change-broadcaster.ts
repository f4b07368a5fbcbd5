import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Redis } from 'ioredis';
import { Server as SocketServer } from 'socket.io';
import { CHANGES_CHANNEL, changeNoticeSchema } from '@studio/domain';
import { isFromSiteOrNoPage } from '@studio/platform';

export interface ChangeBroadcasterOptions {
  redisUrl: string;
  /** Prepended to the channel name, so tests (and stacks sharing one Redis) stay apart. */
  channelPrefix?: string;
  /** Browser origins allowed to connect (the site's own); a socket from any other is refused. */
  allowedOrigins: readonly string[];
  logger: Pick<Console, 'warn' | 'error'>;
}

export interface ChangeBroadcaster {
  close(): Promise<void>;
}

/** Another site's page could otherwise open a socket from a visitor's browser. */
const originChecker = (allowed: readonly string[]) => (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
  callback(null, isFromSiteOrNoPage(req.headers, allowed));
};

/**
 * Relays the projections' change notices from Redis to every connected browser, each as the
 * socket.io event it names. The Redis subscription is live when this resolves, so nothing
 * published afterwards is missed.
 */
export async function startChangeBroadcaster(server: HttpServer, options: ChangeBroadcasterOptions): Promise<ChangeBroadcaster> {
  const io = new SocketServer(server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    serveClient: false,
    allowRequest: originChecker(options.allowedOrigins),
  });
  const subscriber = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
  subscriber.on('error', (error) => options.logger.error('query-api: redis subscriber error', error));
  const channel = `${options.channelPrefix ?? ''}${CHANGES_CHANNEL}`;
  subscriber.on('message', (_channel, message) => {
    const notice = parseNotice(message);
    if (!notice.success) {
      options.logger.warn(`query-api: ignored malformed change notice on ${channel}: ${message.slice(0, 200)}`);
      return;
    }
    // Browsers only need what to refetch; the position stays server-side.
    io.emit(notice.data.event, notice.data.payload);
  });
  try {
    await subscriber.connect();
    await subscriber.subscribe(channel);
  } catch (error) {
    subscriber.disconnect();
    // io.close() would close the HTTP server too; here it only has to drop its engine.
    io.engine.close();
    throw error;
  }
  return {
    async close() {
      io.disconnectSockets(true);
      io.engine.close();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

function parseNotice(message: string) {
  try {
    return changeNoticeSchema.safeParse(JSON.parse(message));
  } catch {
    return { success: false as const };
  }
}
