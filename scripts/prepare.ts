// One-shot step before the services start (npm start, docker-compose "prepare"): creates the event
// store, read-model, sessions and messaging tables, then writes the demo catalogue if it is not there yet,
// outside production the demo bookings if the store has no booking yet, and the first super
// administrator (ADMIN_LOGIN / ADMIN_PASSWORD) if its login belongs to nobody.
import { tomskToday } from '@studio/domain';
import { createEventStore, createPool, customerSessions, ensureMessagingTables, ensureSuperAdmin, loadConfig, seedDemoBookings, seedDemoData, staffSessions } from '@studio/platform';
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
  // A production store (docker-compose's prepare) gets no made-up bookings, not even a fresh one.
  if (config.NODE_ENV !== 'production') {
    const demo = await seedDemoBookings(store, { today: tomskToday(new Date()) });
    console.log(
      demo.written > 0
        ? `demo bookings written: ${demo.written} (${demo.cancelled} cancelled, ${demo.technical} technical; development only)`
        : 'demo bookings left out: the store already has bookings',
    );
  }
  const superAdmin = await ensureSuperAdmin(store, config);
  console.log(superAdmin === 'created' ? `super administrator «${config.ADMIN_LOGIN}» created` : `super administrator «${config.ADMIN_LOGIN}» already exists (left as it is)`);
} finally {
  await pool.end();
  await store.close();
}
