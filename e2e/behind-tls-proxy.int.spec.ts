// Behind a TLS proxy (issue 19 item 5): the gateway used to overwrite X-Forwarded-Proto and
// X-Forwarded-For with its own plain-HTTP view, so behind a proxy cookies were never Secure and
// every visitor shared the proxy's address, and its hold limit. With TRUST_PROXY naming the proxy,
// the gateway passes on the visitor the proxy saw.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '@studio/platform';
import { futureDate, openStack, postJson, type Stack } from './kit';

const LIMIT = 2;
let stack: Stack;
let gateway: Gateway;
let site: string;
let dist: string;

beforeAll(async () => {
  stack = await openStack({ name: 'tls_proxy', commandApi: { holdRateLimit: { max: LIMIT, windowMs: 60_000 } } });
  dist = await mkdtemp(path.join(tmpdir(), 'tls-proxy-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html>');
  // The TLS proxy runs on this machine.
  gateway = await startGateway({ port: 0, host: '127.0.0.1', staticDir: dist, queryApiUrl: stack.commandUrl, commandApiUrl: stack.commandUrl, trustProxy: 'loopback' });
  site = `http://127.0.0.1:${gateway.port}`;
});
afterAll(async () => {
  await gateway.close();
  await stack.stop();
  await rm(dist, { recursive: true, force: true });
});

const overHttps = (visitor: string) => ({ 'x-forwarded-for': visitor, 'x-forwarded-proto': 'https' });
const hold = (date: string, cell: string, headers: Record<string, string>) => postJson(site, '/api/holds', { studio: 'pochta', date, cells: [cell] }, 'POST', headers);

describe('a visitor the TLS proxy forwards', () => {
  it('gets Secure cookies over https, the visitor cookie and a staff session alike, and not over http', async () => {
    const secure = await hold(futureDate(), '12:00', overHttps('203.0.113.20'));
    expect(secure.status).toBe(201);
    expect(secure.headers.getSetCookie().find((c) => c.startsWith('visitor='))).toMatch(/; Secure/);
    const plain = await hold(futureDate(), '12:00', { 'x-forwarded-for': '203.0.113.21', 'x-forwarded-proto': 'http' });
    expect(plain.headers.getSetCookie().find((c) => c.startsWith('visitor='))).not.toMatch(/Secure/);

    const member = await stack.staffLogin('admin');
    const login = await postJson(site, '/api/admin/login', { login: member.login, password: member.password }, 'POST', overHttps('203.0.113.22'));
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().find((c) => c.startsWith('staff_session='))).toMatch(/; Secure/);
  });

  it('counts against its own hold limit, not the proxy\'s', async () => {
    const date = futureDate();
    expect((await hold(date, '10:00', overHttps('203.0.113.1'))).status).toBe(201);
    expect((await hold(date, '10:30', overHttps('203.0.113.1'))).status).toBe(201);
    expect((await hold(date, '11:00', overHttps('203.0.113.1'))).status).toBe(429);
    // Another visitor behind the same proxy is not refused for the first one's attempts.
    expect((await hold(date, '11:00', overHttps('203.0.113.2'))).status).toBe(201);
  });
});
