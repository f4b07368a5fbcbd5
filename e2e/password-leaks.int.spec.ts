// No plaintext password anywhere it could be read back: after a registration, a password change
// and a guest's paid booking that opens an account (its password generated and sent by SMS), each
// password is searched for in every event, every table row (the read models, sessions, the
// processes' bookkeeping, the delivery ledger, the outbox), every Redis key and value of the stack,
// and everything the in-process services printed. The one place the generated password may be is
// the SMS that carries it to its owner.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_CAPTCHA_TOKEN } from '@studio/domain';
import { eventually } from '@studio/platform/testing';
import { futureDate, guestIntentBody, openStack, passwordInSms, postJson, sentMessages, type Stack } from './kit';

const REGISTERED = 'Пароль-регистрации-31';
const CHANGED = 'Сменённый-пароль-47';

let stack: Stack;
const printed: string[] = [];
beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : JSON.stringify(a))).join(' ')));
  }
  stack = await openStack({ name: 'password_leaks', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
});
afterAll(async () => {
  await stack?.stop();
  vi.restoreAllMocks();
});

/** Every row of every table in the database, as text, with the table it came from. */
async function everyRow(): Promise<{ table: string; row: string }[]> {
  const { rows: tables } = await stack.pool.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const rows: { table: string; row: string }[] = [];
  for (const { name } of tables) rows.push(...(await stack.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`)).rows.map(({ row }) => ({ table: name, row })));
  return rows;
}

/** Every key of the stack's Redis prefix with its value, whatever its type, as text. */
async function everyRedisEntry(): Promise<string[]> {
  const entries: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await stack.redis.scan(cursor, 'MATCH', `${stack.prefix}*`, 'COUNT', 500);
    for (const key of keys) {
      const type = await stack.redis.type(key);
      const value =
        type === 'string' ? await stack.redis.get(key)
        : type === 'hash' ? await stack.redis.hgetall(key)
        : type === 'list' ? await stack.redis.lrange(key, 0, -1)
        : type === 'set' ? await stack.redis.smembers(key)
        : type === 'zset' ? await stack.redis.zrange(key, 0, -1)
        : type === 'stream' ? await stack.redis.xrange(key, '-', '+')
        : type;
      entries.push(`${key} ${JSON.stringify(value)}`);
    }
    cursor = next;
  } while (cursor !== '0');
  return entries;
}

describe('the passwords of a registration, a change and an account opened at booking', () => {
  it('appear in no event, table row, Redis entry or log line, but for the SMS that carries the generated one', async () => {
    const registered = await postJson(stack.commandUrl, '/api/auth/register', { name: 'Борис', surname: 'Смирнов', email: 'boris@example.ru', password: REGISTERED, phone: '+7 (912) 000-00-01', captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!;
    const changed = await postJson(stack.commandUrl, `/api/users/${registered.body.user.id}/password`, { currentPassword: REGISTERED, newPassword: CHANGED }, 'PUT', { cookie });
    expect(changed.status).toBe(200);

    const date = futureDate();
    const stale = await postJson(stack.commandUrl, '/api/bookings/intent', guestIntentBody(date, ['12:00-13:00'], 1));
    const placed = await postJson(stack.commandUrl, '/api/bookings/intent', guestIntentBody(date, ['12:00-13:00'], stale.body.details.currentPrice));
    expect(placed.status).toBe(201);
    stack.payments!.settle(placed.body.confirmationUrl.split('/').at(-1), 'paid');
    const [sms] = await eventually(async () => {
      // The guest's phone: Boris's got the code that proves his.
      const sent = await sentMessages(stack.pool, { channel: 'sms', to: '+79991234567' });
      return sent.length > 0 && sent;
    });
    const generated = passwordInSms(sms!.body);
    // The e-mail is the last thing the workers do for the booking; then every read model catches up.
    await eventually(async () => (await sentMessages(stack.pool, { channel: 'email' })).length === 1);
    await stack.caughtUp();

    const rows = await everyRow();
    // The search reaches the events, the read models, the sessions and the outbox: a miss is no accident of where it looked.
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['events', expect.stringMatching(/^customers_v\d+$/), 'sessions', 'sandbox_outbox', 'message_deliveries', 'process_handled']));
    expect(rows.filter((r) => r.row.includes('$argon2id$')).length).toBeGreaterThanOrEqual(3);
    const carriers = rows.filter((r) => r.row.includes(generated));
    expect(carriers).toHaveLength(1);
    expect(carriers[0]!.table).toBe('sandbox_outbox');
    expect(carriers[0]!.row).toContain(`,sms,+79991234567,,"${sms!.body}"`);

    const redis = await everyRedisEntry();
    expect(redis.length).toBeGreaterThan(0);
    const logs = [...printed, ...stack.logs.map((l) => `${l.message} ${String(l.error)}`)].join('\n');
    for (const password of [REGISTERED, CHANGED, generated]) {
      expect(rows.filter((r) => r.row.includes(password) && r !== carriers[0])).toEqual([]);
      expect(redis.filter((entry) => entry.includes(password))).toEqual([]);
      expect(logs).not.toContain(password);
    }
  });
});
