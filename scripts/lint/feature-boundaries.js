// The frontend's import rule, after bulletproof-react's import/no-restricted-paths zones, written as
// a local ESLint rule so it needs no plugin: a feature folder of frontend/src never reaches into
// another feature's files, and the shared folders never import a feature. What several features
// use lives in a shared folder (ui/, api/, …); a feature that others use opens what they need in
// its index.ts, and only that. docs/frontend.md#folders-and-imports explains the layout.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/src');

/** Folders any feature may import, with what they hold; they import no feature themselves (app/, which composes the routes, excepted). */
const SHARED = {
  ui: 'components, styles and helpers more than one feature shows, the slot calendar (ui/calendar) among them',
  api: 'the one API client',
  app: 'the routes, which compose the features',
  styles: 'the design tokens and the base stylesheet',
  session: 'the signed-in customer',
  realtime: 'the pushes from the server',
  navigation: "the pages' exit animation and history",
  errors: 'the error boundary and the 404 page',
  studios: "the studios' names and addresses",
};

const topFolder = (file) => {
  const relative = path.relative(SRC, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};

const rule = {
  meta: { type: 'problem', schema: [], messages: {
    internal: "«{{from}}» may not import «{{target}}», a file inside another feature: import the feature's index.ts (what it opens to the others), or move what both need to a shared folder (ui/, api/, …).",
    shared: "The shared folder «{{from}}» may not import the feature «{{target}}»: shared code depends on no feature.",
  } },
  create(context) {
    const from = topFolder(context.filename);
    if (!from || from === 'app' || path.extname(from)) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(context.filename), source.value);
      const to = topFolder(resolved);
      if (!to || to === from || Object.hasOwn(SHARED, to)) return;
      const inside = path.relative(path.join(SRC, to), resolved).replace(/\.(tsx?|js)$/, '').split(path.sep).join('/');
      if (Object.hasOwn(SHARED, from)) context.report({ node: source, messageId: 'shared', data: { from, target: `${to}/${inside}` } });
      // The feature's folder itself («../cabinet») or its index.ts: what it opens to the others.
      else if (inside !== '' && inside !== 'index') context.report({ node: source, messageId: 'internal', data: { from, target: `${to}/${inside}` } });
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
