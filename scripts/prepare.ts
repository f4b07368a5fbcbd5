// One-shot step before the services start (npm start, docker-compose "prepare"): creates the event
// store, read-model, sessions and messaging tables, then writes the demo catalogue if it is not there yet and
// the first super administrator (ADMIN_LOGIN / ADMIN_PASSWORD) if its login belongs to nobody.
import { createEventStore, createPool, customerSessions, ensureMessagingTables, ensureSuperAdmin, loadConfig, seedDemoData, staffSessions } from '@studio/platform';
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
  await customerSessions.ensureTable(pool);
  await ensureMessagingTables(pool);
  await staffSessions.ensureTable(pool);
  const { seeded, skipped } = await seedDemoData(store);
  console.log(seeded.length > 0 ? `demo data written: ${seeded.join(', ')}` : `demo data already present (${skipped.length} streams)`);
  const superAdmin = await ensureSuperAdmin(store, config);
  console.log(superAdmin === 'created' ? `super administrator «${config.ADMIN_LOGIN}» created` : `super administrator «${config.ADMIN_LOGIN}» already exists (left as it is)`);
} finally {
  await pool.end();
  await store.close();
}
