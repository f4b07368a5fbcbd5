import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Server as SocketServer } from 'socket.io';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from './index';

/** A stand-in service that answers with who it is and what it received. */
async function echoServer(name: string): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          service: name,
          method: req.method,
          url: req.url,
          body,
          forwardedFor: req.headers['x-forwarded-for'] ?? null,
          forwardedHost: req.headers['x-forwarded-host'] ?? null,
          forwardedProto: req.headers['x-forwarded-proto'] ?? null,
          forwarded: req.headers.forwarded ?? null,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('gateway', () => {
  let dist: string;
  let query: Awaited<ReturnType<typeof echoServer>>;
  let command: Awaited<ReturnType<typeof echoServer>>;
  let sockets: SocketServer;
  let gateway: Gateway;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gateway-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Студии</title>');
    writeFileSync(path.join(dist, 'assets', 'app-3f2a.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    writeFileSync(path.join(dist, 'assets', 'vendor-9c1d.js'), BUNDLE);
    query = await echoServer('query');
    command = await echoServer('command');
    sockets = new SocketServer(query.server);
    sockets.on('connection', (socket) =>
      socket.emit('hello', { transport: socket.conn.transport.name, forwardedFor: socket.handshake.headers['x-forwarded-for'] ?? null }),
    );
    gateway = await startGateway({ port: 0, host: '127.0.0.1', staticDir: dist, queryApiUrl: query.url, commandApiUrl: command.url });
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    await gateway.close();
    await sockets.close();
    command.server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends reads to query-api and everything else on /api to command-api, body and query intact', async () => {
    const read = (await (await fetch(`${base}/api/calendar/slots?startDate=2026-11-23&endDate=2026-11-24`)).json()) as { forwardedFor: string };
    expect(read).toMatchObject({ service: 'query', method: 'GET', url: '/api/calendar/slots?startDate=2026-11-23&endDate=2026-11-24' });
    expect(read.forwardedFor).toContain('127.0.0.1');

    const write = await (await fetch(`${base}/api/holds`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"studio":"pochta"}' })).json();
    expect(write).toMatchObject({ service: 'command', method: 'POST', url: '/api/holds', body: '{"studio":"pochta"}' });

    const remove = await (await fetch(`${base}/api/holds/h1?studio=pochta`, { method: 'DELETE' })).json();
    expect(remove).toMatchObject({ service: 'command', method: 'DELETE' });
    // A GET the spec gives to a call that writes (the payment result page's provider sync).
    const sync = await (await fetch(`${base}/api/payment-intents/3f2a/sync`)).json();
    expect(sync).toMatchObject({ service: 'command', method: 'GET', url: '/api/payment-intents/3f2a/sync' });
    expect(await (await fetch(`${base}/api/payment-intents/3f2a`)).json()).toMatchObject({ service: 'query' });
  });

  it('replaces the forwarding headers a client sent with what the gateway itself knows', async () => {
    const forged = await fetch(`${base}/api/holds`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Forwarded: 'for=203.0.113.9' },
      body: '{}',
    });
    expect(await forged.json()).toMatchObject({
      forwardedFor: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/),
      forwardedHost: `127.0.0.1:${gateway.port}`,
      forwardedProto: 'http',
      forwarded: null,
    });
  });

  it('sends no HSTS over plain http', async () => {
    expect((await fetch(`${base}/`)).headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${base}/api/pochta`, { headers: { 'X-Forwarded-Proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it('gives site pages a Content-Security-Policy of what the site loads, and API answers nosniff', async () => {
    for (const route of ['/', '/pochta/booking', '/no-such-page']) {
      const csp = (await fetch(`${base}${route}`)).headers.get('content-security-policy') ?? '';
      expect(csp.split('; ')).toEqual(
        expect.arrayContaining([
          "default-src 'self'",
          expect.stringMatching(/^script-src 'self' .*https:\/\/api-maps\.yandex\.ru .*https:\/\/smartcaptcha\.cloud\.yandex\.ru$/),
          expect.stringMatching(/^connect-src 'self' /),
          expect.stringMatching(/^frame-src https:\/\/api-maps\.yandex\.ru https:\/\/smartcaptcha\.cloud\.yandex\.ru$/),
          "object-src 'none'",
          "frame-ancestors 'none'",
        ]),
      );
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    }
    // A script is no page.
    expect((await fetch(`${base}/assets/app-3f2a.js`)).headers.get('content-security-policy')).toBeNull();
    for (const init of [{}, { method: 'POST', body: '{}' }]) {
      expect((await fetch(`${base}/api/pochta`, init)).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('shows the dev outbox page to a browser on this machine', async () => {
    expect((await fetch(`${base}/dev/outbox`)).status).toBe(200);
  });

  it('serves hashed assets for a year, the app shell uncached, and client routes as index.html', async () => {
    const asset = await fetch(`${base}/assets/app-3f2a.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');

    for (const route of ['/', '/pochta/booking', '/kirova/rules', '/masterskaya', '/education', '/login', '/dashboard']) {
      const page = await fetch(`${base}${route}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(await page.text()).toContain('<title>Студии</title>');
    }
    expect((await fetch(`${base}/robots.txt`)).headers.get('content-type')).toContain('text/plain');
  });

  it('answers an unknown page with 404 and the app, which shows its own 404 page', async () => {
    for (const route of ['/no-such-page', '/moscow', '/moscow/booking', '/pochta/map', '/education/1']) {
      const page = await fetch(`${base}${route}`);
      expect(page.status, route).toBe(404);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<title>Студии</title>');
    }
  });

  it('answers 404 for a missing file and never serves outside the build folder', async () => {
    expect((await fetch(`${base}/images/pochta/missing.jpg`)).status).toBe(404);
    const escape = await rawGet(gateway.port, '/%2e%2e/%2e%2e/etc/passwd');
    expect(escape.body).not.toContain('root:');
    const plainEscape = await rawGet(gateway.port, '/../../../etc/hostname.txt');
    expect(plainEscape.status).toBe(404);
  });

  it('compresses text assets with brotli or gzip as the client accepts, and leaves small files alone', async () => {
    const br = await rawGet(gateway.port, '/assets/vendor-9c1d.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.raw).toString()).toBe(BUNDLE);
    expect(br.raw.length).toBeLessThan(BUNDLE.length / 4);

    const gz = await rawGet(gateway.port, '/assets/vendor-9c1d.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.raw).toString()).toBe(BUNDLE);

    const plain = await rawGet(gateway.port, '/assets/vendor-9c1d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    expect((await rawGet(gateway.port, '/robots.txt', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const first = await fetch(`${base}/`);
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(`${base}/`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('tunnels socket.io over a websocket to query-api', async () => {
    const client = connectSocket(base, { transports: ['websocket'], reconnection: false, extraHeaders: { 'X-Forwarded-For': '203.0.113.9' } });
    try {
      const hello = await new Promise<{ transport: string; forwardedFor: string }>((resolve, reject) => {
        client.on('hello', resolve);
        client.on('connect_error', reject);
      });
      expect(hello.transport).toBe('websocket');
      expect(hello.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    } finally {
      client.close();
    }
  });

  describe('behind a TLS proxy (TRUST_PROXY)', () => {
    let proxied: Gateway;
    let proxiedBase: string;
    beforeAll(async () => {
      proxied = await startGateway({ port: 0, host: '127.0.0.1', staticDir: dist, queryApiUrl: query.url, commandApiUrl: command.url, trustProxy: 'loopback' });
      proxiedBase = `http://127.0.0.1:${proxied.port}`;
    });
    afterAll(() => proxied.close());

    it('takes the visitor\'s address and protocol from the proxy, and sends HSTS over https', async () => {
      const write = await fetch(`${proxiedBase}/api/holds`, { method: 'POST', headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' }, body: '{}' });
      expect(await write.json()).toMatchObject({ forwardedFor: '203.0.113.9', forwardedProto: 'https' });
      expect(write.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const page = await fetch(`${proxiedBase}/pochta`, { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' } });
      expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000');
      // A chain: what the visitor itself wrote first is not believed, the last untrusted hop is the visitor.
      const chained = await fetch(`${proxiedBase}/api/pochta`, { headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9, 127.0.0.1', 'X-Forwarded-Proto': 'http' } });
      expect(await chained.json()).toMatchObject({ forwardedFor: '203.0.113.9', forwardedProto: 'http' });
      expect(chained.headers.get('strict-transport-security')).toBeNull();
    });

    it('tunnels socket.io with the visitor\'s address', async () => {
      const client = connectSocket(proxiedBase, { transports: ['websocket'], reconnection: false, extraHeaders: { 'X-Forwarded-For': '203.0.113.9' } });
      try {
        const hello = await new Promise<{ forwardedFor: string }>((resolve, reject) => {
          client.on('hello', resolve);
          client.on('connect_error', reject);
        });
        expect(hello.forwardedFor).toBe('203.0.113.9');
      } finally {
        client.close();
      }
    });

    it('shows the dev outbox page only to a visitor on the proxy\'s own machine', async () => {
      expect((await fetch(`${proxiedBase}/dev/outbox`, { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(200);
      const elsewhere = await fetch(`${proxiedBase}/dev/outbox`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
      expect(elsewhere.status).toBe(404);
      expect(await elsewhere.text()).toContain('<title>Студии</title>');
    });

    it('believes only the proxies it names', async () => {
      const other = await startGateway({ port: 0, host: '127.0.0.1', staticDir: dist, queryApiUrl: query.url, commandApiUrl: command.url, trustProxy: '10.0.0.0/8' });
      try {
        const res = await fetch(`http://127.0.0.1:${other.port}/api/pochta`, { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' } });
        expect(await res.json()).toMatchObject({ forwardedFor: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/), forwardedProto: 'http' });
        expect(res.headers.get('strict-transport-security')).toBeNull();
      } finally {
        await other.close();
      }
    });
  });

  it('answers 502 with a Russian JSON error when the upstream is down', async () => {
    const down = await startGateway({ port: 0, host: '127.0.0.1', staticDir: dist, queryApiUrl: 'http://127.0.0.1:1', commandApiUrl: 'http://127.0.0.1:1' });
    try {
      const response = await fetch(`http://127.0.0.1:${down.port}/api/pochta`);
      expect(response.status).toBe(502);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.json()).toEqual({ success: false, error: 'Сервис временно недоступен', code: 'upstream_unavailable' });
    } finally {
      await down.close();
    }
  });

  it('answers 504 and gives up the upstream request when the upstream does not answer in time', async () => {
    let abandoned!: () => void;
    const upstreamGaveUp = new Promise<void>((resolve) => (abandoned = resolve));
    // Takes the request and never answers.
    const silent = http.createServer((req) => req.on('close', () => abandoned()));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const slow = await startGateway({ port: 0, host: '127.0.0.1', staticDir: dist, queryApiUrl: url, commandApiUrl: url, upstreamTimeoutMs: 200 });
    try {
      const response = await fetch(`http://127.0.0.1:${slow.port}/api/holds`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({ success: false, error: 'Сервис не ответил вовремя', code: 'upstream_timeout' });
      await upstreamGaveUp;
    } finally {
      await slow.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});

const BUNDLE = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');

/** fetch() normalises ../ away and decompresses; a raw request shows exactly what was sent. */
function rawGet(port: number, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; raw: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body: raw.toString(), raw, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** An upstream whose keepAliveTimeout elapses as the gateway reuses a socket: the second request on any connection finds it closed. */
async function startClosingUpstream(): Promise<{ url: string; close(): void }> {
  const served = new WeakMap<object, number>();
  const upstream = http.createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (count > 1) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'keep-alive' });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    close() {
      upstream.closeAllConnections();
      upstream.close();
    },
  };
}

describe('gateway over a kept-alive upstream', () => {
  let upstream: Awaited<ReturnType<typeof startClosingUpstream>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let dist: string;

  beforeEach(async () => {
    upstream = await startClosingUpstream();
    dist = mkdtempSync(path.join(tmpdir(), 'gateway-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    gateway = await startGateway({ port: 0, host: '127.0.0.1', staticDir: dist, queryApiUrl: upstream.url, commandApiUrl: upstream.url });
  });

  afterEach(async () => {
    await gateway.close();
    upstream.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const read = async (): Promise<number> => {
    const res = await fetch(`http://127.0.0.1:${gateway.port}/api/pochta`);
    await res.arrayBuffer();
    return res.status;
  };

  it('sends a read again when the upstream closed the reused idle socket under it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await read());
    expect(statuses).toEqual([200, 200, 200]);
  });

  it('sends a read again past every idle socket that expired together', async () => {
    // A page's parallel reads leave several sockets idle since the same moment.
    expect(await Promise.all(Array.from({ length: 6 }, read))).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await read()).toBe(200);
  });
});
