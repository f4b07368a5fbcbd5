// `npm run bench [section…]`: every figure in one run, each section against its own baseline
// measured in the same process. Sections register in ./sections.ts. Each runs in a scope of its
// own (a Redis prefix, and whatever it opens closed when it ends), so one that fails cannot break
// the next: the run says which failed and why, goes on, and ends non-zero.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { deleteKeys } from '../e2e/kit';
import { errorText, withScope } from './scope';
import { sections, type BenchSection } from './sections';

const only = process.argv.slice(2);
const unknown = only.filter((name) => !sections.some((section) => section.name === name));
if (unknown.length) {
  console.log(`no such section: ${unknown.join(', ')} (sections: ${sections.map((section) => section.name).join(', ')})`);
  process.exit(1);
}

const failed = new Set<string>();
let current = 'the runner';
function fail(name: string, what: string, error: unknown) {
  failed.add(name);
  process.exitCode = 1;
  console.log(`  FAILED (${name}): ${what}: ${errorText(error)}`);
}
// An error nobody awaited (a connection's late 'error', a promise left behind) would end the
// process here; it fails the section it happened in and the run goes on.
process.on('unhandledRejection', (error) => fail(current, 'an unhandled rejection', error));
process.on('uncaughtException', (error) => fail(current, 'an uncaught exception', error));

/** The handles (sockets, servers, timers) a section left open: what would slow or break the next one. */
const openHandles = () => process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');

function leftovers(before: string[], after: string[]): string[] {
  const left = [...after];
  for (const kind of before) {
    const i = left.indexOf(kind);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

async function runSection(section: BenchSection): Promise<number> {
  current = section.name;
  const redisPrefix = `bench-${section.name}-${randomBytes(4).toString('hex')}`;
  const handlesBefore = openHandles();
  const started = performance.now();
  try {
    await withScope(async (defer) => {
      // Deferred first, so it runs last: once the section's queues and servers are closed.
      defer(async () => {
        const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
        try {
          await redis.connect();
          await deleteKeys(redis, `${redisPrefix}*`);
        } finally {
          redis.disconnect();
        }
      });
      await section.run({ redisPrefix, defer });
    });
  } catch (error) {
    fail(section.name, 'the section threw', error);
  }
  const seconds = (performance.now() - started) / 1000;
  // Sockets close a tick after their close() resolves: give them that before looking.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const left = leftovers(handlesBefore, openHandles());
  if (left.length) fail(section.name, 'it left open', left.join(', '));
  return seconds;
}

const started = performance.now();
const took = new Map<string, number>();
for (const section of sections) {
  if (only.length && !only.includes(section.name)) continue;
  console.log(`\n=== ${section.name}: ${section.title} ===`);
  const seconds = await runSection(section);
  took.set(section.name, seconds);
  console.log(`  (${section.name}: ${seconds.toFixed(1)} s${failed.has(section.name) ? ', FAILED' : ''})`);
}
current = 'the runner';
const passed = [...took.keys()].filter((name) => !failed.has(name)).length;
console.log(`\n=== summary: ${passed} of ${took.size} sections passed, in ${((performance.now() - started) / 1000).toFixed(0)} s ===`);
for (const [name, seconds] of took) console.log(`  ${failed.has(name) ? 'FAILED' : 'ok    '} ${name.padEnd(16)} ${seconds.toFixed(1).padStart(6)} s`);
// Whatever a section left open has been reported; it must not keep the run from ending.
process.exit(process.exitCode ?? 0);
