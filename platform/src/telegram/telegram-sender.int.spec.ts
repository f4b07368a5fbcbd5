// The Telegram port against a local fake of the Bot API speaking its protocol (POST JSON to
// /bot<token>/sendMessage, answering {ok, result} or {ok: false, error_code, description}), and the
// sandbox that stands in without a token. No real Telegram is ever called.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../db';
import { DeliveryOutcomeUnknown, ensureMessagingTables } from '../messaging/deliveries';
import { readSandboxOutbox } from '../messaging/sandbox-outbox';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createTelegramBotSender, TelegramRefusal, telegramFromConfig } from './telegram-sender';

const TOKEN = '123456:test-token';
/** What the fake server received, and how it answers the next request. */
const received: { path: string; contentType: string | undefined; body: unknown }[] = [];
let answer: { status: number; body: unknown } | 'hang' = { status: 200, body: { ok: true, result: { message_id: 1 } } };
let server: Server;
let apiUrl: string;
let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(text) });
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  db = await createTestDatabase('telegram');
  pool = createPool(db.url, 4);
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await pool?.end();
  await db?.drop();
});

const alert = (dedupeKey: string) => ({ to: '-1001234567890', text: 'Новое бронирование\nСтудия «Почта»', dedupeKey });

describe('the Telegram Bot API adapter', () => {
  it('posts the chat id and the text as JSON to /bot<token>/sendMessage, and takes {ok: true} as sent, once per key', async () => {
    received.length = 0;
    answer = { status: 200, body: { ok: true, result: { message_id: 7 } } };
    const telegram = await telegramFromConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: apiUrl }, pool);
    expect(await telegram.send(alert('t1'))).toBe('sent');
    expect(await telegram.send(alert('t1'))).toBe('already_sent');
    expect(received).toEqual([{ path: `/bot${TOKEN}/sendMessage`, contentType: 'application/json', body: { chat_id: '-1001234567890', text: alert('t1').text } }]);
  });

  it('refuses on {ok: false}, naming the code and description, so a retry may send it', async () => {
    answer = { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } };
    const sender = createTelegramBotSender({ token: TOKEN, apiUrl });
    const refusal = await sender.send(alert('t2')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TelegramRefusal);
    expect((refusal as Error).message).toBe('Telegram refused the message: 400 Bad Request: chat not found');
    expect((refusal as Error).message).not.toContain(TOKEN);
  });

  it('leaves the outcome unknown when no answer comes in time', async () => {
    answer = 'hang';
    await expect(createTelegramBotSender({ token: TOKEN, apiUrl, timeoutMs: 200 }).send(alert('t3'))).rejects.toBeInstanceOf(DeliveryOutcomeUnknown);
  });
});

describe('the Telegram sandbox', () => {
  it('writes each alert to sandbox_outbox with channel telegram, once per key', async () => {
    const telegram = await telegramFromConfig({ TELEGRAM_BOT_TOKEN: undefined, TELEGRAM_API_URL: apiUrl }, pool);
    received.length = 0;
    await telegram.send(alert('s1'));
    await telegram.send(alert('s1'));
    expect(received).toEqual([]);
    expect((await readSandboxOutbox(pool, { channel: 'telegram' })).map(({ recipient, body, subject }) => ({ recipient, body, subject }))).toEqual([
      { recipient: '-1001234567890', body: alert('s1').text, subject: null },
    ]);
    expect((await pool.query(`SELECT channel, state FROM message_deliveries WHERE dedupe_key = 's1'`)).rows).toEqual([{ channel: 'telegram', state: 'sent' }]);
  });
});

describe('a sandbox outbox made before the Telegram channel', () => {
  it('is brought up to date at start: telegram rows and attachments are taken, other channels still refused', async () => {
    // The table as the earlier DDL made it: only sms and email, no attachments.
    await pool.query(`DELETE FROM sandbox_outbox WHERE channel = 'telegram'`);
    await pool.query(`ALTER TABLE sandbox_outbox DROP CONSTRAINT sandbox_outbox_channel_check, ADD CONSTRAINT sandbox_outbox_channel_check CHECK (channel IN ('sms', 'email')), DROP COLUMN attachments`);
    await expect(pool.query(`INSERT INTO sandbox_outbox (channel, recipient, body, dedupe_key) VALUES ('telegram', '1', 'x', 'old-1')`)).rejects.toThrow(/sandbox_outbox_channel_check/);
    await Promise.all([ensureMessagingTables(pool), ensureMessagingTables(pool)]);
    await pool.query(`INSERT INTO sandbox_outbox (channel, recipient, body, dedupe_key, attachments) VALUES ('telegram', '1', 'x', 'old-2', '[]')`);
    await expect(pool.query(`INSERT INTO sandbox_outbox (channel, recipient, body, dedupe_key) VALUES ('fax', '1', 'x', 'old-3')`)).rejects.toThrow(/sandbox_outbox_channel_check/);
  });
});
