// What an outage spec cuts: a TCP proxy in front of Postgres, and a Redis server of its own. The
// machine's shared Postgres and Redis are never stopped: other suites run against them.
import { execFile } from 'node:child_process';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CuttableProxy {
  /** `target` with its host and port replaced by the proxy's. */
  url: string;
  /** The server goes away: open connections are cut and new ones refused, as a stopped Postgres does. */
  cut(): Promise<void>;
  /** The server is back on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A proxy to the host and port of `target` (a postgres:// URL) that a spec can cut and restore. */
export async function cuttableProxy(target: string): Promise<CuttableProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer((client) => {
        const server = connect({ host: upstream.hostname, port: Number(upstream.port || 5432) });
        for (const socket of [client, server]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(server).pipe(client);
        client.on('close', () => server.destroy());
        server.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  let server: Server | undefined = await listen(0);
  const port = (server.address() as AddressInfo).port;
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  const cut = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise((resolve) => closing.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: proxied.toString(),
    cut,
    async restore() {
      server ??= await listen(port);
    },
    close: cut,
  };
}

export interface OwnRedis {
  url: string;
  /** SHUTDOWN NOSAVE: the server is gone, and its data with it. */
  stop(): Promise<void>;
  /** A new, empty server on the same port. */
  start(): Promise<void>;
}

/** A throwaway redis-server on a free port, without persistence, for a spec that stops it. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const start = async () => {
    await run('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
    await answersPing(port, true);
  };
  const stop = async () => {
    await run('redis-cli', ['-p', String(port), 'shutdown', 'nosave']).catch(() => undefined);
    await answersPing(port, false);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until the server on `port` answers PING (or, with `up` false, no longer does). */
async function answersPing(port: number, up: boolean): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const pong = await run('redis-cli', ['-p', String(port), 'ping']).then(
      ({ stdout }) => stdout.trim() === 'PONG',
      () => false,
    );
    if (pong === up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis on port ${port} did not ${up ? 'start' : 'stop'}`);
}
