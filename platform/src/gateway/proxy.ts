import http from 'node:http';
import type { ErrorBody } from '@studio/domain';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';

/** Headers that describe one hop, not the message: never forwarded as they are. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** Forwarding headers only the gateway may set: a client's own would let it pose as another address. */
const FORWARDING = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'];

// The one error body of every API (platform/src/http), for the answers the gateway gives itself.
const UNAVAILABLE_BODY = JSON.stringify({ success: false, error: 'Сервис временно недоступен', code: 'upstream_unavailable' } satisfies ErrorBody);
const TIMEOUT_BODY = JSON.stringify({ success: false, error: 'Сервис не ответил вовремя', code: 'upstream_timeout' } satisfies ErrorBody);

/** Where a service listens; parsed once at start-up, not on every proxied request. */
export interface Upstream {
  hostname: string;
  port: string;
}

/** The upstream a service URL (e.g. http://127.0.0.1:3101) names. */
export function upstreamAt(url: string): Upstream {
  const { hostname, port } = new URL(url);
  return { hostname, port };
}

// Reused connections keep the gateway's added latency to a fraction of a millisecond under load.
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/**
 * Forwards one request. With `timeoutMs`, an upstream that has not begun its answer by then is
 * given up (its request destroyed) and the client gets a 504; without, it may take as long as it
 * needs (socket.io's long polls are held open on purpose).
 */
export function proxyRequest(upstream: Upstream, req: IncomingMessage, res: ServerResponse, timeoutMs?: number): void {
  const idempotent = req.method === 'GET' || req.method === 'HEAD';

  const send = (): void => {
    const upstreamReq = http.request({
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req, false),
      agent,
    });
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            upstreamReq.destroy();
            if (!res.headersSent) sendJson(res, 504, TIMEOUT_BODY);
          }, timeoutMs);
    upstreamReq.on('response', (upstreamRes) => {
      clearTimeout(timer);
      res.writeHead(upstreamRes.statusCode ?? 502, withoutHopByHop(upstreamRes.headers));
      upstreamRes.pipe(res);
      upstreamRes.on('error', () => res.destroy());
    });
    upstreamReq.on('error', () => {
      clearTimeout(timer);
      if (timedOut) return;
      // The upstream may close an idle kept-alive socket just as we reuse it (its keepAliveTimeout
      // elapsed): a bodiless request that died on a reused socket never reached it, so send it again.
      // Sockets that went idle together expire together, so the next one may be dead too: each
      // failure drops its socket from the finite pool, and a fresh connection ends the run.
      if (idempotent && upstreamReq.reusedSocket && !res.headersSent) {
        send();
        return;
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(res, 502, UNAVAILABLE_BODY);
    });
    // A client that goes away must not leave the upstream request hanging.
    res.on('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) upstreamReq.destroy();
    });
    if (idempotent) upstreamReq.end();
    else req.pipe(upstreamReq);
  };

  send();
}

/** Tunnels a websocket (socket.io) upgrade to the upstream and splices the two sockets. */
export function proxyUpgrade(upstream: Upstream, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  socket.on('error', () => socket.destroy());
  const upstreamReq = http.request({
    hostname: upstream.hostname,
    port: upstream.port,
    method: req.method,
    path: req.url,
    headers: forwardedHeaders(req, true),
  });
  upstreamReq.on('upgrade', (upstreamRes, upstreamSocket, upstreamHead) => {
    upstreamSocket.on('error', () => socket.destroy());
    socket.on('close', () => upstreamSocket.destroy());
    upstreamSocket.on('close', () => socket.destroy());
    socket.write(rawHead('HTTP/1.1 101 Switching Protocols', upstreamRes.rawHeaders));
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
  });
  // The upstream refused to upgrade (e.g. 400 for an unknown session): pass its answer on.
  upstreamReq.on('response', (upstreamRes) => {
    socket.write(rawHead(`HTTP/1.1 ${upstreamRes.statusCode} ${upstreamRes.statusMessage}`, upstreamRes.rawHeaders));
    upstreamRes.pipe(socket);
  });
  upstreamReq.on('error', () => {
    socket.end(rawHead('HTTP/1.1 502 Bad Gateway', ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(UNAVAILABLE_BODY)), 'Connection', 'close']) + UNAVAILABLE_BODY);
  });
  upstreamReq.end();
}

/**
 * The gateway is the edge: what reaches it over the socket is the truth, and whatever forwarding
 * headers the client sent are replaced, so the hold limit counts the real address.
 */
function forwardedHeaders(req: IncomingMessage, upgrade: boolean): IncomingHttpHeaders {
  const headers = upgrade ? { ...req.headers } : withoutHopByHop(req.headers);
  for (const name of FORWARDING) delete headers[name];
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = req.socket instanceof TLSSocket ? 'https' : 'http';
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  return headers;
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const result: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name)) result[name] = value;
  }
  return result;
}

function rawHead(statusLine: string, rawHeaders: string[]): string {
  const lines = [statusLine];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) lines.push(`${rawHeaders[i]}: ${rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}
