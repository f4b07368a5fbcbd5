import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool } from '../db';
import { sandboxSmsSender, type SmsMessage } from '../sms/sms-sender';
import { createTestDatabase, testClock, type TestDatabase } from '../testing';
import { DeliveryInProgress, DeliveryOutcomeUnknown, sendingOnce, type MessageSender } from './deliveries';
import { readSandboxOutbox } from './sandbox-outbox';

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase('deliveries');
  pool = createPool(db.url, 4);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const message = (dedupeKey: string): SmsMessage => ({ to: '+79991234567', text: `текст ${dedupeKey}`, dedupeKey });
/** The sandbox, failing the first `failures` sends with `error`. */
const flaky = (failures: number, error: () => Error): MessageSender<SmsMessage> & { calls: number } => {
  const sandbox = sandboxSmsSender(pool);
  const adapter = {
    calls: 0,
    async send(sms: SmsMessage) {
      adapter.calls += 1;
      if (adapter.calls <= failures) throw error();
      await sandbox.send(sms);
    },
    delivered: sandbox.delivered,
  };
  return adapter;
};

describe('a message sent through the delivery ledger', () => {
  it('goes out once per dedupe key, however often it is sent', async () => {
    const adapter = flaky(0, () => new Error('never'));
    const sms = await sendingOnce(pool, 'sms', adapter);
    expect(await sms.wasSent('k1')).toBe(false);
    // A sender that finds the key being sent sends nothing and says so (its caller retries later).
    const answers = await Promise.allSettled([sms.send(message('k1')), sms.send(message('k1')), sms.send(message('k1'))]);
    expect(answers.filter((answer) => answer.status === 'fulfilled' && answer.value === 'sent')).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 'rejected') expect(answer.reason).toBeInstanceOf(DeliveryInProgress);
      else expect(['sent', 'already_sent']).toContain(answer.value);
    }
    expect(await sms.send(message('k1'))).toBe('already_sent');
    expect(adapter.calls).toBe(1);
    expect(await sms.wasSent('k1')).toBe(true);
    expect((await readSandboxOutbox(pool)).filter((row) => row.body === 'текст k1')).toHaveLength(1);
  });

  it('refused by the provider: the key is given back and a retry sends it', async () => {
    const adapter = flaky(1, () => new Error('SMS.ru refused the SMS: 220'));
    const sms = await sendingOnce(pool, 'sms', adapter);
    await expect(sms.send(message('k2'))).rejects.toThrow('220');
    expect(await sms.wasSent('k2')).toBe(false);
    expect(await sms.send(message('k2'))).toBe('sent');
    expect(adapter.calls).toBe(2);
  });

  it('with no answer from the provider: kept as sent, never sent again, with a warning naming the key only', async () => {
    const adapter = flaky(1, () => new DeliveryOutcomeUnknown('SMS.ru did not answer: TimeoutError'));
    const warn = vi.fn();
    const sms = await sendingOnce(pool, 'sms', adapter, { warn });
    expect(await sms.send(message('k3'))).toBe('outcome_unknown');
    expect(await sms.send(message('k3'))).toBe('already_sent');
    expect(adapter.calls).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('k3'));
    expect(warn.mock.calls[0]![0]).not.toContain('текст');
    const { rows } = await pool.query(`SELECT state FROM message_deliveries WHERE dedupe_key = 'k3'`);
    expect(rows).toEqual([{ state: 'outcome_unknown' }]);
  });
});

describe('a sender that crashes between the claim and the provider\'s answer', () => {
  const LEASE_MS = 60_000;
  /** "Now" of the senders below, moved past the lease by the tests. */
  let offsetMs = 0;
  const clock = { now: () => new Date(testClock.now().getTime() + offsetMs) };
  /** A sender that claims the key, then never hears back (the process died there). */
  const crashing = (delivers: boolean): MessageSender<SmsMessage> & { calls: number } => {
    const sandbox = sandboxSmsSender(pool);
    const adapter = {
      calls: 0,
      async send(sms: SmsMessage) {
        adapter.calls += 1;
        if (delivers) await sandbox.send(sms);
        await new Promise<never>(() => undefined);
      },
    };
    return adapter;
  };
  const outboxRows = async (key: string) => (await readSandboxOutbox(pool)).filter((row) => row.body === `текст ${key}`);

  it('before the provider took the message: after the lease a fresh sender sends it, exactly once', async () => {
    const warn = vi.fn();
    const dead = crashing(false);
    void (await sendingOnce(pool, 'sms', dead, { clock, leaseMs: LEASE_MS, warn })).send(message('c1'));
    await expect.poll(() => dead.calls).toBe(1);

    // After the restart: a fresh sender over the same ledger.
    const restarted = flaky(0, () => new Error('never'));
    const sms = await sendingOnce(pool, 'sms', restarted, { clock, leaseMs: LEASE_MS, warn });
    await expect(sms.send(message('c1'))).rejects.toBeInstanceOf(DeliveryInProgress);
    await expect(sms.wasSent('c1')).rejects.toBeInstanceOf(DeliveryInProgress);
    expect(restarted.calls).toBe(0);

    offsetMs += LEASE_MS + 1_000;
    expect(await sms.wasSent('c1')).toBe(false);
    expect(await Promise.allSettled([sms.send(message('c1')), sms.send(message('c1'))])).toContainEqual({ status: 'fulfilled', value: 'sent' });
    expect(await sms.send(message('c1'))).toBe('already_sent');
    expect(await sms.wasSent('c1')).toBe(true);
    expect(restarted.calls).toBe(1);
    expect(await outboxRows('c1')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('sending it again'));
  });

  it('after the provider took the message: its status check keeps it from going twice', async () => {
    const dead = crashing(true);
    void (await sendingOnce(pool, 'sms', dead, { clock, leaseMs: LEASE_MS, warn: () => undefined })).send(message('c2'));
    await expect.poll(() => outboxRows('c2').then((rows) => rows.length)).toBe(1);

    const restarted = { send: vi.fn(() => Promise.resolve()), delivered: sandboxSmsSender(pool).delivered };
    const sms = await sendingOnce(pool, 'sms', restarted, { clock, leaseMs: LEASE_MS, warn: () => undefined });
    offsetMs += LEASE_MS + 1_000;
    expect(await sms.send(message('c2'))).toBe('already_sent');
    expect(restarted.send).not.toHaveBeenCalled();
    expect(await sms.wasSent('c2')).toBe(true);
    const { rows } = await pool.query(`SELECT state FROM message_deliveries WHERE dedupe_key = 'c2'`);
    expect(rows).toEqual([{ state: 'sent' }]);
  });
});
