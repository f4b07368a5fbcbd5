import { Redis } from 'ioredis';

/** True when a Redis server answers PING at `url` within a couple of seconds. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function redisHelp(url: string): string {
  return [
    `Redis не отвечает по адресу ${url}. Он нужен для очередей (BullMQ) и живых обновлений календаря.`,
    'Запустите Redis одним из способов и повторите npm start:',
    '  docker run -d --name studio-redis -p 6379:6379 redis:7',
    '  sudo apt-get install -y redis-server && sudo service redis-server start   # Debian/Ubuntu',
    '  brew install redis && brew services start redis                          # macOS',
    'или укажите другой сервер: REDIS_URL=redis://host:6379 npm start',
  ].join('\n');
}
