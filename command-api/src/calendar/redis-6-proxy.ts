import { once } from 'node:events';
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface Redis6Proxy {
  /** redis://127.0.0.1:<port> of the proxy. */
  url: string;
  port: number;
  /** Stops listening and cuts every connection, as a Redis that went away would. */
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a real Redis that refuses what Redis 6 lacks: EXPIRE and PEXPIRE with an
 * option (NX/XX/GT/LT, Redis 7.0). Such a command is forwarded with its arguments cut to the key, so
 * the real Redis answers it with the very arity error Redis 6 gives — in order with the replies
 * around it, and inside MULTI failing the transaction as Redis 6 would. Everything else passes
 * through untouched. `port` reopens a closed proxy on the same port.
 */
export async function startRedis6Proxy(upstreamUrl: string, port = 0): Promise<Redis6Proxy> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const redis = createConnection(Number(upstream.port || 6379), upstream.hostname);
    for (const socket of [client, redis]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.on('close', () => redis.destroy());
    redis.on('close', () => client.destroy());
    redis.pipe(client);
    let pending = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (let command = readCommand(pending); command; command = readCommand(pending)) {
        redis.write(asRedis6(command.args) ?? pending.subarray(0, command.length));
        pending = pending.subarray(command.length);
      }
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${bound}`,
    port: bound,
    async close() {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** One command as clients send it (an array of bulk strings), or undefined until it is complete. */
function readCommand(buffer: Buffer): { args: string[]; length: number } | undefined {
  const header = buffer.indexOf('\r\n');
  if (header < 0) return undefined;
  if (buffer[0] !== 0x2a) throw new Error(`the Redis 6 proxy reads only RESP arrays, got ${JSON.stringify(buffer.subarray(0, header).toString())}`);
  const count = Number(buffer.subarray(1, header).toString());
  const args: string[] = [];
  let at = header + 2;
  for (let i = 0; i < count; i++) {
    const end = buffer.indexOf('\r\n', at);
    if (end < 0) return undefined;
    const size = Number(buffer.subarray(at + 1, end).toString());
    if (buffer.length < end + 2 + size + 2) return undefined;
    args.push(buffer.subarray(end + 2, end + 2 + size).toString());
    at = end + 2 + size + 2;
  }
  return { args, length: at };
}

/** The command Redis 7 rejects exactly as Redis 6 rejects `args`, or undefined to forward it as is. */
function asRedis6(args: string[]): Buffer | undefined {
  const [name = '', key = ''] = args;
  if (!/^p?expire$/i.test(name) || args.length <= 3) return undefined;
  return Buffer.from(`*2\r\n$${Buffer.byteLength(name)}\r\n${name}\r\n$${Buffer.byteLength(key)}\r\n${key}\r\n`);
}
