// `npm start`: the whole product on one machine. Builds the frontend if needed, checks Redis,
// runs an embedded Postgres when DATABASE_URL is unset, prepares the schema and demo data, then
// supervises every service as its own process until Ctrl-C, restarting one that dies.
import { loadConfig } from '@studio/platform';
import { ensureFrontendBuilt } from '../frontend-build';
import { Supervisor } from './processes';
import { redisAnswers, redisHelp } from './redis-check';
import { waitForPort } from './wait-for-port';

const config = loadConfig();
const SERVICES = [
  // The provider's sandbox, unless real YooKassa credentials are configured.
  ...(config.PAYMENTS_PROVIDER === 'sandbox' ? [{ name: 'payments-sandbox', entry: 'platform/src/payments/sandbox-main.ts' }] : []),
  { name: 'command-api', entry: 'command-api/src/main.ts' },
  { name: 'query-api', entry: 'query-api/src/main.ts' },
  { name: 'projections', entry: 'projections/src/main.ts' },
  { name: 'workers', entry: 'workers/src/main.ts' },
  { name: 'gateway', entry: 'platform/src/gateway/main.ts' },
];

let shuttingDown = false;
const supervisor = new Supervisor(['start', 'postgres', 'prepare', 'frontend', ...SERVICES.map((s) => s.name)]);
const say = (line: string) => supervisor.log('start', line);

async function shutdown(exitCode: number): Promise<never> {
  if (shuttingDown) return new Promise<never>(() => undefined);
  shuttingDown = true;
  say('останавливаю сервисы…');
  // The database goes last, so services can finish what they were writing.
  await supervisor.stop(SERVICES.map((s) => s.name));
  await supervisor.stopAll();
  say(exitCode === 0 ? 'всё остановлено' : 'остановлено после ошибки');
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

async function main(): Promise<void> {
  await ensureFrontendBuilt((line) => supervisor.log('frontend', line));

  if (!(await redisAnswers(config.REDIS_URL))) {
    console.error(redisHelp(config.REDIS_URL));
    process.exit(1);
  }

  const databaseUrl = config.DATABASE_URL ?? (await startEmbeddedPostgres());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: config.NODE_ENV,
    DATABASE_URL: databaseUrl,
    REDIS_URL: config.REDIS_URL,
    PORT: String(config.PORT),
    QUERY_API_PORT: String(config.QUERY_API_PORT),
    COMMAND_API_PORT: String(config.COMMAND_API_PORT),
  };

  const prepared = await supervisor.spawn('prepare', 'scripts/prepare.ts', { env, oneShot: true }).exited;
  if (prepared !== 0) {
    say('подготовка базы не удалась');
    return void shutdown(1);
  }

  for (const service of SERVICES) supervisor.spawn(service.name, service.entry, { env });
  await Promise.all([config.COMMAND_API_PORT, config.QUERY_API_PORT, config.PORT].map((port) => waitForPort(port)));
  if (shuttingDown) return;
  say(`Сайт: http://localhost:${config.PORT}`);
  say('Ctrl-C — остановить всё');
}

/** Runs platform/src/embedded/main.ts and waits for the URL it reports once the server is ready. */
function startEmbeddedPostgres(): Promise<string> {
  const postgres = supervisor.spawn('postgres', 'platform/src/embedded/main.ts', { env: process.env, ipc: true });
  return new Promise((resolve, reject) => {
    postgres.child.on('message', (message: { type?: string; url?: string }) => {
      if (message.type === 'ready' && message.url) {
        say(`встроенный Postgres готов (данные в .data/postgres, порт ${process.env.EMBEDDED_PG_PORT ?? 5433})`);
        resolve(message.url);
      }
    });
    void postgres.exited.then(() => reject(new Error('встроенный Postgres не запустился')));
  });
}

main().catch((error: unknown) => {
  say(error instanceof Error ? error.message : String(error));
  void shutdown(1);
});
