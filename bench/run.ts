// `npm run bench`: every figure in one run, each section against its own baseline measured in
// the same process. Sections register in ./sections.ts.
import { sections } from './sections';

const only = process.argv.slice(2);
for (const section of sections) {
  if (only.length && !only.includes(section.name)) continue;
  console.log(`\n=== ${section.name}: ${section.title} ===`);
  try {
    await section.run();
  } catch (error) {
    console.log(`  FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
