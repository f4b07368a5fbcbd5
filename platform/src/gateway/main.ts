// The gateway as a process: `node --import tsx platform/src/gateway/main.ts` (npm start, Docker).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runService } from '../process/run-service';
import { diskMediaStore } from '../media/media-store';
import { SLOW_CLIENT_LIMITS, startGateway } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

await runService('gateway', async ({ config }) => {
  // In Docker the services are other hosts; locally they are the configured loopback ports.
  const env = z
    .object({
      QUERY_API_URL: z.url().default(`http://127.0.0.1:${config.QUERY_API_PORT}`),
      COMMAND_API_URL: z.url().default(`http://127.0.0.1:${config.COMMAND_API_PORT}`),
      FRONTEND_DIST: z.string().default(path.join(repoRoot, 'frontend', 'dist')),
      GATEWAY_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
      GATEWAY_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(SLOW_CLIENT_LIMITS.connectionsPerAddress),
    })
    .parse(process.env);

  const gateway = await startGateway({
    port: config.PORT,
    staticDir: env.FRONTEND_DIST,
    queryApiUrl: env.QUERY_API_URL,
    commandApiUrl: env.COMMAND_API_URL,
    upstreamTimeoutMs: env.GATEWAY_UPSTREAM_TIMEOUT_MS,
    mediaDir: diskMediaStore(config.MEDIA_DIR).publicRoot,
    trustProxy: config.TRUST_PROXY,
    limits: { connectionsPerAddress: env.GATEWAY_CONNECTIONS_PER_ADDRESS },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(`port ${config.PORT} is already in use: stop what holds it or choose another, e.g. PORT=3001 npm start`);
    process.exit(1);
  });
  console.log(`gateway listening on :${gateway.port} (query-api ${env.QUERY_API_URL}, command-api ${env.COMMAND_API_URL}${config.TRUST_PROXY ? `, trusting proxies ${config.TRUST_PROXY}` : ''})`);
  return () => gateway.close();
});
