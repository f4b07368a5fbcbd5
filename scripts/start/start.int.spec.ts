import { spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { createTestDatabase, type TestDatabase, testClock } from '@studio/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../frontend-build';
import { waitForPort } from './wait-for-port';

/**
 * Ports free right now, as the system hands them out: fixed or random picks in the ephemeral range
 * collided with other suites' connections (EADDRINUSE on command-api's port in CI).
 */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<Server>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

describe('npm start', () => {
  let db: TestDatabase;
  let ports: Record<'PORT' | 'QUERY_API_PORT' | 'COMMAND_API_PORT' | 'PAYMENT_SANDBOX_PORT', number>;
  beforeAll(async () => {
    db = await createTestDatabase('start');
    const [PORT, QUERY_API_PORT, COMMAND_API_PORT, PAYMENT_SANDBOX_PORT] = await freePorts(4);
    ports = { PORT: PORT!, QUERY_API_PORT: QUERY_API_PORT!, COMMAND_API_PORT: COMMAND_API_PORT!, PAYMENT_SANDBOX_PORT: PAYMENT_SANDBOX_PORT! };
  });
  afterAll(async () => {
    await db.drop();
  });

  it('serves the seeded site through the gateway, restarts a service that dies while the others stay up, and stops every process on SIGINT with status 0', { timeout: 180_000 }, async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: db.url, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let running = true;
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        running = false;
        resolve(code);
      }),
    );

    try {
      // A start that fails says why at once, rather than after the whole wait.
      await expect.poll(() => (running ? output : `exited early:\n${output}`), { timeout: 150_000, interval: 250 }).toMatch(new RegExp(`Сайт: http://localhost:${ports.PORT}|^exited early`));
      expect(output).toContain(`Сайт: http://localhost:${ports.PORT}`);
      // The projections may still be reading the seed when the services first answer.
      const rules = async () => {
        const hall = (await (await fetch(`http://127.0.0.1:${ports.PORT}/api/masterskaya`)).json()) as { success: boolean; data?: { rules: unknown[] } };
        return hall.success ? (hall.data?.rules.length ?? 0) : -1;
      };
      await expect.poll(rules, { timeout: 20_000, interval: 250 }).toBe(16);
      // Development's prepare writes the demo bookings too (a fresh store has none).
      expect(output).toMatch(/demo bookings written: \d+/);
      // The workers have no port to wait for: their first line may come after the site's.
      for (const name of ['payments-sandbox', 'command-api', 'query-api', 'projections', 'workers', 'gateway']) {
        await expect.poll(() => output, { timeout: 30_000, interval: 250 }).toMatch(new RegExp(`^${name}\\s+│ `, 'm'));
      }
      // A checkout through the gateway reaches the provider's sandbox, whose checkout page answers.
      const intent = (total: number) =>
        fetch(`http://127.0.0.1:${ports.PORT}/api/bookings/intent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            studio: 'kirova',
            timeSlots: [{ date: testClock.day(30), time: '12:00-13:00' }],
            totalPrice: total,
            contact: { name: 'Проверка', phone: '+7 (999) 000-00-00', email: 'check@example.ru' },
          }),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { details?: { currentPrice: number }; confirmationUrl?: string } }));
      const stale = await intent(1);
      expect(stale.status).toBe(409);
      const placed = await intent(stale.body.details!.currentPrice);
      expect(placed.status).toBe(201);
      expect(placed.body.confirmationUrl).toContain(`:${ports.PAYMENT_SANDBOX_PORT}/checkout/`);
      expect((await fetch(placed.body.confirmationUrl!)).status).toBe(200);

      // A service that dies is started again; the others keep running meanwhile.
      const pids = () => new Map([...output.matchAll(/^(\S+)\s+│ запущен \(pid (\d+)\)$/gm)].map((m) => [m[1]!, Number(m[2])]));
      const before = pids();
      expect([...before.keys()].sort()).toEqual(['command-api', 'gateway', 'payments-sandbox', 'projections', 'query-api', 'workers']);
      const killedAt = performance.now();
      process.kill(before.get('query-api')!, 'SIGKILL');
      await expect.poll(() => output, { timeout: 10_000 }).toMatch(/^query-api\s+│ завершился \(код сигнал\), перезапуск через 1\.0 с/m);
      await expect.poll(() => pids().get('query-api'), { timeout: 10_000 }).not.toBe(before.get('query-api'));
      await expect.poll(rules, { timeout: 60_000, interval: 250 }).toBe(16);
      console.info(`[start] the site answered again ${Math.round(performance.now() - killedAt)} ms after query-api was killed`);
      for (const name of ['command-api', 'projections', 'workers', 'gateway']) expect(pids().get(name)).toBe(before.get(name));
      expect(output).not.toMatch(/^(command-api|projections|workers|gateway|payments-sandbox)\s+│ завершился/m);
      expect(output).not.toContain('останавливаю сервисы');
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('всё остановлено');
    for (const port of Object.values(ports)) await expect(waitForPort(port, 300)).rejects.toThrow();
  });
});
