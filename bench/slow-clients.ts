// Section: slow clients at the gateway (issue 19 item 4). Ordinary JSON writes, each on a fresh
// connection from an address of its own, through the gateway to a stand-in command-api that
// answers at once: first alone, then while one address drips 600 bodies a byte a second, then while
// 30 addresses drip 20 each (600 in all, more than the gateway's 512 upstream connections). The
// stand-in keeps the figure to what the gateway adds; before the fix the second case waited 25–27 s.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SLOW_CLIENT_LIMITS, startGateway } from '@studio/platform';
import { startSlowBodyAttack, writeFrom, type SlowBodyAttack } from '@studio/platform/testing';
import type { BenchSection } from './sections';
import { latencyPercentiles } from './stats';

const WRITES = 200;

async function writeLatencies(port: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const started = performance.now();
    const status = await writeFrom(`127.0.9.${(i % 250) + 1}`, port, '/api/holds', { studio: 'pochta', date: '2026-12-01', cells: ['12:00'] });
    if (status !== 201) throw new Error(`a write answered ${status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const summary = (latencies: number[]) => {
  const { p50, p99 } = latencyPercentiles(latencies);
  return `p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${Math.max(...latencies).toFixed(2)} ms`;
};

export const slowClientsSection: BenchSection = {
  name: 'slow-clients',
  title: `${WRITES} JSON writes through the gateway, without and during slow-body attacks (${SLOW_CLIENT_LIMITS.connectionsPerAddress} connections per address)`,
  async run() {
    const upstream = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"success":true}'));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const dist = await mkdtemp(path.join(tmpdir(), 'bench-gateway-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html>');
    const gateway = await startGateway({ port: 0, host: '127.0.0.1', staticDir: dist, queryApiUrl: url, commandApiUrl: url });
    const attacks: SlowBodyAttack[] = [];
    try {
      console.log(`  no attack:                         ${summary(await writeLatencies(gateway.port))}`);
      const one = await startSlowBodyAttack({ port: gateway.port, localAddress: '127.0.0.2', connections: 600, intervalMs: 1000, path: '/api/holds' });
      attacks.push(one);
      const during = summary(await writeLatencies(gateway.port));
      console.log(`  600 slow bodies from one address:  ${during} (${one.closed()} of its connections closed by then)`);
      one.stop();
      for (let i = 0; i < 30; i++) attacks.push(await startSlowBodyAttack({ port: gateway.port, localAddress: `127.0.2.${i + 1}`, connections: 20, intervalMs: 1000, path: '/api/holds' }));
      console.log(`  20 slow bodies from each of 30:    ${summary(await writeLatencies(gateway.port))}`);
    } finally {
      for (const attack of attacks) attack.stop();
      await gateway.close();
      upstream.closeAllConnections();
      upstream.close();
      await rm(dist, { recursive: true, force: true });
    }
  },
};
