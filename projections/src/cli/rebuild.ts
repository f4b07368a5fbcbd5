// `npm run projections:rebuild -- <projection>`: builds the next version of a read model beside
// the live one, compares it with the live one brought to the same position, and switches readers
// and the live runner to it when they are equal (the operators' console runs the same).
import { Redis } from 'ioredis';
import { createEventStore, createPool, loadConfig } from '@studio/platform';
import { findProjection, PROJECTIONS } from '../projections';
import { createChangePublisher } from '../pushes/publisher';
import { rebuildProjection } from '../runtime/rebuild';
import { comparisonSummary, createProgressPrinter } from './progress';

const name = process.argv[2];
const projection = name ? findProjection(name) : undefined;
if (!projection) {
  console.error(`Usage: npm run projections:rebuild -- <${PROJECTIONS.map((p) => p.name).join('|')}>`);
  process.exit(2);
}

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
const pool = createPool(config.DATABASE_URL);
const store = await createEventStore(config);
const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
const printer = createProgressPrinter(process.stdout, projection.name);
const started = Date.now();
try {
  const result = await rebuildProjection({
    store,
    pool,
    projection,
    onProgress: (progress) => printer.update(progress),
    publish: createChangePublisher(redis),
    compare: true,
  });
  const seconds = (Date.now() - started) / 1000;
  const compared = result.comparison ? `; ${comparisonSummary(result.comparison)}` : '';
  if (result.switched) printer.done(`v${result.previousVersion} → v${result.version}, ${result.applied} events in ${seconds.toFixed(1)} s${compared}; readers now use v${result.version}`);
  else {
    printer.done(`${result.applied} events in ${seconds.toFixed(1)} s${compared}; kept v${result.previousVersion}, the rebuilt version is dropped`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`\nRebuild of ${projection.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  redis.disconnect();
  await store.close();
  await pool.end();
}
