// Vitest globalSetup of the browser project: starts building the frontend as the run starts, so
// the build overlaps the unit and integration tests instead of delaying the first browser test.
// The browser stacks wait for it through ensureFrontendBuilt's cross-process lock.
import { ensureFrontendBuilt } from './frontend-build';

export default function setup(): () => Promise<void> {
  const build = ensureFrontendBuilt().catch((error: unknown) => {
    // The first browser stack builds again and fails with the reason where a test sees it.
    console.error('the frontend build failed:', error);
  });
  return async () => {
    await build;
  };
}
