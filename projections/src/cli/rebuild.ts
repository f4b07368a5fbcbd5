// `npm run projections:rebuild -- <projection>`: builds the next version of a read model beside
// the live one, compares it with the live one brought to the same position, and switches readers
// and the live runner to it when they are equal. The operators' console runs the same, and shows
// this run too: the request, the progress and the outcome are recorded as the operator's.
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { Redis } from 'ioredis';
import { DomainError, type ProjectionName } from '@studio/domain';
import { createEventStore, createPool, loadConfig } from '@studio/platform';
import { recordRebuild, runRecordedRebuild } from '../operations/recorded-rebuild';
import { findProjection, PROJECTIONS } from '../projections';
import { createChangePublisher } from '../pushes/publisher';
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
const request = { rebuildId: randomUUID(), projection: projection.name as ProjectionName };
const context = { actor: `operator:${operatorName()}`, causationId: 'cli:projections:rebuild' };
try {
  await recordRebuild(store, { type: 'RequestProjectionRebuild', data: request }, context);
  const result = await runRecordedRebuild(
    { store, pool, publish: createChangePublisher(redis), log: (message, error) => console.error(message, error ?? ''), onProgress: (progress) => printer.update(progress) },
    request,
    context,
  );
  const seconds = (Date.now() - started) / 1000;
  const compared = result.comparison ? `; ${comparisonSummary(result.comparison)}` : '';
  if (result.switched) printer.done(`v${result.previousVersion} → v${result.version}, ${result.applied} events in ${seconds.toFixed(1)} s${compared}; readers now use v${result.version}`);
  else {
    printer.done(`${result.applied} events in ${seconds.toFixed(1)} s${compared}; kept v${result.previousVersion}, the rebuilt version is dropped`);
    process.exitCode = 1;
  }
} catch (error) {
  // A refusal (a rebuild of it under way) is said as the console says it.
  console.error(error instanceof DomainError ? error.message : `\nRebuild of ${projection.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  redis.disconnect();
  await store.close();
  await pool.end();
}

/** The operator's login on this machine, as the console names who ran the command. */
function operatorName(): string {
  let user = process.env.USER ?? 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (some containers): USER is what there is.
  }
  return `${user}@${hostname()}`;
}
