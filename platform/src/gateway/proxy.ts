import http from 'node:http';
import type { ErrorBody } from '@studio/domain';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ClientView } from './client-view';

/** Headers that describe one hop, not the message: never forwarded as they are. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** Forwarding headers only the gateway sets (from what it knows, see client-view.ts): a client's own would let it pose as another address. */
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
 * What of a body the gateway holds before it opens the upstream request: all of a JSON write (the
 * APIs take at most 1 MiB), the first MiB of an upload, which then streams on.
 */
const HELD_BODY_BYTES = 1024 * 1024;

/**
 * Forwards one request. A body is held until it has arrived (or passed HELD_BODY_BYTES) before the
 * upstream request opens: a client that sends its body byte by byte holds no upstream connection,
 * of which there are a fixed number for everyone, only its own socket until the server's request
 * time-out cuts it off. With `timeoutMs`, an upstream that has not begun its answer by then is
 * given up (its request destroyed) and the client gets a 504; without, it may take as long as it
 * needs (socket.io's long polls are held open on purpose).
 */
export function proxyRequest(upstream: Upstream, req: IncomingMessage, res: ServerResponse, client: ClientView, timeoutMs?: number): void {
  const idempotent = req.method === 'GET' || req.method === 'HEAD';
  if (idempotent) send(undefined);
  else holdBody(req, send);

  function send(held: { head: Buffer; complete: boolean } | undefined): void {
    const upstreamReq = http.request({
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req, false, client),
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
        send(undefined);
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
    if (!held) upstreamReq.end();
    else if (held.complete) upstreamReq.end(held.head);
    else {
      upstreamReq.write(held.head);
      req.pipe(upstreamReq);
    }
  }
}

/** Calls `ready` once the body has all arrived, or HELD_BODY_BYTES of it (the rest then waits, paused, to be piped). */
function holdBody(req: IncomingMessage, ready: (held: { head: Buffer; complete: boolean }) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (complete: boolean) => {
    req.off('data', onData);
    req.off('end', onEnd);
    if (!complete) req.pause();
    ready({ head: Buffer.concat(chunks), complete });
  };
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= HELD_BODY_BYTES) finish(false);
  };
  const onEnd = () => finish(true);
  req.on('data', onData);
  req.on('end', onEnd);
}

/** Tunnels a websocket (socket.io) upgrade to the upstream and splices the two sockets. */
export function proxyUpgrade(upstream: Upstream, req: IncomingMessage, socket: Duplex, head: Buffer, client: ClientView): void {
  socket.on('error', () => socket.destroy());
  const upstreamReq = http.request({
    hostname: upstream.hostname,
    port: upstream.port,
    method: req.method,
    path: req.url,
    headers: forwardedHeaders(req, true, client),
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
 * Whatever forwarding headers the client sent are replaced with the client the gateway sees
 * (client-view.ts), so the APIs' rate limits count the real address and their cookies know https.
 */
function forwardedHeaders(req: IncomingMessage, upgrade: boolean, client: ClientView): IncomingHttpHeaders {
  const headers = upgrade ? { ...req.headers } : withoutHopByHop(req.headers);
  for (const name of FORWARDING) delete headers[name];
  headers['x-forwarded-for'] = client.address;
  headers['x-forwarded-proto'] = client.protocol;
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
