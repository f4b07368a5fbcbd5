// The frontend's import rule, after bulletproof-react's import/no-restricted-paths zones, written as
// a local ESLint rule so it needs no plugin: a feature folder of frontend/src never reaches into
// another feature's files, and the shared folders never import a feature. What several features
// use lives in a shared folder (ui/, api/, app/, …), or is one of the few modules a feature lists
// below as open to the others. docs/frontend.md#folders-and-imports explains the layout.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/src');

/** Folders any feature may import; they import no feature themselves (app/, which composes the routes, excepted). */
const SHARED = ['api', 'app', 'ui', 'styles', 'session', 'realtime', 'navigation', 'errors', 'studios', 'calendar', 'map'];

/** A feature's modules open to other features (paths inside the feature, without .ts/.tsx), with why. */
const PUBLIC = {
  // The cabinet's log-out call, its phone-code field and the forms' stylesheet (the admin login, the cabinet).
  accounts: ['api', 'AuthFormParts', 'account.css'],
  // The phone rule and its messages, which the account forms check the same way; the booking page's
  // layout, which the cabinet's reschedule page (the same calendar beside a summary) shares.
  booking: ['booking-form', 'booking.css'],
  // How a booking's money, status and dates read, and the facts list and chips the back-office's cards show too.
  cabinet: ['classify', 'format', 'payment-view', 'cabinet.css'],
};

const topFolder = (file) => {
  const relative = path.relative(SRC, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};

const rule = {
  meta: { type: 'problem', schema: [], messages: {
    internal: "«{{from}}» may not import «{{target}}», a file inside another feature: move what both need to a shared folder (ui/, api/, …) or open it in scripts/lint/feature-boundaries.js.",
    shared: "The shared folder «{{from}}» may not import the feature «{{target}}»: shared code depends on no feature.",
  } },
  create(context) {
    const from = topFolder(context.filename);
    if (!from || from === 'app' || path.extname(from)) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(context.filename), source.value);
      const to = topFolder(resolved);
      if (!to || to === from || SHARED.includes(to)) return;
      const inside = path.relative(path.join(SRC, to), resolved).replace(/\.(tsx?|js)$/, '').split(path.sep).join('/');
      if (SHARED.includes(from)) context.report({ node: source, messageId: 'shared', data: { from, target: `${to}/${inside}` } });
      else if (!(PUBLIC[to] ?? []).includes(inside)) context.report({ node: source, messageId: 'internal', data: { from, target: `${to}/${inside}` } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

/** Module names: a `.ts` module is kebab-case (hooks `use-x.ts`), a `.tsx` one a PascalCase component or kebab-case. */
const fileNames = {
  meta: { type: 'suggestion', schema: [], messages: { name: '«{{name}}»: name a .ts module in kebab-case (hooks use-x.ts), a .tsx one in PascalCase or kebab-case.' } },
  create(context) {
    const name = path.basename(context.filename);
    const [stem] = name.split('.');
    const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem);
    const ok = name.endsWith('.tsx') ? kebab || /^[A-Z][A-Za-z0-9]*$/.test(stem) : kebab;
    return ok ? {} : { Program: (node) => context.report({ node, messageId: 'name', data: { name } }) };
  },
};

export const featureBoundaries = { rules: { 'no-feature-internals': rule, 'file-names': fileNames } };
