// Part of `npm run lint`: every `docs/<page>.md#<heading>` reference in the repository must lead to
// a page and a heading that exist, and nothing may cite the product specs or design notes kept
// outside the repository: the docs/ pages are the project's own account of them (docs/frontend.md
// and README list the pages). Exits 1 naming each broken reference.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const TEXT = /\.(ts|tsx|js|mjs|cjs|css|html|json|md|sh|ya?ml|example)$|(^|\/)(Dockerfile|run)$/;
const SELF = 'scripts/lint/docs-references.mjs';
const REFERENCE = /docs\/([\w./-]+\.md)(?:#([\w-]+))?/g;
// The outside documents by name, a section sign, or the design notes' file names.
const OUTSIDE = /admin-backoffice|customer-booking(?![\w-])|public-site(?![\w-])|§|(?<![\w/])(?:ARCHITECTURE|PAYMENTS|LIBRARIES)\.md|shared\/(?:spec|design)/;

/** The anchor a heading gets on the code host: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchors = new Map();
const anchorsOf = (page) => {
  if (!anchors.has(page)) {
    const headings = readFileSync(page, 'utf8').split('\n').filter((line) => /^#{1,6} /.test(line));
    anchors.set(page, new Set(headings.map((line) => slug(line.replace(/^#+ /, '')))));
  }
  return anchors.get(page);
};

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && TEXT.test(file) && file !== SELF && file !== 'package-lock.json' && existsSync(file));

const problems = [];
for (const file of files) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      if (OUTSIDE.test(line)) problems.push(`${where}: cites a document outside the repository; point to a docs/ page instead`);
      for (const [, page, anchor] of line.matchAll(REFERENCE)) {
        const path = `docs/${page}`;
        if (!existsSync(path)) problems.push(`${where}: ${path} does not exist`);
        else if (anchor && !anchorsOf(path).has(anchor)) problems.push(`${where}: ${path} has no heading #${anchor}`);
      }
    });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} broken docs reference(s)`);
  process.exit(1);
}
