import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isCommandGet, LOOPBACK_PAGES, sitePageOf } from '@studio/domain';
import { compileTrust, isLoopbackAddress, TRUST_NOBODY } from '../http/client-address';
import { clientViewOf, type ClientView } from './client-view';
import { limitConnectionsPerAddress } from './connection-limit';
import { proxyRequest, proxyUpgrade, upstreamAt } from './proxy';
import { STRICT_TRANSPORT_SECURITY } from './security-headers';
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
  /**
   * TRUST_PROXY: the outer proxies (a TLS proxy in front) whose X-Forwarded-For and X-Forwarded-Proto
   * are believed, as names (loopback), addresses or CIDRs, comma-separated; unset, none (client-view.ts).
   */
  trustProxy?: string | undefined;
  /** What one client may hold; SLOW_CLIENT_LIMITS for whatever is not given. */
  limits?: Partial<SlowClientLimits>;
}

export interface SlowClientLimits {
  /** How long a client may take to send a request's headers. */
  headersTimeoutMs: number;
  /** How long it may take to send a whole request, body included (a hall photo upload is the longest). */
  requestTimeoutMs: number;
  /** Open connections from one address (an IPv6 /64); a trusted outer proxy is not counted. */
  connectionsPerAddress: number;
}

/**
 * Ten seconds for headers; five minutes for a whole request, as long as the back-office gives a
 * photo upload over a slow uplink; 64 connections, ten times what a browser opens to one site, so
 * that an office or a phone operator's NAT is not cut off.
 */
export const SLOW_CLIENT_LIMITS: SlowClientLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 300_000, connectionsPerAddress: 64 };

export interface Gateway {
  port: number;
  close(): Promise<void>;
}

/**
 * The only port a browser talks to: reads (GET/HEAD /api/*) and socket.io go to query-api,
 * every other /api/* method and the few GETs that write (`isCommandGet`) to command-api, /media/* the
 * uploaded photos, anything else is the single-page app (404 for a path that is none of its pages).
 * One client's slow requests are bounded (SLOW_CLIENT_LIMITS) and hold no upstream connection
 * while their bodies arrive (proxy.ts), so they cannot stall everyone else's writes.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const query = upstreamAt(options.queryApiUrl);
  const command = upstreamAt(options.commandApiUrl);
  const serveStatic = createStaticHandler(options.staticDir);
  const serveMedia = options.mediaDir ? createStaticHandler(options.mediaDir, { app: false }) : null;
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;
  const limits = { ...SLOW_CLIENT_LIMITS, ...options.limits };
  const trust = options.trustProxy ? compileTrust(options.trustProxy) : TRUST_NOBODY;

  const server = http.createServer(
    // Node looks for requests past their time-outs every interval: 30 s by default, longer than the header time-out itself.
    { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
    (req, res) => {
      const pathname = pathOf(req.url);
      const client = clientViewOf(req, trust);
      if (client.protocol === 'https') res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
      if (isApi(pathname)) {
        // JSON, never to be read as anything else; the gateway's own 502 and 504 included.
        res.setHeader('X-Content-Type-Options', 'nosniff');
        const read = (req.method === 'GET' || req.method === 'HEAD') && !isCommandGet(pathname);
        proxyRequest(read ? query : command, req, res, client, timeoutMs);
      } else if (isSocketIo(pathname)) {
        proxyRequest(query, req, res, client);
      } else {
        const media = serveMedia && isMedia(pathname);
        (media ? serveMedia(req, res, pathname.slice(MEDIA_PREFIX.length)) : serveStatic(req, res, pathname, (page) => isPageFor(client, page))).catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
          else res.destroy();
        });
      }
    },
  );
  server.on('upgrade', (req, socket, head) => {
    if (isSocketIo(pathOf(req.url))) proxyUpgrade(query, req, socket, head, clientViewOf(req, trust));
    else socket.destroy();
  });
  limitConnectionsPerAddress(server, limits.connectionsPerAddress, (address) => trust(address, 0));
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

const TIMEOUT_CHECK_MS = 1_000;

/** Whether `pathname` is an app page for this client: the loopback-only ones (the dev outbox) are none to a visitor from elsewhere. */
function isPageFor(client: ClientView, pathname: string): boolean {
  const page = sitePageOf(pathname);
  return page !== undefined && (!LOOPBACK_PAGES.includes(page) || isLoopbackAddress(client.address));
}

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const MEDIA_PREFIX = '/media';
const isMedia = (pathname: string) => pathname.startsWith(`${MEDIA_PREFIX}/`);
const isSocketIo = (pathname: string) => pathname === '/socket.io' || pathname.startsWith('/socket.io/');
