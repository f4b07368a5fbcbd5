// Part of `npm run lint` (docs/frontend.md#stylesheets): the frontend's stylesheets are named in
// kebab-case, every class a component's `className` names exists in some stylesheet, and every
// class a stylesheet defines is used somewhere in the frontend's code. A class put together at run
// time (`chip--${status}`) is checked through DYNAMIC below. Exits 1 naming each problem.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = 'frontend/src/';

/**
 * Classes a template literal completes with a value known only at run time (`chip--${status}`): the
 * prefix, and each value of it that a stylesheet styles. A defined class under one of these prefixes
 * counts as used only when it is listed here (or named whole somewhere); a value with no style of
 * its own, a pending booking's plain chip say, is not listed.
 */
const DYNAMIC = {
  // admin/calendar: a cell's state (cells.ts CellState), the sheet's slide direction.
  'acal-cell--': ['free', 'paid', 'unpaid', 'selected'],
  'acal__sheet--': ['next', 'previous'],
  // A booking's status (cabinet cards, back-office client history), a payment's (finance journal, payment page).
  'chip--': ['confirmed', 'completed', 'canceled'],
  'afinance__status--': ['pending', 'waiting_for_capture', 'requested', 'canceled'],
  'status-chip--': ['succeeded', 'canceled'],
  'ahall__upload-row--': ['failed'],
  'aops__state--': ['live', 'catching_up', 'rebuilding', 'failed'],
  'aphoto-day__cell--': ['pochta', 'kirova', 'masterskaya'],
  'apromo__status--': ['active', 'expired', 'used'],
  'steps__item--': ['current', 'done'],
  'price__line--': ['discount', 'promo'],
  'waitlist-card--': ['offered'],
  'page-slide--': ['left', 'right'],
  // The slot calendar: its selection mode, a cell's state and which half of an hour is taken.
  'cal--': ['half'],
  'cal-cell--': ['available', 'selected', 'booked', 'partial', 'user-booked', 'partial-user-booked', 'past'],
  'cal-cell--taken-': ['second'],
};

const problems = [];
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', SRC], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && existsSync(file));

// Stylesheets: kebab-case names; the classes their selectors name.
const defined = new Map();
for (const file of files.filter((name) => name.endsWith('.css'))) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*\.css$/.test(path.basename(file))) problems.push(`${file}: name a stylesheet in kebab-case`);
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  // A rule's prelude is what stands between the previous `{`, `}` or `;` and its own `{`.
  for (const match of text.matchAll(/(?:^|[{};])([^{};]*)\{/g)) {
    const prelude = match[1].trim();
    if (prelude.startsWith('@')) continue;
    const selector = prelude.replace(/\[[^\]]*\]/g, '').replace(/(['"]).*?\1/g, '');
    for (const [, name] of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
      const line = text.slice(0, match.index + match[0].indexOf(prelude)).split('\n').length;
      if (!defined.has(name)) defined.set(name, `${file}:${line}`);
    }
  }
}

// Code: every word of every string and template literal may be a class (used); the literals of a
// className attribute must be classes (named).
const used = new Set();
const prefixes = new Map();
const named = [];
const words = (text) => text.split(/\s+/).filter((word) => /^-?[_a-zA-Z][\w-]*$/.test(word));

/** A comparison's operand (`status === 'pending'`) or a key is a value, not a class. */
const isValue = (node) =>
  (ts.isBinaryExpression(node.parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.parent.operatorToken.kind)) ||
  ts.isElementAccessExpression(node.parent);

const PREFIX = /(-?[_a-zA-Z][\w-]*[-_])$/;

/** A value made of literals only (`paid ? 'paid' : 'unpaid'`): the classes it completes are known. */
const known = (node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || (ts.isParenthesizedExpression(node) && known(node.expression)) || (ts.isConditionalExpression(node) && known(node.whenTrue) && known(node.whenFalse));

/**
 * Calls each(node, text, open) for every string and template chunk under node; a literal inside
 * `chip--${…}` comes with its prefix. `open` says the text's last word is completed by a value
 * known only at run time.
 */
const visitLiterals = (node, each, prefix = '') => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return each(node, prefix + node.text, false);
  if (ts.isTemplateExpression(node)) {
    const chunks = [node.head, ...node.templateSpans.map((span) => span.literal)];
    node.templateSpans.forEach((span, index) => {
      const before = chunks[index].text.match(PREFIX);
      each(node, (index === 0 ? prefix : '') + chunks[index].text, Boolean(before) && !known(span.expression));
      visitLiterals(span.expression, each, before ? before[1] : '');
    });
    return each(node, chunks.at(-1).text, false);
  }
  ts.forEachChild(node, (child) => visitLiterals(child, each, prefix));
};

for (const file of files.filter((name) => /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name))) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  visitLiterals(source, (node, text, open) => {
    for (const word of words(text)) used.add(word);
    if (open) prefixes.set(text.match(PREFIX)[1], `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
  });
  const visitAttributes = (node) => {
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'className' && node.initializer) {
      visitLiterals(node.initializer, (literal, text, open) => {
        if (isValue(literal)) return;
        const line = source.getLineAndCharacterOfPosition(literal.getStart()).line + 1;
        const complete = open || PREFIX.test(text) ? text.replace(PREFIX, '') : text;
        for (const word of words(complete)) named.push({ word, where: `${file}:${line}` });
      });
    }
    ts.forEachChild(node, visitAttributes);
  };
  visitAttributes(source);
}

for (const { word, where } of named) {
  if (!defined.has(word)) problems.push(`${where}: className «${word}» is defined in no stylesheet`);
}
for (const [prefix, where] of prefixes) {
  if (!defined.has(prefix) && ![...defined.keys()].some((name) => name.startsWith(prefix))) continue;
  if (!Object.hasOwn(DYNAMIC, prefix)) problems.push(`${where}: «${prefix}…» is completed at run time: list the classes it can become in DYNAMIC (scripts/lint/css-classes.mjs)`);
}
const listed = new Set(Object.entries(DYNAMIC).flatMap(([prefix, values]) => values.map((value) => prefix + value)));
for (const name of listed) {
  if (!defined.has(name)) problems.push(`scripts/lint/css-classes.mjs: DYNAMIC lists «${name}», which no stylesheet defines`);
}
for (const [name, where] of defined) {
  const dynamic = Object.keys(DYNAMIC).some((prefix) => name.startsWith(prefix));
  if (!used.has(name) && !(dynamic && listed.has(name))) problems.push(`${where}: class «${name}» is used nowhere in the frontend's code`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} stylesheet problem(s)`);
  process.exit(1);
}
