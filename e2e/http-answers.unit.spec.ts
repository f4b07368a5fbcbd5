// HTTP_ANSWERS (domain/src/contracts/http/routes.ts) is the map the test kit checks every answer
// with: it must name each JSON route the two APIs mount, and no route they do not. The apps are
// built here over stand-ins that fail if used (no request is sent), and their routers walked.
import { describe, expect, it } from 'vitest';
import { createApp, type CommandApiDeps } from '@studio/command-api';
import { answerSchemaOf, HTTP_ANSWERS, type HttpRoute } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { createQueryApp, type QueryAppDeps } from '@studio/query-api';

/** `given`, and for anything else a function that fails: an app can be built on it, not serve. */
const standIn = <T>(given: Record<string, unknown> = {}): T =>
  new Proxy(given, { get: (target, key) => (key in target ? target[key as string] : () => Promise.reject(new Error(`stand-in ${String(key)} used`))) }) as T;

/** Routes that answer a file, not JSON. */
const FILES = new Set(['GET /api/admin/finance/journal.csv', 'GET /api/calendar-feeds/:file', 'GET /api/bookings/:id/calendar.ics']);

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string;
}

/** `METHOD /path` of every route in an express app's router, mounted routers included. */
function mounted(stack: readonly Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${prefix}${layer.route!.path}`);
    if (layer.handle?.stack) return mounted(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''));
    return [];
  });
}

const routerStack = (app: unknown) => (app as { router: { stack: Layer[] } }).router.stack;
const queryApp = createQueryApp(standIn<QueryAppDeps>({ db: createKysely(standIn()), devOutbox: true }));
const commandApp = createApp(standIn<CommandApiDeps>({ guards: {}, trustProxy: undefined }));
const routes = [...mounted(routerStack(queryApp)), ...mounted(routerStack(commandApp))].filter((route) => !FILES.has(route));

describe('HTTP_ANSWERS', () => {
  it('names the contract of every JSON route the APIs mount', () => {
    // Both routers were walked, mounted ones included (command-api's features are under /api).
    expect(routes).toEqual(expect.arrayContaining(['GET /api/health', 'GET /api/:studio', 'POST /api/holds', 'PUT /api/admin/:id', 'POST /api/kirova/bookings']));
    const unnamed = routes.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return answerSchemaOf(method, path) === undefined;
    });
    expect(unnamed).toEqual([]);
  });

  it('names no route the APIs do not mount', () => {
    const served = new Set(routes.map((route) => answerSchemaOf(...(route.split(' ') as [string, string]))?.route));
    expect(Object.keys(HTTP_ANSWERS).filter((route) => !served.has(route as HttpRoute))).toEqual([]);
  });
});
