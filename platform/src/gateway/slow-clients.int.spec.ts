// Slow clients (issue 19 item 4): 600 slow POSTs from one address once took all of the gateway's
// upstream connections, and every other visitor's write waited 25–27 s. Now one address holds at
// most its share of connections, a body is held by the gateway until it has arrived (no upstream
// connection meanwhile), and a request too slow to arrive is cut off. The figures: bench/slow-clients.ts.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually';
import { startSlowBodyAttack, writeFrom } from '../testing/slow-clients';
import { startGateway, type Gateway } from './index';

const ATTACKER = '127.0.0.2';
const ATTACK_CONNECTIONS = 600;
const PER_ADDRESS = 50;

let upstream: http.Server;
let gateway: Gateway;
let dist: string;

beforeAll(async () => {
  // command-api's stand-in: reads the body, answers 201.
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"success":true}'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  dist = mkdtempSync(path.join(tmpdir(), 'gateway-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    staticDir: dist,
    queryApiUrl: url,
    commandApiUrl: url,
    limits: { connectionsPerAddress: PER_ADDRESS, headersTimeoutMs: 2_000, requestTimeoutMs: 4_000 },
  });
});

afterAll(async () => {
  await gateway.close();
  upstream.closeAllConnections();
  upstream.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('a slow-body attack from one address', () => {
  it('leaves every other client\'s writes answered while it runs, and is cut off', async () => {
    const attack = await startSlowBodyAttack({ port: gateway.port, localAddress: ATTACKER, connections: ATTACK_CONNECTIONS, intervalMs: 500, path: '/api/holds' });
    try {
      // What one address may not hold is refused as it opens.
      await eventually(() => attack.closed() >= ATTACK_CONNECTIONS - PER_ADDRESS);
      expect(attack.closed()).toBeLessThan(ATTACK_CONNECTIONS);
      // Twenty visitors, each from its own address, write while the rest of the attack drips on.
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => writeFrom(`127.0.1.${i + 1}`, gateway.port, '/api/holds', { studio: 'pochta' })));
      expect(statuses).toEqual(Array<number>(20).fill(201));
      expect(attack.closed()).toBeLessThan(ATTACK_CONNECTIONS);
      // The connections it was allowed are cut off when their requests run out of time.
      await eventually(() => attack.closed() === ATTACK_CONNECTIONS, 20_000);
    } finally {
      attack.stop();
    }
  });

  it('holds no upstream connection while a body arrives: many slow writes from many addresses still leave room', async () => {
    // 30 addresses × 20 slow writes outnumber the gateway's 512 upstream connections.
    const attacks = await Promise.all(Array.from({ length: 30 }, (_, i) => startSlowBodyAttack({ port: gateway.port, localAddress: `127.0.2.${i + 1}`, connections: 20, intervalMs: 500, path: '/api/holds' })));
    try {
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => writeFrom(`127.0.3.${i + 1}`, gateway.port, '/api/holds', { studio: 'pochta' })));
      expect(statuses).toEqual(Array<number>(20).fill(201));
    } finally {
      for (const attack of attacks) attack.stop();
    }
  });

  it('cuts off a client that never finishes its headers', async () => {
    const socket = net.connect({ host: '127.0.0.1', port: gateway.port, localAddress: '127.0.4.1' });
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('POST /api/holds HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
