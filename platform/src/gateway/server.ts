import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isCommandGet } from '@studio/domain';
import { proxyRequest, proxyUpgrade, upstreamAt } from './proxy';
import { createStaticHandler } from './static-files';

export interface GatewayOptions {
  port: number;
  host?: string;
  /** The built frontend (frontend/dist). */
  staticDir: string;
  queryApiUrl: string;
  commandApiUrl: string;
  /** How long an API service may take to begin its answer before the client gets a 504; default 30 s. */
  upstreamTimeoutMs?: number;
  /** The uploaded media's public folder, served at /media; unset, /media is the app's 404. */
  mediaDir?: string;
}

export interface Gateway {
  port: number;
  close(): Promise<void>;
}

/**
 * The only port a browser talks to: reads (GET/HEAD /api/*) and socket.io go to query-api,
 * every other /api/* method and the few GETs that write (`isCommandGet`) to command-api, /media/* the
 * uploaded photos, anything else is the single-page app (404 for a path that is none of its pages).
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const query = upstreamAt(options.queryApiUrl);
  const command = upstreamAt(options.commandApiUrl);
  const serveStatic = createStaticHandler(options.staticDir);
  const serveMedia = options.mediaDir ? createStaticHandler(options.mediaDir, { app: false }) : null;
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;

  const server = http.createServer((req, res) => {
    const pathname = pathOf(req.url);
    if (isApi(pathname)) {
      const read = (req.method === 'GET' || req.method === 'HEAD') && !isCommandGet(pathname);
      proxyRequest(read ? query : command, req, res, timeoutMs);
    } else if (isSocketIo(pathname)) {
      proxyRequest(query, req, res);
    } else {
      const media = serveMedia && isMedia(pathname);
      (media ? serveMedia(req, res, pathname.slice(MEDIA_PREFIX.length)) : serveStatic(req, res, pathname)).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    }
  });
  server.on('upgrade', (req, socket, head) => {
    if (isSocketIo(pathOf(req.url))) proxyUpgrade(query, req, socket, head);
    else socket.destroy();
  });
  // Browsers keep idle connections open; close() must not wait for them.
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query === -1 ? raw : raw.slice(0, query);
}

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const MEDIA_PREFIX = '/media';
const isMedia = (pathname: string) => pathname.startsWith(`${MEDIA_PREFIX}/`);
const isSocketIo = (pathname: string) => pathname === '/socket.io' || pathname.startsWith('/socket.io/');
