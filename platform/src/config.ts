import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Unset means: `npm start` runs an embedded Postgres and sets it. */
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  EVENT_STORE: z.enum(['postgres', 'esdb']).default('postgres'),
  ESDB_URL: z.string().optional(),
  /** The gateway: the only port a browser talks to. */
  PORT: z.coerce.number().int().positive().default(3000),
  QUERY_API_PORT: z.coerce.number().int().positive().default(3101),
  COMMAND_API_PORT: z.coerce.number().int().positive().default(3102),
  YANDEX_MAPS_API_KEY: z.string().default(''),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.EVENT_STORE === 'esdb' && !parsed.data.ESDB_URL) {
    throw new Error('Invalid configuration:\n  ESDB_URL: required when EVENT_STORE=esdb');
  }
  return parsed.data;
}
