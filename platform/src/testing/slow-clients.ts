import http from 'node:http';
import net from 'node:net';

export interface SlowBodyAttack {
  /** Connections the server has closed so far. */
  closed(): number;
  /** Stops sending and closes whatever is still open. */
  stop(): void;
}

/**
 * A slow-body attack from one address: `connections` POSTs to `path`, each announcing a 100 kB JSON
 * body and sending it one byte every `intervalMs`, until the server closes the connection.
 * `localAddress` is the attacker's address (any 127.x.y.z reaches a server on 127.0.0.1).
 */
export async function startSlowBodyAttack(options: { port: number; localAddress: string; connections: number; intervalMs: number; path: string }): Promise<SlowBodyAttack> {
  const head = `POST ${options.path} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;
  const open = new Set<net.Socket>();
  let closed = 0;
  await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect({ host: '127.0.0.1', port: options.port, localAddress: options.localAddress });
          open.add(socket);
          socket.on('error', () => undefined);
          // A response (a 408, a 413) or the server hanging up: either way this connection is done.
          socket.on('data', () => socket.destroy());
          socket.on('close', () => {
            open.delete(socket);
            closed += 1;
            resolve();
          });
          socket.on('connect', () => socket.write(head, () => resolve()));
        }),
    ),
  );
  const drip = setInterval(() => {
    for (const socket of open) socket.write(' ');
  }, options.intervalMs);
  return {
    closed: () => closed,
    stop() {
      clearInterval(drip);
      for (const socket of open) socket.destroy();
    },
  };
}

/** One ordinary JSON write from `localAddress` on a connection of its own; resolves with its status. */
export function writeFrom(localAddress: string, port: number, path: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
