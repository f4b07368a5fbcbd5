// One-shot step before the services start (npm start, docker-compose "prepare"): creates the event
// store, read-model, sessions and messaging tables, then writes the demo catalogue if it is not there yet.
import { ensureSessionsTable } from '@studio/command-api';
import { createEventStore, createPool, ensureMessagingTables, loadConfig, seedDemoData } from '@studio/platform';
import { ensureReadModels } from '@studio/projections';

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('DATABASE_URL is required (read models live in Postgres)');
  process.exit(1);
}
const store = await createEventStore(config);
const pool = createPool(config.DATABASE_URL, 2);
try {
  await ensureReadModels(pool);
  await ensureSessionsTable(pool);
  await ensureMessagingTables(pool);
  const { seeded, skipped } = await seedDemoData(store);
  console.log(seeded.length > 0 ? `demo data written: ${seeded.join(', ')}` : `demo data already present (${skipped.length} streams)`);
} finally {
  await pool.end();
  await store.close();
}
